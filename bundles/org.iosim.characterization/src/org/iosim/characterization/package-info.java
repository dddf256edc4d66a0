/**
 * Workload characterization of measured I/O traces (Noorshams 2015, Sect. 5.3): the workload of an
 * application, as a trace of its requests shows it, in the terms of the analysis models'
 * {@link org.iosim.analysis.WorkloadInput}s, to compare with the workload state of a simulation.
 *
 * <h2>From traces to characteristics</h2>
 * {@link org.iosim.characterization.Traces#characterize} reads trace files of a
 * {@link org.iosim.characterization.TraceFormat} (fio's per-I/O latency logs, blkparse's text
 * output) as {@link org.iosim.characterization.IoRecord}s, merges several files in time order, and
 * feeds them to a {@link org.iosim.characterization.Characterizer}, which yields the
 * {@link org.iosim.characterization.WorkloadCharacteristics}: closed and open workload intensity,
 * mean read and write sizes, request mix, access patterns and locality. Other sources of requests
 * feed a {@code Characterizer} directly.
 *
 * <h2>Bounded memory</h2>
 * Traces are streamed. Whatever their length, a characterization holds one window of the access
 * pattern recognition for reads and one for writes ({@link
 * org.iosim.characterization.CharacterizationOptions#windowLength()} requests each), one line
 * (at most 1 MiB) and one request per trace file, the extent of each file and the name of each
 * client, and for blkparse output at most 65,536 requests awaiting their completion. Time is
 * O(n log w) for n requests and window length w.
 *
 * <h2>Decisions where the thesis is silent or lossy</h2>
 * <ul>
 * <li>Closed intensity counts requests in flight, by default their exact time average, else
 * sampled in the middle of each 1/φ interval; see
 * {@link org.iosim.characterization.WorkloadCharacteristics#concurrency()} and
 * {@link org.iosim.characterization.CharacterizationOptions#DEFAULT_SAMPLING_FREQUENCY}.</li>
 * <li>The access pattern recognition divides by the number of requests, counts runs in pairs as
 * the thesis does, uses windows of a fixed length, matches requests only within one file, and
 * treats reads and writes apart; see {@link org.iosim.characterization.AccessPatternRecognition}.</li>
 * <li>File sizes are the extents the requests touch, the file set is constant; see
 * {@link org.iosim.characterization.WorkloadCharacteristics#fileSetSize()}.</li>
 * <li>Without reads, the mean read size, read sequentiality and read pattern are 0 (random), as in
 * the simulation's workload state; likewise for writes.</li>
 * </ul>
 */
package org.iosim.characterization;
