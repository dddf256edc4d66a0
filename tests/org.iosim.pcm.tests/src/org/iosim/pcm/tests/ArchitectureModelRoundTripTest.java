package org.iosim.pcm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.iosim.testing.Behaviours.internalAction;
import static org.iosim.testing.Behaviours.resourceDemand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchitectureModelRoundTripTest {

	@TempDir
	Path folder;

	/** One component with one operation on one processor-sharing CPU, called by a closed workload. */
	private static ArchitectureModel singleServer() {
		SingleServerModel model = new SingleServerModel("single server");
		model.server().processorSharing(model.cpu(), "1.0");
		model.seff(internalAction("work", resourceDemand(model.cpu(), "Exp(2.0)"))).closedScenario("browse", 7, "Exp(0.1)");
		// the id the saved file is checked for
		model.systemRole().setId("role.system");
		return model.build();
	}

	@Test
	void savedModelLoadsEqualWithReferencesResolved() throws IOException {
		ArchitectureModel original = singleServer();

		Path file = folder.resolve("single-server.iosim");
		save(original, file);
		ArchitectureModel loaded = load(file);

		assertTrue(EcoreUtil.equals(original, loaded), "loaded model equals the saved one");
		EntryLevelSystemCall call = (EntryLevelSystemCall) loaded.getUsageModel().getScenarios().get(0)
				.getBehaviour().getActions().get(1);
		OperationProvidedRole systemRole = (OperationProvidedRole) loaded.getSystem().getProvidedRoles().get(0);
		assertSame(systemRole, call.getProvidedRole(), "cross references resolve to the loaded elements");
		assertEquals(7, ((ClosedWorkload) loaded.getUsageModel().getScenarios().get(0).getWorkload()).getPopulation());
	}

	@Test
	void referencesAreWrittenAsIdsSoFilesSurviveReordering() throws IOException {
		Path file = folder.resolve("ids.iosim");
		save(singleServer(), file);
		String xml = Files.readString(file);
		assertTrue(xml.contains("providedRole=\"role.system\""), xml);
		assertTrue(xml.contains("demand=\"Exp(2.0)\""), xml);
	}

	@Test
	void nestedBehavioursSurviveRoundTrip() throws IOException {
		ArchitectureModel original = singleServer();
		BasicComponent server = (BasicComponent) original.getRepositories().get(0).getComponents().get(0);
		ResourceDemandingSeff seff = server.getSeffs().get(0);
		var branch = PcmFactory.eINSTANCE.createBranchAction();
		branch.setId("branch");
		ProbabilisticBranchTransition likely = PcmFactory.eINSTANCE.createProbabilisticBranchTransition();
		likely.setId("likely");
		likely.setProbability(0.75);
		likely.setBehaviour(PcmFactory.eINSTANCE.createResourceDemandingBehaviour());
		InternalAction nested = PcmFactory.eINSTANCE.createInternalAction();
		nested.setId("nested");
		likely.getBehaviour().getSteps().add(nested);
		branch.getBranches().add(likely);
		seff.getSteps().add(branch);

		Path file = folder.resolve("nested.iosim");
		save(original, file);
		assertTrue(EcoreUtil.equals(original, load(file)));
	}

	private static void save(ArchitectureModel model, Path file) throws IOException {
		Resource resource = new IosimResourceFactory().createResource(URI.createFileURI(file.toString()));
		resource.getContents().add(model);
		resource.save(null);
	}

	private static ArchitectureModel load(Path file) throws IOException {
		var resourceSet = new ResourceSetImpl();
		resourceSet.getResourceFactoryRegistry().getExtensionToFactoryMap()
				.put(IosimResourceFactory.FILE_EXTENSION, new IosimResourceFactory());
		Resource resource = resourceSet.getResource(URI.createFileURI(file.toString()), true);
		return (ArchitectureModel) resource.getContents().get(0);
	}
}
