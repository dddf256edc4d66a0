package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.example;
import static org.iosim.ui.diagram.tests.Shells.open;
import static org.iosim.ui.diagram.tests.Shells.screenshot;
import static org.iosim.ui.testing.UiThread.ui;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.testing.UiThread;
import org.iosim.ui.diagram.internal.Diagram;
import org.iosim.ui.diagram.internal.DiagramEdge;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.iosim.ui.diagram.internal.DiagramPainter;
import org.iosim.ui.diagram.internal.NodeShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The examples drawn in each kind of diagram: the nodes are the model's elements with their labels,
 * regions hold what the model nests, ELK places nodes without overlap, lines join the right nodes.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DrawingTest {

	@Test
	void theRepositoryDiagramOfTheShopDrawsItsComponentsInterfacesAndRoles() throws Exception {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.REPOSITORY, shop, shop);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			List<RepositoryComponent> components = shop.getRepositories().get(0).getComponents();
			assertEquals(List.of("Frontend", "Catalog"), components.stream().map(RepositoryComponent::getName).toList());
			assertEquals(components, elementsOf(diagram, RepositoryComponent.class));
			assertEquals(2, elementsOf(diagram, OperationInterface.class).size());
			assertTrue(diagram.nodeOf(components.get(0)).label().contains("Frontend"), diagram.nodeOf(components.get(0)).label());
			// Frontend provides Web and requires CatalogService, Catalog provides CatalogService
			assertEquals(3, diagram.edges().size(), diagram.edges()::toString);
			DiagramEdge requires = diagram.edges().stream().filter(edge -> edge.label().equals("requires")).findFirst().orElseThrow();
			assertSame(components.get(0).getRequiredRoles().get(0), requires.source().element());
			assertSame(diagram.nodeOf(components.get(0)), requires.source().attachedTo(), "the socket sits on Frontend");
			assertEquals("CatalogService", ((OperationInterface) requires.target().element()).getName());
			DiagramEdge provides = diagram.edges().stream()
					.filter(edge -> edge.label().equals("provides") && edge.source() == requires.target()).findFirst().orElseThrow();
			assertSame(diagram.nodeOf(components.get(1)), provides.target().attachedTo(), "Catalog's lollipop");
			assertApart(DiagramPainter.ends(requires), DiagramPainter.ends(provides));
			assertRolesOnTheirOwnersBorders(diagram);
			assertLabelsClear(diagram);
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-repository");
		} finally {
			opened.close();
		}
	}

	@Test
	void aPalladioModelsRepositoryDiagramDrawsItsOwnRepositoriesButNotPalladiosPrimitiveTypesOrResourceTypes() {
		ArchitectureModel palladio = Shells.palladioExample("ScreencastMediaStore");
		List<Repository> repositories = palladio.getRepositories();
		Repository primitiveTypes = repositories.stream().filter(repository -> "PrimitiveTypes".equals(repository.getName()))
				.findFirst().orElseThrow(() -> new AssertionError("the import brings Palladio's PrimitiveTypes along"));
		Shells.Opened opened = open(DiagramKind.REPOSITORY, palladio, palladio);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			assertNull(diagram.nodeOf(primitiveTypes), "PrimitiveTypes is drawn");
			List<Repository> own = repositories.stream().filter(repository -> repository != primitiveTypes).toList();
			assertFalse(own.isEmpty());
			for (Repository repository : own) {
				DiagramNode region = diagram.nodeOf(repository);
				assertNotNull(region, () -> repository.getName() + " is not drawn");
				assertFalse(region.children().isEmpty(), () -> repository.getName() + " is drawn empty");
			}
			assertSame(own.get(0), diagram.owner(), "new elements go into the example's own repository");
			for (DiagramNode node : diagram.nodes()) {
				assertFalse(EcoreUtil.isAncestor(palladio.getResourceRepository(), node.element()),
						() -> "Palladio's resource types are drawn: " + node);
			}
			assertRolesOnTheirOwnersBorders(diagram);
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-repository-palladio");
		} finally {
			opened.close();
		}
	}

	@Test
	void theSystemDiagramOfTheShopDrawsAssembliesConnectorsAndTheDelegationFromTheSystemsRole() throws Exception {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.SYSTEM, shop, shop);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			List<AssemblyContext> assemblies = shop.getSystem().getAssemblyContexts();
			assertEquals(assemblies, elementsOf(diagram, AssemblyContext.class));
			for (AssemblyContext assembly : assemblies) {
				DiagramNode node = diagram.nodeOf(assembly);
				assertTrue(node.label().startsWith("Assembly Context " + assembly.getName()), node.label());
				assertSame(shop.getSystem(), node.parent().element(), "assemblies are drawn inside the system");
			}
			DiagramEdge connector = edgeOf(diagram, AssemblyConnector.class);
			assertEquals(NodeShape.REQUIRED_ROLE, connector.source().shape(), "an assembly connector starts at a socket");
			assertEquals("Frontend", ((AssemblyContext) connector.source().attachedTo().element()).getName());
			assertEquals(NodeShape.PROVIDED_ROLE, connector.target().shape(), "and ends at a lollipop");
			assertEquals("Catalog", ((AssemblyContext) connector.target().attachedTo().element()).getName());
			assertRolesOnTheirOwnersBorders(diagram);
			assertLabelsClear(diagram);
			assertEquals("CatalogService", connector.label());
			DiagramEdge delegation = edgeOf(diagram, ProvidedDelegationConnector.class);
			assertSame(shop.getSystem().getProvidedRoles().get(0), delegation.source().element());
			assertNull(delegation.source().parent(), "the system's role is drawn outside the system");
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-system");
		} finally {
			opened.close();
		}
	}

	@Test
	void rolesGoWithTheirAssemblyWhenItIsMovedAndStayInsideTheSystem() {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.SYSTEM, shop, shop);
		try {
			AssemblyContext frontend = shop.getSystem().getAssemblyContexts().get(0);
			UiThread.uiRun(() -> opened.viewer().move(frontend, 0, 200));
			Diagram diagram = ui(() -> opened.viewer().diagram());
			assertEquals(200, diagram.nodeOf(frontend).y(), 0.5);
			assertRolesOnTheirOwnersBorders(diagram);
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-system-moved");
		} finally {
			opened.close();
		}
	}

	@Test
	void theAllocationDiagramDrawsContainersHoldingTheirResourcesAndDeployedAssemblies() throws Exception {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.ALLOCATION, shop, shop);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			List<ResourceContainer> containers = shop.getResourceEnvironment().getContainers();
			assertFalse(containers.isEmpty());
			int deployed = 0;
			for (ResourceContainer container : containers) {
				DiagramNode region = diagram.nodeOf(container);
				assertTrue(region.isRegion(), region::toString);
				List<EObject> inside = region.children().stream().map(DiagramNode::element).toList();
				for (ProcessingResourceSpecification resource : container.getProcessingResources()) {
					assertTrue(inside.contains(resource), () -> "resource of " + container.getName() + " drawn in it: " + inside);
					assertTrue(diagram.nodeOf(resource).label().startsWith(resource.getResourceType().getName()),
							diagram.nodeOf(resource).label());
				}
				for (AllocationContext deployment : shop.getAllocation().getContexts()) {
					if (deployment.getContainer() == container) {
						assertTrue(inside.contains(deployment), () -> deployment.getName() + " drawn in " + container.getName());
						assertTrue(diagram.nodeOf(deployment).label().contains(deployment.getAssemblyContext().getName()));
						deployed++;
					}
				}
			}
			assertEquals(shop.getAllocation().getContexts().size(), deployed);
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-allocation");
		} finally {
			opened.close();
		}
	}

	@Test
	void theRdseffDiagramDrawsTheActionFlowWithDemandsAndSuccessors() throws Exception {
		ArchitectureModel fileServer = example("fileserver");
		BasicComponent component = (BasicComponent) fileServer.getRepositories().get(0).getComponents().get(0);
		ResourceDemandingSeff seff = component.getSeffs().get(0);
		Shells.Opened opened = open(DiagramKind.RDSEFF, fileServer, seff);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			assertEquals(seff.getSteps(), diagram.nodes().stream().map(DiagramNode::element).toList());
			long successors = seff.getSteps().stream().filter(action -> action.getSuccessor() != null).count();
			assertEquals(successors, diagram.edges().size());
			InternalAction internal = (InternalAction) seff.getSteps().stream().filter(InternalAction.class::isInstance)
					.findFirst().orElseThrow();
			String label = diagram.nodeOf(internal).label();
			assertTrue(label.startsWith("Internal Action " + internal.getName()), label);
			assertTrue(label.contains(internal.getResourceDemands().get(0).getDemand()), label);
			assertFlowsDown(diagram, seff.getSteps());
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-rdseff");
		} finally {
			opened.close();
		}
	}

	@Test
	void branchesOfAnRdseffAreRegionsHoldingTheirTransitionsActions() throws Exception {
		ArchitectureModel postmark = example("postmark");
		ResourceDemandingSeff seff = postmark.getRepositories().stream().flatMap(repository -> repository.getComponents().stream())
				.filter(BasicComponent.class::isInstance).flatMap(component -> ((BasicComponent) component).getSeffs().stream())
				.filter(candidate -> candidate.getSteps().stream().anyMatch(BranchAction.class::isInstance)).findFirst()
				.orElseThrow();
		Shells.Opened opened = open(DiagramKind.RDSEFF, postmark, seff);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			BranchAction branch = (BranchAction) seff.getSteps().stream().filter(BranchAction.class::isInstance).findFirst()
					.orElseThrow();
			DiagramNode branchRegion = diagram.nodeOf(branch);
			assertTrue(branchRegion.isRegion());
			assertEquals(branch.getBranches(), branchRegion.children().stream().map(DiagramNode::element).toList());
			for (BranchTransition transition : branch.getBranches()) {
				DiagramNode transitionRegion = diagram.nodeOf(transition);
				assertEquals(transition.getBehaviour().getSteps(),
						transitionRegion.children().stream().map(DiagramNode::element).toList());
				assertFlowsDown(diagram, transition.getBehaviour().getSteps());
			}
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-rdseff-branches");
		} finally {
			opened.close();
		}
	}

	@Test
	void theUsageDiagramDrawsTheWorkloadAndTheScenariosCalls() throws Exception {
		ArchitectureModel fileServer = example("fileserver");
		UsageScenario scenario = fileServer.getUsageModel().getScenarios().get(0);
		Shells.Opened opened = open(DiagramKind.USAGE, fileServer, scenario);
		try {
			Diagram diagram = ui(() -> opened.viewer().diagram());
			List<UserAction> actions = scenario.getBehaviour().getActions();
			List<EObject> expected = new ArrayList<>();
			expected.add(scenario.getWorkload());
			expected.addAll(actions);
			assertEquals(expected, diagram.nodes().stream().map(DiagramNode::element).toList());
			ClosedWorkload workload = (ClosedWorkload) scenario.getWorkload();
			String workloadLabel = diagram.nodeOf(workload).label();
			assertTrue(workloadLabel.contains(String.valueOf(workload.getPopulation())), workloadLabel);
			assertTrue(workloadLabel.contains(workload.getThinkTime()), workloadLabel);
			EntryLevelSystemCall call = (EntryLevelSystemCall) actions.stream().filter(EntryLevelSystemCall.class::isInstance)
					.findFirst().orElseThrow();
			assertTrue(diagram.nodeOf(call).label().contains(call.getSignature().getName()), diagram.nodeOf(call).label());
			assertFlowsDown(diagram, actions);
			assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-usage");
		} finally {
			opened.close();
		}
	}

	@Test
	void clickingANodeSelectsItsElementForThePropertiesView() {
		ArchitectureModel shop = example("minimal");
		Shells.Opened opened = open(DiagramKind.SYSTEM, shop, shop);
		try {
			AssemblyContext catalog = shop.getSystem().getAssemblyContexts().get(1);
			List<Object> seen = new ArrayList<>();
			UiThread.uiRun(() -> opened.viewer().addSelectionChangedListener(
					event -> seen.add(((IStructuredSelection) event.getSelection()).getFirstElement())));
			Shells.click(opened.viewer(), Shells.center(opened.viewer(), catalog));
			assertEquals(List.of(catalog), seen);
			assertEquals(List.of(catalog), ui(() -> opened.viewer().getSelection().toList()));
		} finally {
			opened.close();
		}
	}

	@Test
	void theImageOfADiagramHoldsTheWholeDrawing() {
		ArchitectureModel fileServer = example("fileserver");
		Shells.Opened opened = open(DiagramKind.REPOSITORY, fileServer, fileServer);
		try {
			Rectangle bounds = ui(() -> {
				Image image = opened.viewer().createImage();
				try {
					return image.getBounds();
				} finally {
					image.dispose();
				}
			});
			Diagram diagram = ui(() -> opened.viewer().diagram());
			assertTrue(bounds.width >= diagram.width() && bounds.height >= diagram.height(), bounds::toString);
		} finally {
			opened.close();
		}
	}

	private static <T> List<T> elementsOf(Diagram diagram, Class<T> type) {
		return diagram.nodes().stream().map(DiagramNode::element).filter(type::isInstance).map(type::cast).toList();
	}

	private static DiagramEdge edgeOf(Diagram diagram, Class<?> type) {
		List<DiagramEdge> edges = diagram.edges().stream().filter(edge -> type.isInstance(edge.element())).toList();
		assertEquals(1, edges.size(), () -> type.getSimpleName() + " lines: " + diagram.edges());
		return edges.get(0);
	}

	/**
	 * Every component's or assembly's roles are drawn: each provided role as a lollipop touching its
	 * owner's left border, each required role as a socket touching its right border, within the
	 * owner's height.
	 */
	static void assertRolesOnTheirOwnersBorders(Diagram diagram) {
		int owners = 0;
		for (DiagramNode owner : diagram.nodes()) {
			RepositoryComponent component = owner.element() instanceof RepositoryComponent drawn ? drawn
					: owner.element() instanceof AssemblyContext assembly ? assembly.getComponent() : null;
			if (component == null) {
				continue;
			}
			owners++;
			List<DiagramNode> roles = diagram.nodes().stream().filter(node -> node.attachedTo() == owner).toList();
			List<EObject> expected = new ArrayList<>(component.getProvidedRoles());
			expected.addAll(component.getRequiredRoles());
			assertEquals(expected, roles.stream().map(DiagramNode::element).toList(), () -> "roles drawn on " + owner);
			for (DiagramNode role : roles) {
				boolean provided = component.getProvidedRoles().contains(role.element());
				assertEquals(provided ? NodeShape.PROVIDED_ROLE : NodeShape.REQUIRED_ROLE, role.shape(), role::toString);
				double touching = provided ? role.absoluteX() + role.width() : role.absoluteX();
				double border = provided ? owner.absoluteX() : owner.absoluteX() + owner.width();
				assertEquals(border, touching, 0.5, () -> role + " does not touch the border of " + owner);
				assertTrue(role.absoluteY() >= owner.absoluteY() - 0.5
						&& role.absoluteY() + role.height() <= owner.absoluteY() + owner.height() + 0.5,
						() -> role + " lies beyond the side of " + owner);
				assertTrue(role.width() > 0 && role.height() > 0, role::toString);
			}
		}
		assertTrue(owners > 0, "no component or assembly drawn");
	}

	/**
	 * Every line with a label is routed by ELK (a route of joined horizontal and vertical segments);
	 * no label's box overlaps another label's box or crosses another line.
	 */
	static void assertLabelsClear(Diagram diagram) {
		List<DiagramEdge> labelled = diagram.edges().stream().filter(edge -> !edge.label().isEmpty()).toList();
		assertFalse(labelled.isEmpty());
		for (DiagramEdge edge : diagram.edges()) {
			List<double[]> route = edge.route();
			assertNotNull(route, () -> edge + " is not routed");
			for (int index = 1; index < route.size(); index++) {
				double[] from = route.get(index - 1);
				double[] to = route.get(index);
				assertTrue(Math.abs(from[0] - to[0]) < 0.5 || Math.abs(from[1] - to[1]) < 0.5,
						() -> edge + " has a slanted segment");
			}
		}
		for (DiagramEdge edge : labelled) {
			double[] box = edge.labelBox();
			assertNotNull(box, edge::toString);
			for (DiagramEdge other : labelled) {
				if (other != edge) {
					double[] otherBox = other.labelBox();
					boolean apart = box[0] + box[2] <= otherBox[0] || otherBox[0] + otherBox[2] <= box[0]
							|| box[1] + box[3] <= otherBox[1] || otherBox[1] + otherBox[3] <= box[1];
					assertTrue(apart, () -> "the labels of " + edge + " and " + other + " overlap");
				}
			}
			for (DiagramEdge other : diagram.edges()) {
				if (other != edge) {
					List<double[]> route = DiagramPainter.path(other);
					for (int index = 1; index < route.size(); index++) {
						assertFalse(crosses(box, route.get(index - 1), route.get(index)),
								() -> "the label of " + edge + " lies on " + other);
					}
				}
			}
		}
	}

	/** Whether a horizontal or vertical segment passes through a box's inside. */
	private static boolean crosses(double[] box, double[] from, double[] to) {
		double left = Math.min(from[0], to[0]);
		double right = Math.max(from[0], to[0]);
		double top = Math.min(from[1], to[1]);
		double bottom = Math.max(from[1], to[1]);
		return left < box[0] + box[2] && right > box[0] && top < box[1] + box[3] && bottom > box[1];
	}

	/** Two lines neither share an end nor lie on each other. */
	private static void assertApart(double[][] line, double[][] other) {
		for (double[] end : line) {
			for (double[] otherEnd : other) {
				assertTrue(Math.hypot(end[0] - otherEnd[0], end[1] - otherEnd[1]) > 4,
						() -> "lines meet at " + end[0] + ", " + end[1]);
			}
		}
	}

	/** Nodes of a region (or of the diagram) do not overlap; each lies inside its region. */
	static void assertNoOverlap(Diagram diagram) {
		assertNoOverlap(diagram.topLevelNodes(), null);
	}

	private static void assertNoOverlap(List<DiagramNode> siblings, DiagramNode region) {
		for (int first = 0; first < siblings.size(); first++) {
			DiagramNode node = siblings.get(first);
			assertTrue(node.width() > 0 && node.height() > 0, () -> node + " has no size");
			if (region != null) {
				assertTrue(node.x() >= 0 && node.y() >= 0 && node.x() + node.width() <= region.width()
						&& node.y() + node.height() <= region.height(), () -> node + " lies outside " + region);
			}
			for (int second = first + 1; second < siblings.size(); second++) {
				DiagramNode other = siblings.get(second);
				boolean apart = node.x() + node.width() <= other.x() || other.x() + other.width() <= node.x()
						|| node.y() + node.height() <= other.y() || other.y() + other.height() <= node.y();
				assertTrue(apart, () -> node + " overlaps " + other);
			}
			assertNoOverlap(node.children(), node);
		}
	}

	/** Each action of a chain is drawn below its predecessor. */
	private static void assertFlowsDown(Diagram diagram, List<? extends EObject> actions) {
		for (EObject action : actions) {
			EObject successor = action instanceof AbstractAction step ? step.getSuccessor()
					: action instanceof UserAction user ? user.getSuccessor() : null;
			if (successor != null) {
				DiagramNode from = diagram.nodeOf(action);
				DiagramNode to = diagram.nodeOf(successor);
				assertNotNull(to);
				assertTrue(to.absoluteY() >= from.absoluteY() + from.height(), () -> to + " is not below " + from);
			}
		}
	}
}
