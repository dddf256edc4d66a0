package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.open;
import static org.iosim.ui.diagram.tests.Shells.screenshot;
import static org.iosim.ui.testing.UiThread.ui;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Branch;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.Delay;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.Loop;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.internal.Diagram;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Behaviours nested in behaviours are regions holding their actions: an RDSEFF's loop around an I/O
 * action and a fork, a scenario's loop and branch.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class NestingTest {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	@Test
	void aLoopsBodyIsARegionHoldingItsIoActionWithItsRequests() throws Exception {
		ArchitectureModel model = PCM.createArchitectureModel();
		model.setId("nesting");
		Repository repository = PCM.createRepository();
		repository.setId("nesting.repository");
		BasicComponent component = PCM.createBasicComponent();
		component.setId("nesting.component");
		component.setName("Archive");
		ResourceDemandingSeff seff = PCM.createResourceDemandingSeff();
		seff.setId("nesting.seff");
		component.getSeffs().add(seff);
		repository.getComponents().add(component);
		model.getRepositories().add(repository);

		LoopAction loop = PCM.createLoopAction();
		loop.setName("per file");
		loop.setIterationCount("10");
		ResourceDemandingBehaviour body = PCM.createResourceDemandingBehaviour();
		IoAction read = IoFactory.eINSTANCE.createIoAction();
		read.setName("read file");
		IoRequest request = IoFactory.eINSTANCE.createIoRequest();
		request.setType(IoType.READ);
		request.setSize("65536");
		read.getRequests().add(request);
		chain(body.getSteps(), PCM.createStartAction(), read, PCM.createStopAction());
		loop.setBody(body);
		ForkAction fork = PCM.createForkAction();
		fork.setName("write copies");
		ResourceDemandingBehaviour forked = PCM.createResourceDemandingBehaviour();
		chain(forked.getSteps(), PCM.createStartAction(), PCM.createStopAction());
		fork.getAsynchronousBehaviours().add(forked);
		chain(seff.getSteps(), PCM.createStartAction(), loop, fork, PCM.createStopAction());

		Shells.Opened opened = open(DiagramKind.RDSEFF, model, seff);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			DiagramNode loopRegion = diagram.nodeOf(loop);
			assertTrue(loopRegion.isRegion());
			assertTrue(loopRegion.label().contains("iterations: 10"), loopRegion.label());
			assertEquals(List.copyOf(body.getSteps()), elements(loopRegion.children()));
			String readLabel = diagram.nodeOf(read).label();
			assertTrue(readLabel.startsWith("I/O Action read file"), readLabel);
			assertTrue(readLabel.contains("READ 65536 bytes"), readLabel);
			DiagramNode forkRegion = diagram.nodeOf(fork);
			assertEquals(1, forkRegion.children().size());
			assertEquals(List.copyOf(forked.getSteps()), elements(forkRegion.children().get(0).children()));
			DrawingTest.assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-rdseff-loop-fork");
		} finally {
			opened.close();
		}
	}

	@Test
	void aScenariosLoopAndBranchAreRegionsHoldingTheirUserActions() throws Exception {
		ArchitectureModel model = PCM.createArchitectureModel();
		model.setId("usage");
		UsageModel usageModel = PCM.createUsageModel();
		UsageScenario scenario = PCM.createUsageScenario();
		scenario.setId("usage.scenario");
		scenario.setName("Readers");
		ClosedWorkload workload = PCM.createClosedWorkload();
		workload.setPopulation(20);
		workload.setThinkTime("Exp(0.1)");
		scenario.setWorkload(workload);
		ScenarioBehaviour behaviour = PCM.createScenarioBehaviour();
		Loop loop = PCM.createLoop();
		loop.setName("sessions");
		loop.setIterations("5");
		ScenarioBehaviour loopBody = PCM.createScenarioBehaviour();
		Delay think = PCM.createDelay();
		think.setName("think");
		think.setTime("2.5");
		chain(loopBody.getActions(), PCM.createStart(), think, PCM.createStop());
		loop.setBody(loopBody);
		Branch branch = PCM.createBranch();
		branch.setName("read or not");
		for (double probability : new double[] { 0.3, 0.7 }) {
			ScenarioBranchTransition transition = PCM.createScenarioBranchTransition();
			transition.setProbability(probability);
			ScenarioBehaviour transitionBody = PCM.createScenarioBehaviour();
			chain(transitionBody.getActions(), PCM.createStart(), PCM.createStop());
			transition.setBody(transitionBody);
			branch.getTransitions().add(transition);
		}
		chain(behaviour.getActions(), PCM.createStart(), loop, branch, PCM.createStop());
		scenario.setBehaviour(behaviour);
		usageModel.getScenarios().add(scenario);
		model.setUsageModel(usageModel);

		Shells.Opened opened = open(DiagramKind.USAGE, model, model);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			DiagramNode scenarioRegion = diagram.nodeOf(scenario);
			assertSame(scenarioRegion, diagram.topLevelNodes().get(0), "each scenario is a region");
			assertSame(workload, scenarioRegion.children().get(0).element());
			assertTrue(scenarioRegion.children().get(0).label().contains("20"));
			DiagramNode loopRegion = diagram.nodeOf(loop);
			assertEquals(List.copyOf(loopBody.getActions()), elements(loopRegion.children()));
			assertTrue(diagram.nodeOf(think).label().contains("time: 2.5"), diagram.nodeOf(think).label());
			DiagramNode branchRegion = diagram.nodeOf(branch);
			assertEquals(List.copyOf(branch.getTransitions()), elements(branchRegion.children()));
			assertTrue(branchRegion.children().get(1).label().contains("probability 0.7"), branchRegion.children().get(1).label());
			DrawingTest.assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-usage-loop-branch");
		} finally {
			opened.close();
		}
	}

	/** Adds actions to a behaviour, each the successor of the one before. */
	@SafeVarargs
	private static <A extends EObject> void chain(List<? super A> steps, A... actions) {
		for (int index = 0; index < actions.length; index++) {
			steps.add(actions[index]);
			if (index > 0) {
				if (actions[index] instanceof AbstractAction action) {
					action.setPredecessor((AbstractAction) actions[index - 1]);
				} else {
					((UserAction) actions[index]).setPredecessor((UserAction) actions[index - 1]);
				}
			}
		}
	}

	private static List<EObject> elements(List<DiagramNode> nodes) {
		return nodes.stream().map(DiagramNode::element).toList();
	}
}
