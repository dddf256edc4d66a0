package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.DlimUniformNoise;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.ArrivalRateProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage evolutions and DLIM load profiles beside a model set: the ordering scenario of
 * {@code external-call} (an open workload) with {@code load-profile/orders.usageevolution}, whose
 * {@code orders.dlim} uses every supported function once. Expected values are computed by hand.
 */
class UsageEvolutionTest {

	private static final Path MODEL = TestModels.RESOURCES.resolve("external-call");
	private static final Path PROFILE = TestModels.RESOURCES.resolve("load-profile");

	@TempDir
	Path folder;

	private Path modelWithProfile() throws IOException {
		TestModels.copy(MODEL, folder);
		try (var files = Files.list(PROFILE)) {
			for (Path file : files.toList()) {
				Files.copy(file, folder.resolve(file.getFileName()));
			}
		}
		return folder;
	}

	private static LoadProfile profileOf(ArchitectureModel model) {
		UsageScenario ordering = byId(model, "usage.ordering", UsageScenario.class);
		return ((OpenWorkload) ordering.getWorkload()).getLoadProfile();
	}

	@Test
	void attachesTheProfileToTheOpenWorkloadWithoutWarnings() throws IOException {
		ModelSet set = TestModels.importCleanSet(modelWithProfile());

		LoadProfile profile = profileOf(set.model());
		assertNotNull(profile, "the ordering scenario's workload has the load profile");
		assertEquals("evolution.orders", profile.getId());
		assertEquals("Orders over the day", profile.getName());
		assertTrue(profile.isRepeating());
		assertEquals(8, profile.getSequence().getContainers().size());
		assertTrue(set.files().stream().anyMatch(file -> file.toString().endsWith("orders.dlim")),
				"errors in the profile's files concern the model set: " + set.files());
		assertEquals(List.of(), TestModels.errors(TestModels.validate(set.model())));
	}

	/** 2 × (the container's function) + the root's linear trend from 0 to 1 over 200, by hand. */
	@Test
	void everySupportedFunctionGivesTheHandComputedValue() throws IOException {
		ArrivalRateProfile rate = ArrivalRateProfile.compile(profileOf(TestModels.importCleanSet(modelWithProfile()).model()));

		assertEquals(200, rate.duration(), 0, "two loops of 100");
		assertEquals(2 * 3 + 5 / 200.0, rate.value(5), 1e-12, "Constant 3");
		assertEquals(2 * 3 + 20 / 200.0, rate.value(20), 1e-12, "LinearTrend 1 → 5 over 20, at 10: 3");
		assertEquals(2 * 4 + 35 / 200.0, rate.value(35), 1e-12, "ExponentialTrend 1 → 16 over 10, at 5: 4");
		double logarithmic = 0.5 * Math.log(5 * (Math.exp(2) - 1) / 10 + 1);
		assertEquals(2 * logarithmic + 45 / 200.0, rate.value(45), 1e-12, "LogarithmicTrend 0 → 1, order 2, at 5");
		assertEquals(2 * 3 + 52 / 200.0, rate.value(52), 1e-12, "Sin min 1 (default) max 3 period 8, at 2: its max");
		assertEquals(2 * 1 + 56 / 200.0, rate.value(56), 1e-12, "Sin at 6: its min");
		assertEquals(2 * 3 + 75 / 200.0, rate.value(75), 1e-12, "SinTrend 2 → 4 over 10, at 5: halfway");
		assertEquals(2 * 2.5 + 81 / 200.0, rate.value(81), 1e-12, "LinearIncreaseAndDecline at 1: 3, minus 0.5");
		assertEquals(2 * 2.5 + 86 / 200.0, rate.value(86), 1e-12, "declines from 5 at 2 to 1 at 10: 3 at 6, minus 0.5");
		assertEquals(2 * 7 + 92 / 200.0, rate.value(92), 1e-12, "nested sequence, first container");
		assertEquals(2 * 9 + 94.5 / 200.0, rate.value(94.5), 1e-12, "nested sequence, second container");
		assertEquals(2 * 7 + 95.5 / 200.0, rate.value(95.5), 1e-12, "nested sequence loops after 5");
		assertEquals(0 + 97 / 200.0, rate.value(97), 1e-12, "nested sequence ended after 6: 0");
		assertEquals(2 * 4 + 125 / 200.0, rate.value(125), 1e-12, "second loop, LinearTrend at 15: 4");
		assertEquals(2 * 2 + 50 / 200.0, rate.value(250), 1e-12, "repeating: 250 is 50 of the profile");
	}

	@Test
	void exportWritesTheUsageEvolutionAndDlimFileAndReimportsEqual() throws Exception {
		ArchitectureModel model = TestModels.importCleanSet(modelWithProfile()).model();
		Path exported = Files.createDirectories(folder.resolve("exported"));

		List<Path> written = PalladioExporter.export(model, exported, "orders");

		assertTrue(written.contains(exported.resolve("orders.usageevolution")), written.toString());
		assertTrue(written.contains(exported.resolve("orders.dlim")), written.toString());
		ArchitectureModel again = TestModels.importCleanSet(exported).model();
		LoadProfile original = profileOf(model);
		LoadProfile reimported = profileOf(again);
		assertTrue(EcoreUtil.equals(original, reimported), "the load profile comes back as it was");
		ArrivalRateProfile before = ArrivalRateProfile.compile(original);
		ArrivalRateProfile after = ArrivalRateProfile.compile(reimported);
		for (double time = 0; time < 400; time += 0.37) {
			assertEquals(before.value(time), after.value(time), 0, "at " + time);
		}
	}

	@Test
	void refusesAnUnsupportedFunctionNamingFileLineAndElement() throws IOException {
		Path dir = modelWithProfile();
		Path dlim = dir.resolve("orders.dlim");
		Files.writeString(dlim, Files.readString(dlim).replace(
				"<function xsi:type=\"tools.descartes.dlim:SinTrend\" functionOutputAtStart=\"2.0\" functionOutputAtEnd=\"4.0\"/>",
				"<function xsi:type=\"tools.descartes.dlim:Polynomial\"/>"));

		ImportResult result = new PalladioImporter().importPath(dir);

		Diagnostic error = single(result.errors());
		assertTrue(error.file().endsWith("orders.dlim"), error.format());
		assertEquals(26, error.line(), error.format());
		assertTrue(error.message().contains("Sequence 'orders'/sequenceFunctionContainers[6] 'step'/function is a 'Polynomial'"),
				error.format());
		assertTrue(result.errorsIn(result.modelSets().get(0)).contains(error), "the model set cannot be simulated");
	}

	/** The burst's subtracted constant becomes uniform noise, drawn every 4 (the usage's step width). */
	@Test
	void readsNoiseAndTheStepWidthItIsDrawnAt() throws IOException {
		Path dir = withNoise(modelWithProfile(), "4");

		LoadProfile profile = profileOf(TestModels.importCleanSet(dir).model());

		assertEquals(4, profile.getStepWidth(), 0);
		DlimUniformNoise noise = (DlimUniformNoise) profile.getSequence().getContainers().get(6).getFunction().getCombine()
				.get(0).getFunction();
		assertEquals(0, noise.getMin(), 0);
		assertEquals(1, noise.getMax(), 0);
		ArrivalRateProfile rate = ArrivalRateProfile.compile(profile).withNoiseSeed(1);
		assertTrue(rate.hasNoise());
		// value = 2 (burst − noise) + t/200; the burst is 3 at 81, 4 at 81.5 (step [80, 84)) and 3.5 at 85
		double noiseAt81 = 3 - (rate.value(81) - 81 / 200.0) / 2;
		double noiseAt81Half = 4 - (rate.value(81.5) - 81.5 / 200.0) / 2;
		double noiseAt85 = 3.5 - (rate.value(85) - 85 / 200.0) / 2;
		assertEquals(noiseAt81, noiseAt81Half, 1e-12, "one noise value for the step");
		assertTrue(noiseAt81 >= 0 && noiseAt81 < 1 && noiseAt85 >= 0 && noiseAt85 < 1, noiseAt81 + ", " + noiseAt85);
		assertTrue(noiseAt81 != noiseAt85, "the next step draws again");
	}

	@Test
	void exportWritesNoiseAndItsStepWidthAndReimportsEqual() throws Exception {
		ArchitectureModel model = TestModels.importCleanSet(withNoise(modelWithProfile(), "4")).model();
		Path exported = Files.createDirectories(folder.resolve("exported"));

		PalladioExporter.export(model, exported, "orders");

		LoadProfile reimported = profileOf(TestModels.importCleanSet(exported).model());
		assertTrue(EcoreUtil.equals(profileOf(model), reimported), "the noisy load profile comes back as it was");
		assertEquals(4, reimported.getStepWidth(), 0);
	}

	@Test
	void aStepWidthThatIsNotAPositiveNumberIsAnError() throws IOException {
		Path dir = withNoise(modelWithProfile(), "-1");

		Diagnostic error = single(new PalladioImporter().importPath(dir).errors());

		assertTrue(error.file().endsWith("orders.usageevolution"), error.format());
		assertEquals("evolutionStepWidth is '-1', not a positive finite number", error.message());
	}

	@Test
	void aStepWidthWithoutNoiseIsAWarning() throws IOException {
		Path dir = modelWithProfile();
		Path evolution = dir.resolve("orders.usageevolution");
		Files.writeString(evolution, Files.readString(evolution).replace("repeatingPattern=\"true\"",
				"repeatingPattern=\"true\" evolutionStepWidth=\"2\""));

		ImportResult result = new PalladioImporter().importPath(dir);

		assertEquals(List.of(), result.errors());
		Diagnostic warning = single(result.diagnostics());
		assertTrue(warning.message().startsWith("evolutionStepWidth 2 is not used: IOSim follows the profile's rate at"
				+ " every instant"), warning.format());
	}

	private static Path withNoise(Path dir, String stepWidth) throws IOException {
		Path dlim = dir.resolve("orders.dlim");
		Files.writeString(dlim, Files.readString(dlim).replace("tools.descartes.dlim:Constant\" constant=\"0.5\"",
				"tools.descartes.dlim:UniformNoise\" min=\"0\" max=\"1\""));
		Path evolution = dir.resolve("orders.usageevolution");
		Files.writeString(evolution, Files.readString(evolution).replace("repeatingPattern=\"true\"",
				"repeatingPattern=\"true\" evolutionStepWidth=\"" + stepWidth + "\""));
		return dir;
	}

	@Test
	void aMissingScenarioIsAnError() throws IOException {
		Path dir = modelWithProfile();
		Path evolution = dir.resolve("orders.usageevolution");
		Files.writeString(evolution, Files.readString(evolution).replace("#usage.ordering", "#no.such.scenario"));

		Diagnostic error = single(new PalladioImporter().importPath(dir).errors());

		assertTrue(error.file().endsWith("orders.usageevolution"), error.format());
		assertEquals(6, error.line(), error.format());
		assertEquals("reference 'scenario' points to 'orders.usagemodel#no.such.scenario', which does not exist",
				error.message());
	}

	@Test
	void aMissingDlimFileIsAnError() throws IOException {
		Path dir = modelWithProfile();
		Files.delete(dir.resolve("orders.dlim"));

		ImportResult result = new PalladioImporter().importPath(dir);

		// one error says the file cannot be read, one names the reference to it
		Diagnostic error = single(result.errors().stream().filter(e -> e.file().endsWith("orders.usageevolution")).toList());
		assertTrue(error.message().startsWith("reference 'loadEvolution' points to 'orders.dlim#/', but that file cannot"
				+ " be read"), error.format());
		assertEquals(2, result.errorsIn(result.modelSets().get(0)).size(), "the model set cannot be simulated");
	}

	/** validate refuses what simulate refuses: noise whose min is above its max. */
	@Test
	void backwardsNoiseIsAValidationError() throws IOException {
		Path dir = withNoise(modelWithProfile(), "4");
		Path dlim = dir.resolve("orders.dlim");
		Files.writeString(dlim, Files.readString(dlim).replace("min=\"0\" max=\"1\"", "min=\"2\" max=\"1\""));
		ModelSet set = TestModels.importSingleSet(dir);

		Diagnostic error = single(TestModels.errors(TestModels.validate(set.model())));

		assertTrue(error.format().contains("orders.dlim"), error.format());
		assertEquals("min (2) must not be greater than max (1)", error.message());
	}

	@Test
	void aNegativeDurationIsAValidationError() throws IOException {
		Path dir = modelWithProfile();
		Path dlim = dir.resolve("orders.dlim");
		Files.writeString(dlim, Files.readString(dlim).replace("name=\"exp\" duration=\"10.0\"", "name=\"exp\" duration=\"-10.0\""));
		ModelSet set = TestModels.importSingleSet(dir);

		Diagnostic error = single(TestModels.errors(TestModels.validate(set.model())));

		assertTrue(error.format().contains("orders.dlim"), error.format());
		assertEquals(16, error.line(), error.format());
		assertTrue(error.message().contains("duration must be greater than 0 and finite, but is -10"), error.format());
	}

	/**
	 * A closed workload follows a profile as SimuLizar evolves it (its population): the profile is
	 * attached to it, and a step width set on the usage is used (the population is evaluated once per
	 * step), so it gets no warning; a non-repeating profile's warning says the population falls to 0.
	 */
	@Test
	void aClosedWorkloadFollowsAProfileWithItsPopulation() throws Exception {
		TestModels.copy(TestModels.RESOURCES.resolve("minimal"), folder);
		Files.copy(PROFILE.resolve("orders.dlim"), folder.resolve("orders.dlim"));
		Files.writeString(folder.resolve("shop.usageevolution"), Files.readString(PROFILE.resolve("orders.usageevolution"))
				.replace("orders.usagemodel#usage.ordering", "shop.usagemodel#browsing")
				.replace("repeatingPattern=\"true\"", "evolutionStepWidth=\"2.5\""));

		ImportResult result = new PalladioImporter().importPath(folder);

		assertFalse(result.hasErrors(), describe(result.diagnostics()));
		Diagnostic warning = single(result.diagnostics());
		assertTrue(warning.file().endsWith("shop.usageevolution"), warning.format());
		assertTrue(warning.message().contains("lets the closed population fall to 0 at its end"), warning.format());
		ModelSet set = result.modelSets().get(0);
		UsageScenario browsing = byId(set.model(), "browsing", UsageScenario.class);
		ClosedWorkload closed = (ClosedWorkload) browsing.getWorkload();
		LoadProfile profile = closed.getLoadProfile();
		assertNotNull(profile);
		assertEquals(2.5, profile.getStepWidth());
		assertFalse(profile.isRepeating());
		assertEquals(List.of(), TestModels.errors(TestModels.validate(set.model())));

		// and the export writes it back: the closed workload follows the same profile after a round trip
		Path exported = Files.createDirectories(folder.resolve("exported"));
		PalladioExporter.export(set.model(), exported, "shop");
		ModelSet again = TestModels.importSingleSet(exported);
		LoadProfile reimported = ((ClosedWorkload) byId(again.model(), "browsing", UsageScenario.class).getWorkload())
				.getLoadProfile();
		assertTrue(EcoreUtil.equals(profile.getSequence(), reimported.getSequence()));
		assertEquals(2.5, reimported.getStepWidth());
	}

	@Test
	void anUnusedDlimFileIsAWarning() throws IOException {
		Path dir = modelWithProfile();
		Files.copy(dir.resolve("orders.dlim"), dir.resolve("spare.dlim"));

		ImportResult result = new PalladioImporter().importPath(dir);

		assertFalse(result.hasErrors(), describe(result.diagnostics()));
		Diagnostic warning = single(result.diagnostics());
		assertTrue(warning.file().endsWith("spare.dlim"), warning.format());
		assertTrue(warning.message().contains("no usage evolution"), warning.format());
	}

	@Test
	void theSequenceTypeIsChecked() {
		DlimSequence sequence = org.iosim.pcm.PcmFactory.eINSTANCE.createDlimSequence();
		assertEquals(-1, sequence.getTerminateAfterLoops(), "DLIM's default: no number of loops");
		assertEquals(1.0, org.iosim.pcm.PcmFactory.eINSTANCE.createDlimFunctionContainer().getDuration(), 0);
	}

	private static Diagnostic single(List<Diagnostic> diagnostics) {
		assertEquals(1, diagnostics.size(), () -> describe(diagnostics));
		return diagnostics.get(0);
	}
}
