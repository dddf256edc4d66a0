package org.iosim.robustness.tests;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.robustness.tests.ImporterCorpus.ModelFolder;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Valid model sets (the project's examples and test models, and Palladio's own examples where
 * present), changed by one to four {@link XmiMutation}s, give diagnostics and never anything else:
 * see {@link ImporterHarness} for what every import must satisfy, and {@link ImporterSandbox} for
 * what it must never fetch or expand.
 */
class ImporterMutationTest {

	/** One mutation of one file of the set (by index, modulo the set's files). */
	record Step(int file, XmiMutation mutation) {
	}

	/**
	 * @param folder     which model folder, modulo the corpus
	 * @param namedFiles whether the files are named one by one instead of their folder
	 */
	record Case(int folder, List<Step> steps, boolean namedFiles) {
	}

	private static ImporterSandbox sandbox;

	@BeforeContainer
	static void openSandbox() {
		sandbox = new ImporterSandbox();
	}

	@AfterContainer
	static void closeSandbox() {
		sandbox.close();
	}

	@Property(seed = "7209481135027144001")
	void mutatedPalladioModelSetsGiveOnlyDiagnostics(@ForAll("palladioCases") Case mutated) {
		run(ImporterCorpus.palladio(), mutated);
	}

	@Property(seed = "-3318766103451120977")
	void mutatedIosimFilesGiveOnlyDiagnostics(@ForAll("iosimCases") Case mutated) {
		run(ImporterCorpus.iosim(), mutated);
	}

	@Provide
	Arbitrary<Case> palladioCases() {
		return cases(false);
	}

	@Provide
	Arbitrary<Case> iosimCases() {
		return cases(true);
	}

	private static Arbitrary<Case> cases(boolean iosim) {
		Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 100), XmiMutation.any(iosim))
				.as(Step::new);
		return Combinators.combine(Arbitraries.integers().between(0, 1000), step.list().ofMinSize(1).ofMaxSize(4),
				Arbitraries.of(true, false)).as(Case::new);
	}

	private static void run(List<ModelFolder> corpus, Case mutated) {
		ModelFolder source = corpus.get(mutated.folder() % corpus.size());
		Path folder = sandbox.newFolder();
		try {
			Map<String, byte[]> files = new LinkedHashMap<>(source.files());
			List<String> names = source.names();
			for (Step step : mutated.steps()) {
				String name = names.get(step.file() % names.size());
				XmiMutation.Context context = new XmiMutation.Context(name, names, sandbox.serverPort(),
						sandbox.secretFile());
				files.put(name, step.mutation().apply(files.get(name), context));
			}
			new ModelFolder(source.origin(), files).writeTo(folder);
			List<Path> paths = mutated.namedFiles() ? names.stream().map(folder::resolve).toList() : List.of(folder);

			ImportResult result = ImporterHarness.importPaths(paths);

			sandbox.checkNothingFetched(result);
			Statistics.label("outcome").collect(result.hasErrors() ? "errors" : "no errors");
			Statistics.label("mutation").collect(mutated.steps().get(0).mutation().getClass().getSimpleName());
		} finally {
			ImporterSandbox.delete(folder);
		}
	}
}
