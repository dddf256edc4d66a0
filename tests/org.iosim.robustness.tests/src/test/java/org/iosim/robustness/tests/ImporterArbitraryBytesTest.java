package org.iosim.robustness.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.iosim.pcm.palladio.ImportResult;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Any bytes, and well-formed documents built from the elements, types and references of PCM and
 * IOSim files in any arrangement, under any model file extension give diagnostics and never anything
 * else (see {@link ImporterHarness}); bytes that are not even XML are always an error.
 */
class ImporterArbitraryBytesTest {

	private static final List<String> EXTENSIONS = List.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel", "resourcetype", "iosim");

	private static final String NAMESPACES = " xmlns:xmi=\"http://www.omg.org/XMI\""
			+ " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
			+ " xmlns:repository=\"http://palladiosimulator.org/PalladioComponentModel/Repository/5.2\""
			+ " xmlns:seff=\"http://palladiosimulator.org/PalladioComponentModel/SEFF/5.2\""
			+ " xmlns:system=\"http://palladiosimulator.org/PalladioComponentModel/System/5.2\""
			+ " xmlns:allocation=\"http://palladiosimulator.org/PalladioComponentModel/Allocation/5.2\""
			+ " xmlns:resourceenvironment="
			+ "\"http://palladiosimulator.org/PalladioComponentModel/ResourceEnvironment/5.2\""
			+ " xmlns:usagemodel=\"http://palladiosimulator.org/PalladioComponentModel/UsageModel/5.2\""
			+ " xmlns:resourcetype=\"http://palladiosimulator.org/PalladioComponentModel/ResourceType/5.2\""
			+ " xmlns:pcm=\"http://iosim.org/pcm/1.0\"";

	private static final List<String> ROOTS = List.of("<repository:Repository" + NAMESPACES + " id=\"r\">",
			"<system:System" + NAMESPACES + " id=\"s\">", "<allocation:Allocation" + NAMESPACES + " id=\"a\">",
			"<resourceenvironment:ResourceEnvironment" + NAMESPACES + ">", "<usagemodel:UsageModel" + NAMESPACES + ">",
			"<resourcetype:ResourceRepository" + NAMESPACES + ">", "<xmi:XMI" + NAMESPACES + ">",
			"<pcm:ArchitectureModel" + NAMESPACES + " name=\"m\">");

	private static final List<String> FEATURES = List.of("components__Repository", "interfaces__Repository",
			"dataTypes__Repository", "signatures__OperationInterface", "providedRoles_InterfaceProvidingEntity",
			"requiredRoles_InterfaceRequiringEntity", "serviceEffectSpecifications__BasicComponent",
			"steps_Behaviour", "branches_Branch", "branchBehaviour_BranchTransition", "bodyBehaviour_Loop",
			"resourceDemand_Action", "specification_ParametericResourceDemand", "resourceCall__Action",
			"requiredResource_ParametricResourceDemand", "assemblyContexts__ComposedStructure",
			"connectors__ComposedStructure", "encapsulatedComponent__AssemblyContext", "allocationContexts_Allocation",
			"system_Allocation", "resourceContainer_ResourceEnvironment",
			"activeResourceSpecifications_ResourceContainer", "processingRate_ProcessingResourceSpecification",
			"nestedResourceContainers__ResourceContainer", "linkingResources__ResourceEnvironment",
			"usageScenario_UsageModel", "scenarioBehaviour_UsageScenario", "actions_ScenarioBehaviour",
			"workload_UsageScenario", "inputVariableUsages__CallAction", "variableCharacterisation_VariableUsage",
			"namedReference__VariableUsage", "innerReference_NamespaceReference",
			"resourceInterfaces__ResourceRepository", "availableResourceTypes_ResourceRepository",
			"repository:Repository", "repositories", "components", "seffs", "steps", "branches", "behaviour",
			"resourceDemands", "system", "assemblyContexts", "allocation", "resourceEnvironment", "containers",
			"usageModel", "scenarios", "successor", "role");

	private static final List<String> ATTRIBUTES = List.of("xsi:type=\"repository:BasicComponent\"",
			"xsi:type=\"repository:CompositeComponent\"", "xsi:type=\"repository:OperationInterface\"",
			"xsi:type=\"repository:OperationProvidedRole\"", "xsi:type=\"seff:ResourceDemandingSEFF\"",
			"xsi:type=\"seff:StartAction\"", "xsi:type=\"seff:BranchAction\"", "xsi:type=\"seff:LoopAction\"",
			"xsi:type=\"seff:ForkAction\"", "xsi:type=\"seff:ProbabilisticBranchTransition\"",
			"xsi:type=\"seff:GuardedBranchTransition\"", "xsi:type=\"composition:AssemblyConnector\"",
			"xsi:type=\"usagemodel:Loop\"", "xsi:type=\"usagemodel:ClosedWorkload\"",
			"xsi:type=\"stoex:NamespaceReference\"", "xsi:type=\"pcm:StartAction\"", "xsi:type=\"pcm:BasicComponent\"",
			"xsi:type=\"pcm:BranchAction\"", "xsi:type=\"resourcetype:ProcessingResourceType\"", "xsi:type=\"\"",
			"id=\"a\"", "id=\"b\"", "id=\"c\"", "xmi:id=\"a\"", "entityName=\"n\"", "name=\"n\"",
			"href=\"#a\"", "href=\"model.repository#b\"", "href=\"model.system#c\"", "href=\"model.allocation#/\"",
			"href=\"#//@components__Repository.0\"", "href=\"#//@steps_Behaviour.-1\"", "href=\"\"",
			"href=\"pathmap://PCM_MODELS/Palladio.resourcetype#_oro4gG3fEdy4YaaT-RYrLQ\"",
			"href=\"pathmap://PCM_MODELS/PrimitiveTypes.repository#//@dataTypes__Repository.9\"",
			"successor_AbstractAction=\"a\"", "predecessor_AbstractAction=\"b\"", "successor=\"a b\"",
			"describedService__SEFF=\"c\"", "specification=\"Exp(1)\"", "specification=\"(((\"",
			"branchProbability=\"0.5\"", "branchProbability=\"NaN\"", "population=\"-3\"",
			"numberOfReplicas=\"2147483648\"", "type=\"VALUE\"", "type=\"NOPE\"", "referenceName=\"x\"",
			"encapsulatedComponent__AssemblyContext=\"a\"", "system_Allocation=\"s\"",
			"providedRole_EntryLevelSystemCall=\"model.system#a\"", "demand=\"1\"");

	private static ImporterSandbox sandbox;

	@BeforeContainer
	static void openSandbox() {
		sandbox = new ImporterSandbox();
	}

	@AfterContainer
	static void closeSandbox() {
		sandbox.close();
	}

	@Property(seed = "5550142297712048345")
	void arbitraryBytesGiveAnError(@ForAll("extensions") String extension, @ForAll @Size(max = 4096) byte[] content)
			throws IOException {
		ImportResult result = importFile(extension, content);

		if (!result.hasErrors()) {
			throw new AssertionError("bytes that are no model imported without error: " + result.diagnostics());
		}
	}

	@Property(seed = "-808163717466021153")
	void wellFormedDocumentsOfPcmVocabularyGiveOnlyDiagnostics(@ForAll("documentSets") Map<String, String> files)
			throws IOException {
		Path folder = sandbox.newFolder();
		try {
			List<Path> paths = new ArrayList<>(List.of(folder));
			for (Map.Entry<String, String> file : files.entrySet()) {
				Path written = Files.writeString(folder.resolve("model." + file.getKey()), file.getValue());
				if (file.getKey().equals("iosim")) {
					// folders are searched for Palladio files only
					paths.add(written);
				}
			}
			ImportResult result = ImporterHarness.importPaths(paths);

			sandbox.checkNothingFetched(result);
			Statistics.label("outcome").collect(result.hasErrors() ? "errors"
					: result.modelSets().isEmpty() ? "no model set" : "model sets without import errors");
		} finally {
			ImporterSandbox.delete(folder);
		}
	}

	@Provide
	Arbitrary<String> extensions() {
		return Arbitraries.of(EXTENSIONS);
	}

	/**
	 * One to four files (by extension) of well-formed XML built from the elements, types and
	 * references of PCM and IOSim files in any arrangement: they get past the parser into the
	 * mapping and reference resolution, which random bytes never reach.
	 */
	@Provide
	Arbitrary<Map<String, String>> documentSets() {
		Arbitrary<String> document = Combinators.combine(Arbitraries.of(ROOTS), element(4).list().ofMaxSize(5))
				.as((root, children) -> "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root
						+ String.join("\n", children) + "</" + root.substring(1, root.indexOf(' ')) + ">");
		return Arbitraries.maps(Arbitraries.of(EXTENSIONS), document).ofMinSize(1).ofMaxSize(4);
	}

	private static Arbitrary<String> element(int depth) {
		Arbitrary<String> name = Arbitraries.of(FEATURES);
		Arbitrary<String> attributes = Arbitraries.of(ATTRIBUTES).list().ofMaxSize(4)
				.uniqueElements(attribute -> attribute.substring(0, attribute.indexOf('=')))
				.map(list -> list.isEmpty() ? "" : " " + String.join(" ", list));
		if (depth == 0) {
			return Combinators.combine(name, attributes).as((tag, written) -> "<" + tag + written + "/>");
		}
		return Combinators.combine(name, attributes, element(depth - 1).list().ofMaxSize(3))
				.as((tag, written, children) -> "<" + tag + written + ">" + String.join("", children) + "</" + tag
						+ ">");
	}

	private static ImportResult importFile(String extension, byte[] content) throws IOException {
		Path folder = sandbox.newFolder();
		try {
			Path file = Files.write(folder.resolve("model." + extension), content);
			ImportResult result = ImporterHarness.importPaths(List.of(file));
			sandbox.checkNothingFetched(result);
			return result;
		} finally {
			ImporterSandbox.delete(folder);
		}
	}
}
