package org.iosim.run;

import java.util.ArrayList;
import java.util.List;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;

/**
 * Judges every model set of the configured paths as a run would judge the one it simulates: the
 * files read, the validator's rules, and (for a model set without errors) the refinement and
 * compilation a run goes through, so that a model set judged valid is one a run simulates. This is
 * {@code iosim validate}; the configuration's I/O configuration and stored models are read once for
 * all model sets.
 */
public final class ModelSetVerdicts {

	/**
	 * What the files and the model sets in them were found to be.
	 *
	 * @param reading   what reading the files found, errors and warnings, each naming its file
	 * @param modelSets a verdict per model set found, in the importer's order
	 */
	public record Judgement(List<Diagnostic> reading, List<Verdict> modelSets) {

		/** @return whether every model set is valid, there is at least one, and no file failed to read */
		public boolean valid() {
			return !modelSets.isEmpty() && reading.stream().noneMatch(Diagnostic::isError)
					&& modelSets.stream().allMatch(Verdict::valid);
		}
	}

	/**
	 * One model set's verdict.
	 *
	 * @param readingErrors how many of the reading's errors are in this model set's own files
	 * @param problems      the validator's findings
	 * @param refined       the model a run would simulate (I/O configuration applied, analysis models
	 *                      bound), or null when it was not refined: the model set has errors, or
	 *                      refining it failed
	 * @param warnings      what compiling it for the simulation found, e.g. a scheduling policy simulated
	 *                      as another
	 * @param failure       why refining or compiling failed, or null
	 */
	public record Verdict(ModelSet modelSet, long readingErrors, List<Diagnostic> problems, ArchitectureModel refined,
			List<Diagnostic> warnings, String failure) {

		public long errors() {
			return readingErrors + problems.stream().filter(Diagnostic::isError).count() + (failure == null ? 0 : 1);
		}

		public long warningCount() {
			return problems.stream().filter(problem -> !problem.isError()).count() + warnings.size();
		}

		public boolean valid() {
			return errors() == 0;
		}
	}

	private ModelSetVerdicts() {
	}

	/** Reads every model set of the configuration's paths and judges each. */
	public static Judgement judge(RunConfiguration configuration) {
		ImportResult imported = new PalladioImporter().importPaths(configuration.model());
		ModelValidator validator = new ModelValidator();
		RunPipeline pipeline = new RunPipeline(configuration);
		List<Verdict> verdicts = new ArrayList<>();
		for (ModelSet modelSet : imported.modelSets()) {
			List<Diagnostic> problems = validator.validate(modelSet.model());
			// a model set whose files could not be read in full is refused, whatever its validation says
			long readingErrors = imported.errorsIn(modelSet).size();
			boolean errors = readingErrors > 0 || problems.stream().anyMatch(Diagnostic::isError);
			verdicts.add(errors ? new Verdict(modelSet, readingErrors, problems, null, List.of(), null)
					: simulatable(pipeline, modelSet, problems));
		}
		return new Judgement(imported.diagnostics(), verdicts);
	}

	/** Refines and compiles the model set as a run would. */
	private static Verdict simulatable(RunPipeline pipeline, ModelSet modelSet, List<Diagnostic> problems) {
		ArchitectureModel refined = null;
		try {
			refined = pipeline.refine(modelSet);
			List<Diagnostic> warnings = pipeline.prepare(modelSet.name(), refined).warnings();
			return new Verdict(modelSet, 0, problems, refined, warnings, null);
		} catch (RunFailure failure) {
			return new Verdict(modelSet, 0, problems, refined, List.of(), failure.getMessage());
		}
	}
}
