package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.RESOURCES;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.iosim.pcm.palladio.tests.TestModels.errors;
import static org.iosim.pcm.palladio.tests.TestModels.importResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broken and invalid models give precise diagnostics, never exceptions. */
class MalformedModelsTest {

	private static final Path MALFORMED = RESOURCES.resolve("malformed");

	@TempDir
	Path folder;

	@Test
	void brokenXmlNamesFileLineAndParserMessage() {
		ImportResult result = importResource("malformed/broken-xml");

		assertTrue(result.hasErrors());
		assertEquals(List.of(), result.modelSets());
		Diagnostic error = result.errors().get(0);
		String file = MALFORMED.resolve("broken-xml/broken.repository").toString();
		assertEquals(file, error.file());
		assertEquals(5, error.line());
		assertTrue(error.format().startsWith(file + ": line 5, column "), error.format());
		assertTrue(error.message().startsWith("XML is not well-formed: "), error.message());
		assertTrue(error.message().contains("components__Repository"), error.message());
	}

	@Test
	void documentTypeDeclarationsAreRefused() {
		ImportResult result = importResource("malformed/doctype");

		assertEquals(List.of(), result.modelSets());
		assertEquals(1, result.errors().size(), () -> describe(result.diagnostics()));
		Diagnostic error = result.errors().get(0);
		assertEquals(2, error.line());
		assertTrue(error.message().contains("document type declarations are not allowed"), error.message());
	}

	@Test
	void danglingReferencesNameReferenceAndTarget() {
		ImportResult result = importResource("malformed/dangling-href");

		String system = MALFORMED.resolve("dangling-href/dangling.system").toString();
		String missing = MALFORMED.resolve("dangling-href/missing.repository").toString();
		assertEquals(List.of(missing + ": the file does not exist",
				system + ": line 4: Ghost_1 (AssemblyContext 'Ghost_1', ghost.assembly): reference 'component' points to "
						+ "'missing.repository#ghost', but file '" + missing
						+ "' cannot be read (further references into it are not listed)",
				system + ": line 7: Typo_1 (AssemblyContext 'Typo_1', typo.assembly): reference 'component' points to "
						+ "'../../minimal/shop.repository#catalgo', which does not exist"),
				result.errors().stream().map(Diagnostic::format).toList());
	}

	@Test
	void badStochasticExpressionNamesAttributeTextAndColumn() {
		List<Diagnostic> found = validationErrors(importResource("malformed/bad-stoex"), "demand");

		assertEquals(1, found.size(), () -> describe(found));
		Diagnostic error = found.get(0);
		String text = "DoublePMF[(1.0;0.5)(2.0;0.5]";
		Matcher matcher = Pattern.compile("'demand' = \"" + Pattern.quote(text)
				+ "\" is not a valid stochastic expression at column (\\d+): .+").matcher(error.message());
		assertTrue(matcher.matches(), error.message());
		int column = Integer.parseInt(matcher.group(1));
		assertTrue(column >= 1 && column <= text.length() + 1, "column " + column);
		assertEquals("Calculator/compute/work", error.elementPath());
		assertEquals("ParametricResourceDemand", error.elementType());
		assertEquals(MALFORMED.resolve("bad-stoex/stoex.repository").toString(), error.file());
	}

	/** As in CoCoME's PCMPrivacy models: the usage model calls a component's role, so no system goes with it. */
	@Test
	void usageModelCallingAComponentsRoleSaysWhyItHasNoSystem() {
		List<Diagnostic> found = validationErrors(importResource("malformed/usage-without-system"), "system");

		assertEquals(List.of(MALFORMED.resolve("usage-without-system/orders.usagemodel")
				+ ": (ArchitectureModel 'orders'): the model set has no system",
				MALFORMED.resolve("usage-without-system/orders.usagemodel")
						+ ": line 6: Ordering/OrderingBehaviour/place (EntryLevelSystemCall 'place', usage.place): role"
						+ " OperationProvidedRole 'Frontend_IOrdering' (frontend.ordering) belongs to BasicComponent"
						+ " 'Frontend' (frontend), not to a system: a usage model calls the provided roles of a system"),
				found.stream().map(Diagnostic::format).toList());
	}

	@Test
	void branchProbabilitiesMustSumToOne() {
		List<Diagnostic> found = validationErrors(importResource("malformed/probabilities"), "probabilit");

		assertEquals(List.of(MALFORMED.resolve("probabilities/branches.repository")
				+ ": line 7: Router/route/choice (BranchAction 'choice', route.choice): "
				+ "branch probabilities sum to 0.9 (0.5 + 0.4), not 1"), found.stream().map(Diagnostic::format).toList());
	}

	@Test
	void unreachableActionIsNamed() {
		List<Diagnostic> found = validationErrors(importResource("malformed/unreachable"), "reachable");

		assertEquals(1, found.size(), () -> describe(found));
		assertEquals("encrypt", found.get(0).elementName());
		assertEquals("send.encrypt", found.get(0).elementId());
		assertEquals("action 'encrypt' is not reachable from the StartAction of its behaviour: "
				+ "no chain of successors leads to it", found.get(0).message());
	}

	@Test
	void unallocatedAssemblyContextIsTheOnlyError() {
		ImportResult result = importResource("malformed/unallocated/partial.allocation", "external-call/orders.usagemodel");
		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		assertEquals(1, result.modelSets().size());

		List<Diagnostic> found = errors(TestModels.validate(result.modelSets().get(0).model()));

		assertEquals(List.of(RESOURCES.resolve("external-call/orders.system")
				+ ": line 6: Backend_1 (AssemblyContext 'Backend_1', backend.assembly): the assembly context is not allocated: "
				+ "no allocation context of Allocation 'PartialDeployment' (partial.allocation) places it on a resource container"),
				found.stream().map(Diagnostic::format).toList());
	}

	@Test
	void missingPathIsAnError() {
		ImportResult result = importResource("no-such-folder");

		assertEquals(List.of(RESOURCES.resolve("no-such-folder") + ": the file or folder does not exist"),
				result.diagnostics().stream().map(Diagnostic::format).toList());
	}

	@Test
	void unknownActionTypeIsAnUnsupportedError() throws IOException {
		// SignalAction stands for an action type IOSim does not know, e.g. one of a Palladio extension
		Path repository = write("events.repository", repository("""
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="emit"/>
				<steps_Behaviour xsi:type="seff:SignalAction" id="emit" entityName="notify" predecessor_AbstractAction="start" successor_AbstractAction="stop"/>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="emit"/>
				"""));

		ImportResult result = new PalladioImporter().importPath(repository);

		assertEquals(List.of(repository + ": line 7: Worker/work (ResourceDemandingSeff, seff): "
				+ "unsupported: action type 'SignalAction' cannot be imported"),
				result.errors().stream().map(Diagnostic::format).toList());
	}

	@Test
	void behaviourWithAnUnsupportedActionIsNotCheckedFurther() throws IOException {
		Path repository = write("events.repository", repository("""
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="emit"/>
				<steps_Behaviour xsi:type="seff:SignalAction" id="emit" entityName="notify" predecessor_AbstractAction="start" successor_AbstractAction="compute"/>
				<steps_Behaviour xsi:type="seff:InternalAction" id="compute" entityName="compute" predecessor_AbstractAction="emit" successor_AbstractAction="stop"/>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="compute"/>
				"""));

		ImportResult result = new PalladioImporter().importPath(repository);
		List<Diagnostic> validation = TestModels.validate(result.modelSets().get(0).model());

		// without the emit action, the start has no successor and compute and stop are unreachable: all follow-ons
		List<String> aboutTheSeff = validation.stream()
				.filter(diagnostic -> List.of("seff", "start", "compute", "stop").contains(String.valueOf(diagnostic.elementId())))
				.map(Diagnostic::format).toList();
		assertEquals(List.of(repository + ": line 5: Worker/work (ResourceDemandingSeff, seff): the rest of this"
				+ " behaviour was not checked: action 'notify' (SignalAction) at line 7 was not imported (see its"
				+ " 'unsupported' error), so its chain of actions from StartAction to StopAction has a gap"), aboutTheSeff);
	}

	@Test
	void errorsBelongToTheModelSetsWhoseFilesHoldThem() throws IOException {
		TestModels.copy(RESOURCES.resolve("annotated"), folder.resolve("good"));
		TestModels.copy(RESOURCES.resolve("annotated"), folder.resolve("bad"));
		Path repository = folder.resolve("bad/shop.repository");
		Files.writeString(repository, Files.readString(repository).replace("seff:InternalAction", "seff:SignalAction"));

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of("bad/shop", "good/shop"), result.modelSets().stream().map(set -> set.name()).toList());
		assertEquals(List.of(repository + ": line 7: Checkout/pay (ResourceDemandingSeff, checkout.pay): unsupported:"
				+ " action type 'SignalAction' cannot be imported"),
				result.errorsIn(result.modelSets().get(0)).stream().map(Diagnostic::format).toList());
		assertEquals(List.of(), result.errorsIn(result.modelSets().get(1)));
	}

	@Test
	void referenceToAnUnsupportedElementIsNotReportedAsUnset() throws IOException {
		// SignalGroup stands for an interface type IOSim does not know, e.g. one of a Palladio extension
		Path repository = write("events.repository", """
				<?xml version="1.0" encoding="UTF-8"?>
				<repository:Repository xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:repository="http://palladiosimulator.org/PalladioComponentModel/Repository/5.2" xmlns:seff="http://palladiosimulator.org/PalladioComponentModel/SEFF/5.2" id="repository" entityName="Repository">
				<components__Repository xsi:type="repository:BasicComponent" id="listener" entityName="Listener">
				<serviceEffectSpecifications__BasicComponent xsi:type="seff:ResourceDemandingSEFF" id="seff" describedService__SEFF="events.changed">
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="stop"/>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="start"/>
				</serviceEffectSpecifications__BasicComponent>
				</components__Repository>
				<interfaces__Repository xsi:type="repository:SignalGroup" id="events" entityName="Events">
				<signals__SignalGroup id="events.changed" entityName="changed"/>
				</interfaces__Repository>
				</repository:Repository>
				""");

		ImportResult result = new PalladioImporter().importPath(repository);
		List<Diagnostic> validation = TestModels.validate(result.modelSets().get(0).model());

		assertEquals(List.of(repository + ": line 9: Repository (Repository 'Repository', repository): unsupported:"
				+ " interface type 'SignalGroup' cannot be imported"),
				result.errors().stream().map(Diagnostic::format).toList());
		assertTrue(validation.stream().noneMatch(diagnostic -> diagnostic.message().contains("describedService")),
				() -> describe(validation));
	}

	@Test
	void everyOtherPcmVersionGetsTheSameWarningNamingItsVersion() throws IOException {
		for (String namespace : List.of("http://sdq.ipd.uka.de/PalladioComponentModel/Repository/5.0",
				"http://sdq.ipd.uka.de/PalladioComponentModel/4.0",
				"http://palladiosimulator.org/PalladioComponentModel/Repository/5.1")) {
			String version = namespace.substring(namespace.lastIndexOf('/') + 1);
			Path repository = write("v" + version + ".repository", repository("""
					<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="stop"/>
					<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="start"/>
					""").replace("http://palladiosimulator.org/PalladioComponentModel/Repository/5.2", namespace));

			ImportResult result = new PalladioImporter().importPath(repository);

			assertEquals(List.of(repository + ": line 2: namespace '" + namespace + "' is PCM " + version
					+ ", not PCM 5.2; the file is read with the feature names of PCM 5.2"),
					result.diagnostics().stream().map(Diagnostic::format).toList());
		}
	}

	@Test
	void reliabilityAnnotationsAreOnlyWarnings() throws IOException {
		Path repository = write("reliable.repository", repository("""
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="compute"/>
				<steps_Behaviour xsi:type="seff:InternalAction" id="compute" entityName="compute" predecessor_AbstractAction="start" successor_AbstractAction="stop">
				  <internalFailureOccurrenceDescriptions__InternalAction failureProbability="0.01"/>
				</steps_Behaviour>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="compute"/>
				"""));

		ImportResult result = new PalladioImporter().importPath(repository);

		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		assertEquals(1, result.diagnostics().size(), () -> describe(result.diagnostics()));
		Diagnostic warning = result.diagnostics().get(0);
		assertEquals(Severity.WARNING, warning.severity());
		assertEquals("Worker/work/compute", warning.elementPath());
		assertTrue(warning.message().startsWith("unsupported: element 'internalFailureOccurrenceDescriptions__InternalAction'"),
				warning.message());
	}

	@Test
	void unknownAttributeIsAnUnsupportedError() throws IOException {
		Path repository = write("odd.repository", repository("""
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="stop" speedup="2"/>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="start"/>
				"""));

		ImportResult result = new PalladioImporter().importPath(repository);

		assertEquals(1, result.errors().size(), () -> describe(result.diagnostics()));
		assertEquals("unsupported: attribute 'speedup' of StartAction cannot be imported, and ignoring it could change "
				+ "performance results", result.errors().get(0).message());
	}

	@Test
	void fileThatIsNoPcmModelIsAnError() throws IOException {
		Path page = write("page.repository", "<?xml version=\"1.0\"?>\n<html><body/></html>\n");

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(page + ": line 2: root element 'html' is not a PCM model (repository, system, resource "
				+ "environment, allocation, usage model or resource types)"),
				result.diagnostics().stream().map(Diagnostic::format).toList());
	}

	@Test
	void fileNoModelSetUsesIsReported() throws IOException {
		Path extra = write("extra.repository", repository("""
				<steps_Behaviour xsi:type="seff:StartAction" id="start" successor_AbstractAction="stop"/>
				<steps_Behaviour xsi:type="seff:StopAction" id="stop" predecessor_AbstractAction="start"/>
				"""));

		ImportResult result = new PalladioImporter().importPaths(List.of(RESOURCES.resolve("minimal"), extra));

		assertEquals(List.of(extra + ": not used by any model set: no allocation, system or usage model refers to it, "
				+ "so it was not imported"), result.diagnostics().stream().map(Diagnostic::format).toList());
		assertEquals(1, result.modelSets().size());
	}

	private static List<Diagnostic> validationErrors(ImportResult result, String messagePart) {
		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		assertEquals(1, result.modelSets().size());
		return errors(TestModels.validate(result.modelSets().get(0).model())).stream()
				.filter(diagnostic -> diagnostic.message().contains(messagePart)).toList();
	}

	private Path write(String name, String content) throws IOException {
		Path file = folder.resolve(name);
		Files.writeString(file, content);
		return file;
	}

	/** A repository whose one component's one SEFF has the given steps, starting on line 6. */
	private static String repository(String steps) {
		return """
				<?xml version="1.0" encoding="UTF-8"?>
				<repository:Repository xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:repository="http://palladiosimulator.org/PalladioComponentModel/Repository/5.2" xmlns:seff="http://palladiosimulator.org/PalladioComponentModel/SEFF/5.2" id="repository" entityName="Repository">
				<components__Repository xsi:type="repository:BasicComponent" id="worker" entityName="Worker">
				<providedRoles_InterfaceProvidingEntity xsi:type="repository:OperationProvidedRole" id="worker.role" providedInterface__OperationProvidedRole="api"/>
				<serviceEffectSpecifications__BasicComponent xsi:type="seff:ResourceDemandingSEFF" id="seff" describedService__SEFF="api.work">
				""" + steps + """
				</serviceEffectSpecifications__BasicComponent>
				</components__Repository>
				<interfaces__Repository xsi:type="repository:OperationInterface" id="api" entityName="Api">
				<signatures__OperationInterface id="api.work" entityName="work"/>
				</interfaces__Repository>
				</repository:Repository>
				""";
	}
}
