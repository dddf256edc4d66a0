/**
 * The I/O analysis model API of IOSim and the workload-state logic of the virtualized-storage
 * scheduler (Noorshams 2015, chapter 8).
 *
 * <h2>From requests to delays</h2>
 * A simulation consolidates the {@link org.iosim.analysis.ArrivingRequest}s of all components and VMs
 * on one storage resource (step I) in one {@link org.iosim.analysis.StatusList} of the last n
 * requests (step II; n by {@link org.iosim.analysis.StatusList#memoryLength(double, double)},
 * Eq. 8.1, or calibrated). On each arrival the list yields the
 * {@link org.iosim.analysis.WorkloadState} (step III), from which an
 * {@link org.iosim.analysis.IoAnalysisModel} predicts the request's delay (step IV), which the
 * simulation then applies (step V).
 *
 * <h2>Decisions where the thesis is silent</h2>
 * <ul>
 * <li>Concurrency counts the requests in service including the arriving one, unless
 * {@link org.iosim.pcm.io.ConcurrencyCounting#EXCLUDING_ARRIVING} is chosen.</li>
 * <li>The arriving request is in the list before the state is computed, so every mean and ratio
 * includes it and the ratio is always defined.</li>
 * <li>During warm-up (fewer than n arrivals) the state is computed from the requests there are.</li>
 * <li>The file set size is the request's own unless
 * {@link org.iosim.pcm.io.FileSetSizePolicy#UNION_OF_LIST} is chosen.</li>
 * <li>Besides the thesis' eight inputs, models may use the request's own size and the raw mean
 * read and write sequentialities ({@link org.iosim.analysis.WorkloadInput}); each model declares
 * its inputs.</li>
 * </ul>
 *
 * <h2>Models and their selection</h2>
 * An {@link org.iosim.analysis.IoAnalysisModelKind} creates models from
 * {@link org.iosim.analysis.ModelDefinition}s; the {@link org.iosim.analysis.AnalysisModelRegistry}
 * knows the kinds, loads stored definitions and selects one by its
 * {@link org.iosim.pcm.io.FeatureConfiguration} (the static I/O information, Fig. 8.5).
 * Built-in kinds: {@code expression} (formulas over the inputs) and {@code table} (interpolation
 * in measured points).
 */
package org.iosim.analysis;
