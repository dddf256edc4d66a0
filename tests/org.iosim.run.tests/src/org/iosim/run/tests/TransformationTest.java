package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ResourceContainer;
import org.iosim.run.ModelTransformation;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.iosim.run.Transformations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransformationTest {

	@TempDir
	Path folder;

	@Test
	void findsTheBuiltInTransformationsAndOnesContributedByPlugins() {
		Transformations installed = Transformations.standard();
		List<String> ids = installed.all().stream().map(ModelTransformation::id).toList();
		assertTrue(ids.containsAll(List.of("scale-processing-rate", "set-population", RenameScenarios.ID)), ids.toString());
		assertEquals(List.of(), installed.problems());
	}

	@Test
	void aContributedTransformationRunsWhereThePipelineSays() throws Exception {
		RunOutcome outcome = Runs.run(Runs.shopRun(folder).withTransformations(
				List.of(new TransformationStep(RenameScenarios.ID, After.LOAD, Map.of("prefix", "what-if: ")))));
		assertEquals("what-if: Browsing customers", outcome.result().scenarios().get(0).name());
	}

	@Test
	void aFasterDatabaseCpuHalvesItsUtilization() throws Exception {
		SimulationResult asIs = Runs.run(Runs.shopRun(folder.resolve("as-is"))).result();
		RunOutcome faster = Runs.run(Runs.shopRun(folder.resolve("faster")).withTransformations(List.of(
				new TransformationStep("scale-processing-rate", After.COMPLETE,
						Map.of("container", "shop.host.db", "factor", "2")))));

		ProcessingResourceSpecification cpu = container(faster.model(), "shop.host.db").getProcessingResources().stream()
				.filter(resource -> resource.getResourceType().getName().equals("CPU")).findFirst().orElseThrow();
		assertEquals("(1000) * 2", cpu.getProcessingRate());
		double ratio = databaseCpu(faster.result()).utilization() / databaseCpu(asIs).utilization();
		// Utilization is demand x throughput / rate; the throughput barely moves, the rate doubles.
		assertEquals(0.5, ratio, 0.03);
	}

	@Test
	void aSmallerPopulationObeysTheResponseTimeLaw() throws Exception {
		RunOutcome outcome = Runs.run(Runs.shopRun(folder).withTransformations(
				List.of(new TransformationStep("set-population", After.LOAD, Map.of("population", "10")))));

		assertEquals(10, ((ClosedWorkload) outcome.model().getUsageModel().getScenarios().get(0).getWorkload())
				.getPopulation());
		ScenarioResult browsing = outcome.result().scenarios().get(0);
		// Closed network: X = N / (Z + R), with the mean think time Z = 5 s of the shop.
		assertEquals(10 / (5 + browsing.responseTime().mean()), browsing.throughput(), 0.03 * browsing.throughput());
	}

	@Test
	void anUnknownTransformationIsAUsageErrorListingTheInstalledOnes() {
		RunFailure failure = assertThrows(RunFailure.class, () -> Runs.run(Runs.shopRun(folder).withTransformations(
				List.of(new TransformationStep("double-everything", After.LOAD, Map.of())))));
		assertEquals(RunFailure.Kind.USAGE, failure.kind());
		assertTrue(failure.getMessage().contains("no model transformation has the id 'double-everything'"),
				failure.getMessage());
		assertTrue(failure.getMessage().contains("scale-processing-rate"), failure.getMessage());
		assertTrue(Files.notExists(folder.resolve("results.json")));
	}

	@Test
	void wrongParametersAreNamed() {
		assertInvalid(step("scale-processing-rate", Map.of("container", "shop.host.db", "factor", "-1")),
				"'factor' must be a positive number, got '-1'");
		assertInvalid(step("scale-processing-rate", Map.of("container", "mainframe", "factor", "2")),
				"no resource container has the id or name 'mainframe' (containers: 'web server', 'database server')");
		assertInvalid(step("scale-processing-rate", Map.of("container", "shop.host.db", "factr", "2")),
				"unknown parameter factr; known parameters: container, factor, resource");
		assertInvalid(step("scale-processing-rate", Map.of("container", "shop.host.db", "resource", "GPU", "factor", "2")),
				"resource container 'database server' has no GPU resource");
		assertInvalid(step("set-population", Map.of("population", "2.5")), "'population' must be a whole number");
		assertInvalid(step("set-population", Map.of("population", "3", "scenario", "checkout")),
				"no usage scenario with a closed workload has the id or name 'checkout'");
		assertInvalid(step(RenameScenarios.ID, Map.of()), "model transformation '" + RenameScenarios.ID + "': "
				+ RenameScenarios.ID + " needs the parameter 'prefix'");
	}

	/** A closed workload that follows a load profile takes its population from it: set-population says so. */
	@Test
	void setPopulationRefusesAWorkloadThatFollowsALoadProfile() throws Exception {
		Path model = Runs.copyFiles(Runs.shop(), folder.resolve("model"));
		Files.writeString(model.resolve("users.dlim"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<tools.descartes.dlim:Sequence xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
				xmlns:tools.descartes.dlim="http://descartes.tools/dlim/0.1" name="users">
				  <sequenceFunctionContainers name="all day" duration="100.0">
				    <function xsi:type="tools.descartes.dlim:Constant" constant="20.0"/>
				  </sequenceFunctionContainers>
				</tools.descartes.dlim:Sequence>
				""");
		Files.writeString(model.resolve("shop.usageevolution"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<usageevolution:UsageEvolution xmlns:usageevolution="http://usageevolution/1.0" id="evolution">
				  <usages id="evolution.browsing" repeatingPattern="true">
				    <loadEvolution href="users.dlim#/"/>
				    <scenario href="shop.usagemodel#shop.browsing"/>
				  </usages>
				</usageevolution:UsageEvolution>
				""");
		RunFailure failure = assertThrows(RunFailure.class, () -> Runs.run(RunConfiguration.of(List.of(model))
				.withSimulation(Runs.brief()).withOutputFolder(folder.resolve("out"), false)
				.withTransformations(List.of(step("set-population", Map.of("population", "5"))))));
		assertTrue(failure.getMessage().contains("the closed workload of usage scenario 'Browsing customers' follows a"
				+ " load profile"), failure.getMessage());
		// without the transformation the model set runs, its population following the profile
		RunOutcome outcome = Runs.run(RunConfiguration.of(List.of(model)).withSimulation(Runs.brief())
				.withOutputFolder(folder.resolve("profiled"), false));
		var population = outcome.result().scenarios().get(0).populationOverTime();
		assertTrue(!population.isEmpty() && population.stream().allMatch(window -> window.meanUsers() == 20),
				population.toString());
	}

	@Test
	void aContainerNameTwoContainersShareIsRefusedInFavourOfTheId() throws Exception {
		Path model = Runs.copyFiles(Runs.shop(), folder.resolve("model"));
		Path environment = model.resolve("shop.resourceenvironment");
		Files.writeString(environment, Files.readString(environment).replace("entityName=\"web server\"",
				"entityName=\"database server\""));
		RunFailure failure = assertThrows(RunFailure.class, () -> Runs.run(RunConfiguration.of(List.of(model))
				.withSimulation(Runs.brief()).withOutputFolder(folder.resolve("out"), false)
				.withTransformations(List.of(step("scale-processing-rate",
						Map.of("container", "database server", "factor", "2"))))));
		assertTrue(failure.getMessage().contains("2 resource containers are named 'database server'; name one by its id"
				+ " (shop.host.web, shop.host.db)"), failure.getMessage());
	}

	@Test
	void aModelATransformationBrokeIsRefusedBeforeItRuns() {
		ModelTransformation negativeThinkTime = new Defined("negative-think-time", model -> {
			((ClosedWorkload) model.getUsageModel().getScenarios().get(0).getWorkload()).setThinkTime("-1");
			return model;
		});
		RunFailure failure = assertThrows(RunFailure.class, () -> new RunPipeline(Runs.shopRun(folder)
				.withTransformations(List.of(step("negative-think-time", Map.of()))))
				.transformations(Transformations.standard().add(negativeThinkTime)).run(PipelineMonitor.NONE, List.of()));
		assertEquals(RunFailure.Kind.INVALID, failure.kind());
		assertTrue(failure.getMessage().contains("invalid after the transformations"), failure.getMessage());
		assertTrue(failure.getMessage().contains("thinkTime"), failure.getMessage());
	}

	@Test
	void aTransformationThatReturnsNoModelIsReported() {
		RunFailure failure = assertThrows(RunFailure.class, () -> new RunPipeline(Runs.shopRun(folder)
				.withTransformations(List.of(step("lose-the-model", Map.of()))))
				.transformations(Transformations.standard().add(new Defined("lose-the-model", model -> null)))
				.run(PipelineMonitor.NONE, List.of()));
		assertEquals("model transformation 'lose-the-model' returned no model", failure.getMessage());
	}

	private void assertInvalid(TransformationStep step, String expected) {
		RunFailure failure = assertThrows(RunFailure.class,
				() -> Runs.run(Runs.shopRun(folder).withTransformations(List.of(step))));
		assertEquals(RunFailure.Kind.INVALID, failure.kind());
		assertTrue(failure.getMessage().contains(expected), failure.getMessage());
	}

	private static TransformationStep step(String id, Map<String, String> parameters) {
		return new TransformationStep(id, After.LOAD, parameters);
	}

	private static ResourceContainer container(ArchitectureModel model, String id) {
		return model.getResourceEnvironment().getContainers().stream().filter(container -> id.equals(container.getId()))
				.findFirst().orElseThrow();
	}

	private static ResourceResult databaseCpu(SimulationResult result) {
		return result.resources().stream()
				.filter(resource -> resource.container().equals("database server") && resource.type().equals("CPU"))
				.findFirst().orElseThrow();
	}

	/** A transformation defined in code, as a tool embedding the pipeline would add one. */
	private record Defined(String id, UnaryOperator<ArchitectureModel> change)
			implements ModelTransformation {
		@Override
		public String description() {
			return id;
		}

		@Override
		public ArchitectureModel transform(ArchitectureModel model, Map<String, String> parameters) {
			return change.apply(model);
		}
	}
}
