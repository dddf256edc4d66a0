package org.iosim.run;

import java.nio.file.Path;

import org.iosim.engine.SimulationResult;
import org.iosim.pcm.ArchitectureModel;

/**
 * What a pipeline produced.
 *
 * @param modelSet     the name of the model set that ran
 * @param model        the model as simulated (refined and transformed)
 * @param result       the simulation's results
 * @param outputFolder where the results were written
 */
public record RunOutcome(String modelSet, ArchitectureModel model, SimulationResult result, Path outputFolder) {
}
