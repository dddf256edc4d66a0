package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.pcm.io.FeatureConfiguration;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalysisModelRegistryTest {

	private static final Path STORED = Path.of("resources", "models");
	private static final String Z = "IBM System z + DS8700";

	@TempDir
	Path folder;

	private static FeatureConfiguration scheduler(String ioScheduler) {
		return Features.of(null, null, ioScheduler, null, null, null);
	}

	/** A kind whose behaviour a test chooses. */
	private record TestKind(String id, IoAnalysisModel model) implements IoAnalysisModelKind {

		@Override
		public String description() {
			return "test";
		}

		@Override
		public IoAnalysisModel create(ModelDefinition definition, ModelContext context) {
			if (model == null) {
				throw new IllegalStateException("kind broken");
			}
			return model;
		}
	}

	private static IoAnalysisModel constant(double delay) {
		return new IoAnalysisModel() {

			@Override
			public Set<WorkloadInput> inputs() {
				return Set.of();
			}

			@Override
			public double delay(WorkloadState state) {
				return delay;
			}

			@Override
			public String describe() {
				return "constant " + delay;
			}
		};
	}

	/** A kind whose parameter 'delay' a file set may have its own of, as 'delay.FILESET'. */
	private record PerFileSetKind() implements IoAnalysisModelKind {

		@Override
		public String id() {
			return "per-file-set";
		}

		@Override
		public String description() {
			return "a delay, 'delay.NAME' for file set NAME";
		}

		@Override
		public Set<String> perFileSetParameters() {
			return Set.of("delay");
		}

		@Override
		public IoAnalysisModel create(ModelDefinition definition, ModelContext context) {
			return constant(Double.parseDouble(definition.parameter("delay").orElse("0")));
		}
	}

	@Test
	void parametersNamingFileSetsThatAreNotThereAreNamedWithTheFileSetsThatAre() {
		AnalysisModelRegistry registry = new AnalysisModelRegistry().register(new PerFileSetKind());
		ModelDefinition definition = new ModelDefinition("disk", "Per-File-Set", Features.any(),
				Map.of("delay", "0.1", "delay.wal", "0.2", "delay.wall", "0.3", "delay.", "0.4", "delayed.x", "1"));

		assertEquals(List.of("analysis model 'disk' (kind 'per-file-set'): parameter 'delay.wall' names file set"
				+ " 'wall', which the I/O configuration does not have (its file sets: 'files', 'wal')"),
				registry.unknownFileSets(definition, List.of("wal", "files")));
		assertEquals(List.of(), registry.unknownFileSets(definition, List.of("wal", "wall")));
		List<String> withoutFileSets = registry.unknownFileSets(definition, List.of());
		assertEquals(2, withoutFileSets.size(), withoutFileSets.toString());
		assertTrue(withoutFileSets.stream().allMatch(problem -> problem.endsWith("(it has no file sets)")),
				withoutFileSets.toString());
		assertEquals(List.of(), new AnalysisModelRegistry().unknownFileSets(
				new ModelDefinition("disk", "expression", Features.any(), Map.of("delay.wall", "1")), List.of("wal")),
				"a kind without per-file-set parameters has none to check");
	}

	@Test
	void aLongFileSetNameIsQuotedShortAndManyFileSetsAreCounted() {
		AnalysisModelRegistry registry = new AnalysisModelRegistry().register(new PerFileSetKind());
		String longName = "x".repeat(5_000);
		List<String> fileSets = java.util.stream.IntStream.range(0, 30).mapToObj(index -> "set" + (100 + index)).toList();

		List<String> problems = registry.unknownFileSets(
				new ModelDefinition("disk", "per-file-set", Features.any(), Map.of("delay." + longName, "1")), fileSets);

		assertEquals(1, problems.size());
		assertTrue(problems.get(0).length() < 800, problems.get(0));
		assertTrue(problems.get(0).contains("'set100', ") && problems.get(0).endsWith("'set119' and 10 more)"),
				problems.get(0));
	}

	@Test
	void builtInKindsAreListedFirst() {
		List<String> builtIn = new AnalysisModelRegistry().kinds().stream().map(IoAnalysisModelKind::id).toList();
		assertEquals(List.of("expression", "table", "queue"), builtIn);
		List<IoAnalysisModelKind> standard = AnalysisModelRegistry.standard().kinds();
		assertEquals(builtIn, standard.subList(0, builtIn.size()).stream().map(IoAnalysisModelKind::id).toList());
		assertTrue(standard.get(0).description().contains("concurrency"));
		assertTrue(new AnalysisModelRegistry().kind("Expression").isPresent(), "ids are compared ignoring case");
	}

	@Test
	void serviceLoaderFindsKindsOnAPlainClassPath() throws AnalysisModelException {
		assumeFalse(Environment.extensionRegistryAvailable(), "in OSGi kinds come through the extension point");
		AnalysisModelRegistry registry = AnalysisModelRegistry.standard();
		assertTrue(registry.kind(ServiceLoaderTestKind.ID).isPresent(), registry.kinds().toString());
		assertEquals(List.of(), registry.problems());
		IoAnalysisModel model = registry.create(new ModelDefinition("service", ServiceLoaderTestKind.ID,
				Features.any(), Map.of("delay", "0.25")));
		assertEquals(0.25, model.delay(WorkloadState.of(Map.of())));
	}

	@Test
	void registeredKindsCreateValidatedModels() throws AnalysisModelException {
		AnalysisModelRegistry registry = new AnalysisModelRegistry().register(new TestKind("nan", constant(Double.NaN)));
		IoAnalysisModel model = registry.create(new ModelDefinition("bad", "nan", Features.any(), Map.of()));
		AnalysisModelException e = assertThrows(AnalysisModelException.class,
				() -> model.delay(WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 2))));
		assertTrue(e.getMessage().startsWith("analysis model 'bad' (constant NaN) predicted the delay NaN for "
				+ "WorkloadState[concurrency=2, type=READ"), e.getMessage());
		assertSame(model, IoAnalysisModel.validated("bad", model), "validating twice adds nothing");
	}

	@Test
	void duplicateIdsCannotBeRegistered() {
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
				() -> new AnalysisModelRegistry().register(new TestKind("TABLE", constant(1))));
		assertTrue(e.getMessage().startsWith("the analysis model kind id 'TABLE' is taken by "), e.getMessage());
	}

	@Test
	void creationFailuresNameTheModel() {
		AnalysisModelRegistry registry = new AnalysisModelRegistry().register(new TestKind("broken", null));
		AnalysisModelException unknown = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("m", "mars", Features.any(), Map.of())));
		assertEquals("analysis model 'm': unknown kind 'mars'; known kinds: expression, table, queue, broken",
				unknown.getMessage());
		AnalysisModelException broken = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("m", "broken", Features.any(), Map.of())));
		assertEquals("analysis model 'm': kind 'broken' failed to create it: kind broken", broken.getMessage());
	}

	@Test
	void loadStoredReadsEveryJsonFileInNameOrder() throws AnalysisModelException {
		List<ModelDefinition> stored = AnalysisModelRegistry.loadStored(STORED);
		assertEquals(List.of("zvm-cfq-formula", "zvm-cfq-table", "zvm-noop-table"),
				stored.stream().map(ModelDefinition::name).toList());
		ModelDefinition formula = stored.get(0);
		assertEquals("expression", formula.kind());
		assertEquals("systemUnderStudy=" + Z + ", virtualization=z/VM, ioScheduler=CFQ, fileSystem=ext4, formalism=formula",
				Features.describe(formula.features()));
		assertEquals(Map.of("readDelay", "0.002 + 0.0005 * concurrency", "writeDelay", "0.004"), formula.parameters());
		assertEquals(STORED, formula.baseDirectory());
	}

	@Test
	void storedModelsAreCreatedWithFilesRelativeToTheirFolder() throws AnalysisModelException {
		AnalysisModelRegistry registry = new AnalysisModelRegistry();
		List<ModelDefinition> stored = AnalysisModelRegistry.loadStored(STORED);
		IoAnalysisModel formula = registry.create(stored.get(0));
		assertEquals(0.004, formula.delay(WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 4))), 1e-15);
		assertEquals(0.004, formula.delay(WorkloadState.of(Map.of(WorkloadInput.TYPE, 1))));
		IoAnalysisModel cfq = registry.create(stored.get(1));
		assertEquals(0.010, cfq.delay(WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 8, WorkloadInput.READ_RATIO, 1))));
		IoAnalysisModel noop = registry.create(stored.get(2));
		assertEquals(0.013, noop.delay(WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 6))), 1e-15);
	}

	@Test
	void selectMatchesRequestedFeaturesIgnoringCase() throws AnalysisModelException {
		List<ModelDefinition> stored = AnalysisModelRegistry.loadStored(STORED);
		AnalysisModelRegistry registry = new AnalysisModelRegistry();
		assertEquals("zvm-noop-table", registry.select(stored, scheduler("noop")).name());
		assertEquals("zvm-cfq-formula", registry.select(stored,
				Features.of(" ibm system z + ds8700 ", "Z/VM", "cfq", "EXT4", "Formula", "")).name());
		assertEquals("zvm-cfq-table", registry.select(stored,
				Features.of(null, null, "CFQ", null, null, "zvm-cfq-table")).name());
	}

	@Test
	void selectReportsAmbiguity() throws AnalysisModelException {
		List<ModelDefinition> stored = AnalysisModelRegistry.loadStored(STORED);
		AnalysisModelException e = assertThrows(AnalysisModelException.class,
				() -> new AnalysisModelRegistry().select(stored, scheduler("CFQ")));
		assertEquals("ambiguous: 2 analysis models match the requested features (ioScheduler=CFQ): 'zvm-cfq-formula' "
				+ "(expression; systemUnderStudy=" + Z + ", virtualization=z/VM, ioScheduler=CFQ, fileSystem=ext4, "
				+ "formalism=formula), 'zvm-cfq-table' (table; systemUnderStudy=" + Z + ", virtualization=z/VM, "
				+ "ioScheduler=CFQ, fileSystem=ext4, formalism=table); request more features or name one as "
				+ "modelReference", e.getMessage());
	}

	@Test
	void selectReportsNoMatchWithTheCandidates() throws AnalysisModelException {
		List<ModelDefinition> stored = AnalysisModelRegistry.loadStored(STORED);
		AnalysisModelRegistry registry = new AnalysisModelRegistry();
		AnalysisModelException none = assertThrows(AnalysisModelException.class,
				() -> registry.select(stored, scheduler("deadline")));
		assertTrue(none.getMessage().startsWith("no analysis model matches the requested features "
				+ "(ioScheduler=deadline); candidates: 'zvm-cfq-formula' (expression; systemUnderStudy=" + Z),
				none.getMessage());
		assertTrue(none.getMessage().contains("'zvm-noop-table' (table; systemUnderStudy=" + Z
				+ ", virtualization=z/VM, ioScheduler=NOOP, fileSystem=ext4, formalism=table)"), none.getMessage());
		AnalysisModelException wrongReference = assertThrows(AnalysisModelException.class,
				() -> registry.select(stored, Features.of(null, null, "NOOP", null, null, "zvm-cfq-table")));
		assertTrue(wrongReference.getMessage().startsWith("no analysis model matches"), wrongReference.getMessage());
		assertEquals("no analysis model matches the requested features (any); there are no candidates",
				assertThrows(AnalysisModelException.class, () -> registry.select(List.of(), Features.any()))
						.getMessage());
	}

	@Test
	void openFeaturesOfAModelMatchOnlyOpenRequests() {
		ModelDefinition generic = new ModelDefinition("generic", "expression", Features.any(),
				Map.of("delay", "0.001"));
		assertTrue(Features.matches(Features.any(), generic));
		assertTrue(Features.matches(Features.of(null, "  ", null, null, null, "generic"), generic));
		assertTrue(!Features.matches(scheduler("CFQ"), generic));
	}

	@Test
	void brokenJsonNamesTheFile() {
		AnalysisModelException e = assertThrows(AnalysisModelException.class,
				() -> AnalysisModelRegistry.loadStored(Path.of("resources", "broken-models")));
		assertTrue(e.getMessage().startsWith(Path.of("resources", "broken-models", "broken.json")
				+ ": not valid JSON at line 4, column 3: Unexpected character ('\"'"), e.getMessage());
	}

	private String storedError(String json) throws IOException {
		Files.writeString(folder.resolve("model.json"), json);
		return assertThrows(AnalysisModelException.class, () -> AnalysisModelRegistry.loadStored(folder)).getMessage();
	}

	@Test
	void invalidDefinitionsNameTheFileAndTheProblem() throws IOException {
		String file = folder.resolve("model.json") + ": ";
		assertEquals(file + "'kind' is missing", storedError("{\"name\": \"m\"}"));
		assertEquals(file + "'name' must be a non-empty string but is 3", storedError("{\"name\": 3, \"kind\": \"table\"}"));
		assertEquals(file + "unknown key 'parameter'; known keys: features, kind, name, parameters",
				storedError("{\"name\": \"m\", \"kind\": \"table\", \"parameter\": {}}"));
		assertEquals(file + "unknown key 'features.scheduler'; known keys: fileSystem, formalism, ioScheduler, "
				+ "systemUnderStudy, virtualization",
				storedError("{\"name\": \"m\", \"kind\": \"table\", \"features\": {\"scheduler\": \"CFQ\"}}"));
		assertEquals(file + "parameter 'file' must be a string, number or boolean but is [\"a.csv\"]",
				storedError("{\"name\": \"m\", \"kind\": \"table\", \"parameters\": {\"file\": [\"a.csv\"]}}"));
		assertEquals(file + "expected a JSON object with 'name' and 'kind' but found array", storedError("[]"));
		assertEquals(file + "empty; expected a JSON object with 'name' and 'kind'", storedError(""));
		assertTrue(storedError("{\"name\": \"m\", \"name\": \"n\", \"kind\": \"table\"}")
				.startsWith(file + "not valid JSON at line 1, column 21: Duplicate field 'name'"));
		assertEquals(file + "the JSON ends early at line 1, column 35; the file looks truncated", storedError("{\"name\": \"m\", \"kind\": \"expression\""));
		// values and keys of thousands of characters are quoted as excerpts
		String numbers = "[" + "1,".repeat(5_000) + "1]";
		assertEquals(file + "'name' must be a non-empty string but is " + numbers.substring(0, 39) + "…",
				storedError("{\"name\": " + numbers + ", \"kind\": \"table\"}"));
		assertEquals(file + "unknown key 'k" + "e".repeat(38) + "…'; known keys: features, kind, name, parameters",
				storedError("{\"name\": \"m\", \"kind\": \"table\", \"k" + "e".repeat(5_000) + "\": 1}"));
	}

	@Test
	void storedModelThatIsNotUtf8SaysWhere() throws IOException {
		Files.write(folder.resolve("model.json"), new byte[] { (byte) 0xFF, (byte) 0xFE, '{', 0, '}', 0 });
		String message = assertThrows(AnalysisModelException.class, () -> AnalysisModelRegistry.loadStored(folder))
				.getMessage();
		assertEquals(folder.resolve("model.json") + ": cannot be read: line 1 is not UTF-8 text (byte 0xFF at column 1,"
				+ " byte offset 0 in the file); save the file as UTF-8", message);
	}

	@Test
	void duplicateNamesAcrossFilesAreRejected() throws IOException {
		Files.writeString(folder.resolve("a.json"), "{\"name\": \"m\", \"kind\": \"table\"}");
		Files.writeString(folder.resolve("b.json"), "{\"name\": \"m\", \"kind\": \"expression\"}");
		AnalysisModelException e = assertThrows(AnalysisModelException.class, () -> AnalysisModelRegistry.loadStored(folder));
		assertEquals(folder.resolve("b.json") + ": the name 'm' is already defined in " + folder.resolve("a.json"),
				e.getMessage());
		assertEquals(folder.resolve("absent") + ": not a folder of stored analysis models",
				assertThrows(AnalysisModelException.class,
						() -> AnalysisModelRegistry.loadStored(folder.resolve("absent"))).getMessage());
	}

	@Test
	void aModelWithReadAndWriteFormulasDependsOnTheType() throws AnalysisModelException {
		ModelDefinition definition = AnalysisModelRegistry.loadStored(STORED).get(0);
		IoAnalysisModel model = new AnalysisModelRegistry().create(definition);
		assertEquals(Set.of(WorkloadInput.TYPE, WorkloadInput.CONCURRENCY), model.inputs());
		assertEquals("expression: readDelay = 0.002 + 0.0005 * concurrency; writeDelay = 0.004", model.describe());
	}
}
