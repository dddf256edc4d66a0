package org.iosim.ui.diagram.tests;

import static org.iosim.ui.diagram.tests.Shells.open;
import static org.iosim.ui.diagram.tests.Shells.screenshot;
import static org.iosim.ui.testing.UiThread.ui;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Connector;
import org.iosim.pcm.Repository;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.internal.Diagram;
import org.iosim.ui.diagram.internal.DiagramNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A composite component is drawn as a box holding its assemblies and their connectors, in the
 * repository diagram and, for an assembly of it, in the system diagram. The example is Palladio's
 * SimpleOptimisation_Example beside the repository; the tests are skipped without it.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CompositeTest {

	private static final String EXAMPLE = "SimpleOptimisation_Example";

	@Test
	void theRepositoryDiagramDrawsACompositeAsABoxHoldingItsAssembliesAndConnectors() {
		ArchitectureModel model = Shells.palladioExample(EXAMPLE, "newWithComposites.system");
		List<CompositeComponent> composites = model.getRepositories().stream().map(Repository::getComponents)
				.flatMap(List::stream).filter(CompositeComponent.class::isInstance).map(CompositeComponent.class::cast).toList();
		assertFalse(composites.isEmpty(), "the example's repository has composites");
		Shells.Opened opened = open(DiagramKind.REPOSITORY, model, model);
		try {
			Diagram diagram = ui(opened.viewer()::diagram);
			for (CompositeComponent composite : composites) {
				assertFalse(composite.getAssemblyContexts().isEmpty(), composite.getName() + " holds assemblies");
				assertHolds(diagram, diagram.nodeOf(composite), composite.getAssemblyContexts(), composite.getConnectors());
			}
			DrawingTest.assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-repository-composites");
		} finally {
			opened.close();
		}
	}

	@Test
	void theSystemDiagramDrawsAnAssemblyOfACompositeAsABoxHoldingTheCompositesAssemblies() {
		ArchitectureModel model = Shells.palladioExample(EXAMPLE, "newWithComposites.system");
		List<AssemblyContext> ofComposites = model.getSystem().getAssemblyContexts().stream()
				.filter(assembly -> assembly.getComponent() instanceof CompositeComponent).toList();
		assertFalse(ofComposites.isEmpty(), "newWithComposites.system has an assembly of a composite");
		Shells.Opened opened = open(DiagramKind.SYSTEM, model, model);
		try {
			Diagram diagram = ui(opened.viewer()::diagram);
			for (AssemblyContext assembly : ofComposites) {
				CompositeComponent composite = (CompositeComponent) assembly.getComponent();
				assertHolds(diagram, diagram.nodeOf(assembly), composite.getAssemblyContexts(), composite.getConnectors());
			}
			// the system's own connectors, e.g. to the assembly of the composite, are drawn too
			for (Connector connector : model.getSystem().getConnectors()) {
				assertTrue(diagram.edges().stream().anyMatch(edge -> edge.element() == connector), connector + " is drawn");
			}
			DrawingTest.assertNoOverlap(diagram);
			screenshot(opened.viewer(), "diagram-system-composites");
		} finally {
			opened.close();
		}
	}

	/** A region whose nodes are the assemblies, each inside it, with a line for each connector. */
	private static void assertHolds(Diagram diagram, DiagramNode box, List<AssemblyContext> assemblies,
			List<? extends Connector> connectors) {
		assertNotNull(box);
		assertTrue(box.isRegion(), () -> box + " is a box holding nodes");
		for (AssemblyContext inner : assemblies) {
			DiagramNode node = diagram.nodeOf(inner);
			assertNotNull(node, () -> inner.getName() + " is drawn");
			assertSame(box, node.parent(), () -> inner.getName() + " is drawn inside " + box);
			assertTrue(node.absoluteX() >= box.absoluteX() && node.absoluteY() >= box.absoluteY()
					&& node.absoluteX() + node.width() <= box.absoluteX() + box.width()
					&& node.absoluteY() + node.height() <= box.absoluteY() + box.height(), () -> node + " lies within " + box);
		}
		for (EObject connector : connectors) {
			assertTrue(diagram.edges().stream().anyMatch(edge -> edge.element() == connector), () -> connector + " is drawn");
		}
	}
}
