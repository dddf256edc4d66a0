package org.iosim.pcm.palladio.internal;

import static org.iosim.pcm.palladio.internal.PcmNames.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;


import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.AssemblyInfrastructureConnector;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Branch;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.BranchTransition;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.CollectionDataType;
import org.iosim.pcm.CollectionIteratorAction;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.CompositeDataType;
import org.iosim.pcm.Connector;
import org.iosim.pcm.DataType;
import org.iosim.pcm.Delay;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.Entity;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.EventGroup;
import org.iosim.pcm.EventType;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.Identified;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InfrastructureInterface;
import org.iosim.pcm.InfrastructureProvidedRole;
import org.iosim.pcm.InfrastructureRequiredRole;
import org.iosim.pcm.InfrastructureSignature;
import org.iosim.pcm.InnerDeclaration;
import org.iosim.pcm.Interface;
import org.iosim.pcm.InterfaceProvidingRequiringEntity;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.Loop;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.Parameter;
import org.iosim.pcm.ParameterModifier;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.PrimitiveDataType;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingInternalBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ResourceRequiredRole;
import org.iosim.pcm.ResourceSignature;
import org.iosim.pcm.ResourceType;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.SinkDelegationConnector;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.SourceDelegationConnector;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.StopAction;
import org.iosim.pcm.SynchronisationPoint;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.Workload;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.SourceLocation;
import org.iosim.pcm.wiring.HddUse;

/**
 * Writes an architecture model as PCM 5.2 XMI files: the inverse of {@link PcmMapper}, with the same
 * feature names ({@link PcmNames}), so that importing the files gives the model back. The documents are
 * built as element trees ({@link XmiNode}) first; only when the whole model could be expressed does
 * {@link XmiWriter} write them. Load profiles go into DLIM documents ({@link DlimExport}).
 * <p>
 * A model refined by the completion transformation is written as the model it was refined from,
 * as far as the refined model knows it (not the HDD resources the completion removed), with its
 * I/O configuration beside it: each I/O action the completion put beside an action becomes
 * HddInterface calls of that action again, so that the completion with the written configuration
 * refines the files into the same model.
 */
public final class PalladioExport {

	private static final String RESOURCE_TYPES = DefaultModels.PATHMAP_PREFIX + DefaultModels.PCM_MODELS
			+ DefaultModels.RESOURCE_TYPES;
	private static final String PRIMITIVE_TYPES = DefaultModels.PATHMAP_PREFIX + DefaultModels.PCM_MODELS
			+ DefaultModels.PRIMITIVE_TYPES;
	private static final String GENERATED_ID_PREFIX = PalladioExporter.GENERATED_ID_PREFIX;

	private final ArchitectureModel model;
	private final String baseName;
	/** The written file each exported element lives in. */
	private final Map<EObject, String> fileOf = new IdentityHashMap<>();
	private final Map<EObject, String> generatedIds = new IdentityHashMap<>();
	/** The built-in resource types, policies and interfaces, known by id. */
	private final DefaultModels defaults = new DefaultModels();
	private String currentFile;
	/** I/O actions the completion put beside an action, by that action: written as its HddInterface calls. */
	private final Map<AbstractInternalControlFlowAction, IoAction> ioBeside = new IdentityHashMap<>();
	private final Map<IoAction, AbstractInternalControlFlowAction> originOf = new IdentityHashMap<>();
	/**
	 * Components that issue I/O without a role requiring HddInterface (their HDD demands became I/O
	 * requests), with the id of the role written for them, as HddInterface calls need one.
	 */
	private final Map<BasicComponent, String> addedHddRoles = new IdentityHashMap<>();

	public PalladioExport(ArchitectureModel model, String baseName) {
		this.model = model;
		this.baseName = baseName;
	}

	/** @return the files written, repository first */
	public List<Path> writeTo(Path folder, boolean overwrite) throws PalladioExportException {
		checkBaseName();
		Map<String, byte[]> documents = new LinkedHashMap<>();
		for (Map.Entry<String, XmiNode> document : build().entrySet()) {
			documents.put(document.getKey(), XmiWriter.serialise(document.getValue(), document.getKey()));
		}
		Path target = folder.toAbsolutePath().normalize();
		IoConfiguration configuration = ioConfiguration();
		if (configuration != null) {
			String fileName = baseName + ".ioconfig";
			documents.put(fileName, IoConfigurationExport.write(configuration, target, fileName, this::idOf));
		}
		List<Path> files = new ArrayList<>();
		for (String name : documents.keySet()) {
			Path file = target.resolve(name).normalize();
			if (!target.equals(file.getParent())) {
				throw new PalladioExportException("file name '" + name + "' would leave the folder " + target);
			}
			if (!overwrite && Files.exists(file)) {
				throw new PalladioExportException(
						"file '" + file + "' exists; it is not overwritten unless overwriting is asked for");
			}
			files.add(file);
		}
		try {
			Files.createDirectories(target);
			for (int i = 0; i < files.size(); i++) {
				Files.write(files.get(i), documents.get(files.get(i).getFileName().toString()),
						StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
			}
		} catch (IOException e) {
			throw new PalladioExportException("cannot write to '" + target + "': " + e.getMessage(), e);
		}
		return files;
	}

	private void checkBaseName() throws PalladioExportException {
		if (baseName == null || baseName.isBlank() || baseName.contains("/") || baseName.contains("\\")
				|| baseName.equals(".") || baseName.equals("..") || baseName.indexOf('\0') >= 0) {
			throw new PalladioExportException("'" + baseName
					+ "' cannot name the exported files: it must be a non-empty file name without path separators");
		}
	}

	// ------------------------------------------------------------------ documents

	private Map<String, XmiNode> build() throws PalladioExportException {
		String modelName = "model '" + model.getName() + "'";
		ioConfiguration(); // refuses extensions the files cannot hold before anything is built
		List<Repository> repositories = model.getRepositories().stream().filter(r -> !isPrimitiveTypes(r)).toList();
		require(!repositories.isEmpty(), modelName + " has no repository");
		require(model.getSystem() != null, modelName + " has no system");
		require(model.getResourceEnvironment() != null, modelName + " has no resource environment");
		require(model.getAllocation() != null, modelName + " has no allocation");
		require(model.getUsageModel() != null, modelName + " has no usage model");
		List<EObject> ownResourceElements = ownResourceElements(model.getResourceRepository());

		Map<String, EObject> roots = new LinkedHashMap<>();
		for (int i = 0; i < repositories.size(); i++) {
			roots.put(baseName + (i == 0 ? "" : "." + (i + 1)) + ".repository", repositories.get(i));
		}
		roots.put(baseName + ".system", model.getSystem());
		roots.put(baseName + ".resourceenvironment", model.getResourceEnvironment());
		roots.put(baseName + ".allocation", model.getAllocation());
		roots.put(baseName + ".usagemodel", model.getUsageModel());
		for (Map.Entry<String, EObject> root : roots.entrySet()) {
			locate(root.getValue(), root.getKey());
		}
		String resourceTypesFile = baseName + ".resourcetype";
		for (EObject element : ownResourceElements) {
			locate(element, resourceTypesFile);
		}
		planIoActions();
		Map<String, XmiNode> documents = new LinkedHashMap<>();
		for (Map.Entry<String, EObject> root : roots.entrySet()) {
			currentFile = root.getKey();
			documents.put(root.getKey(), switch (root.getValue()) {
			case Repository repository -> repository(repository);
			case SoftwareSystem system -> system(system);
			case ResourceEnvironment environment -> resourceEnvironment(environment);
			case Allocation allocation -> allocation(allocation);
			case UsageModel usageModel -> usageModel(usageModel);
			default -> throw new IllegalStateException("no root kind " + root.getValue().eClass().getName());
			});
		}
		if (!ownResourceElements.isEmpty()) {
			currentFile = resourceTypesFile;
			documents.put(resourceTypesFile, resourceTypes(ownResourceElements));
		}
		loadProfiles(model.getUsageModel(), documents);
		return documents;
	}

	/**
	 * @return the I/O configuration of a refined model, or null; any other extension, which Palladio
	 *         files cannot hold, is refused
	 */
	private IoConfiguration ioConfiguration() throws PalladioExportException {
		IoConfiguration found = null;
		for (EObject extension : model.getExtensions()) {
			if (found == null && extension instanceof IoConfiguration configuration) {
				found = configuration;
			} else {
				throw new PalladioExportException("model '" + model.getName() + "': its extension "
						+ Diagnostic.describe(extension) + (extension instanceof IoConfiguration
								? " is a second I/O configuration; the files can carry one (" + baseName + ".ioconfig)"
								: " cannot be written as Palladio files: IOSim writes only an I/O configuration"
										+ " beside them"));
			}
		}
		return found;
	}

	// ------------------------------------------------------------------ load profiles (SimuLizar's usage evolution, DLIM)

	/**
	 * Workloads with a load profile (open and closed) make {@code BASE.usageevolution}, one usage per profile, and
	 * one DLIM file per profile ({@code BASE.dlim}, {@code BASE.2.dlim}, ...), as SimuLizar reads them.
	 */
	private void loadProfiles(UsageModel usageModel, Map<String, XmiNode> documents) throws PalladioExportException {
		List<UsageScenario> evolved = usageModel.getScenarios().stream()
				.filter(scenario -> scenario.getWorkload() != null && scenario.getWorkload().getLoadProfile() != null)
				.toList();
		if (evolved.isEmpty()) {
			return;
		}
		String usageModelFile = baseName + ".usagemodel";
		XmiNode evolution = new XmiNode("usageevolution:UsageEvolution");
		evolution.attribute("id", GENERATED_ID_PREFIX + "UsageEvolution");
		evolution.attribute("entityName", model.getName() == null ? baseName : model.getName());
		for (int i = 0; i < evolved.size(); i++) {
			UsageScenario scenario = evolved.get(i);
			LoadProfile profile = scenario.getWorkload().getLoadProfile();
			if (profile.getSequence() == null) {
				throw new PalladioExportException(Diagnostic.describe(profile) + " has no sequence to write as a DLIM file");
			}
			String dlimFile = baseName + (i == 0 ? "" : "." + (i + 1)) + ".dlim";
			XmiNode usage = evolution.child("usages");
			identity(usage, profile);
			if (profile.isRepeating()) {
				usage.attribute("repeatingPattern", "true");
			}
			if (profile.getStepWidth() != 1) {
				usage.attribute("evolutionStepWidth", XmiNode.number(profile.getStepWidth()));
			}
			usage.child("loadEvolution").attribute("href", dlimFile + "#/");
			usage.child("scenario").attribute("href", usageModelFile + "#" + idOf(scenario));
			XmiNode sequence = new XmiNode("tools.descartes.dlim:Sequence");
			sequence.attribute("xmi:version", "2.0");
			DlimExport.sequence(sequence, profile.getSequence());
			documents.put(dlimFile, sequence);
		}
		documents.put(baseName + ".usageevolution", evolution);
	}

	private static void require(boolean condition, String problem) throws PalladioExportException {
		if (!condition) {
			throw new PalladioExportException(problem + "; a Palladio model set needs all five models");
		}
	}

	/**
	 * Files refer to the built-in resource types through {@code pathmap://PCM_MODELS/}, and to
	 * scheduling policies of Palladio extensions where they were found; the model's own resource
	 * interfaces, scheduling policies and resource types go into {@code BASE.resourcetype}.
	 *
	 * @return the elements of the resource repository {@code BASE.resourcetype} holds, in the order
	 *         an import reads them (interfaces, policies, types)
	 */
	private List<EObject> ownResourceElements(ResourceRepository repository) {
		List<EObject> own = new ArrayList<>();
		if (repository == null) {
			return own;
		}
		repository.getResourceInterfaces().stream().filter(element -> !isBuiltIn(element)).forEach(own::add);
		repository.getSchedulingPolicies().stream()
				.filter(policy -> !isBuiltIn(policy) && extensionLocation(policy) == null).forEach(own::add);
		repository.getResourceTypes().stream().filter(element -> !isBuiltIn(element)).forEach(own::add);
		return own;
	}

	private boolean isBuiltIn(EObject element) {
		return element instanceof Identified identified && defaults.resourceElement(identified.getId()) != null;
	}

	private static String extensionLocation(SchedulingPolicy policy) {
		return SourceLocation.of(policy).map(SourceLocation::file)
				.filter(file -> file.startsWith(DefaultModels.PATHMAP_PREFIX)).orElse(null);
	}

	private static boolean isPrimitiveTypes(Repository repository) {
		return SourceLocation.of(repository).map(SourceLocation::file).filter(PRIMITIVE_TYPES::equals).isPresent()
				|| (DefaultModels.primitiveTypesId().equals(repository.getId()) && repository.getComponents().isEmpty()
						&& repository.getInterfaces().isEmpty());
	}

	/** Records the file of the root and everything it contains, and ids for elements that have none. */
	private void locate(EObject root, String file) {
		fileOf.put(root, file);
		for (Iterator<EObject> contents = root.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			fileOf.put(element, file);
			if (element instanceof Identified identified && (identified.getId() == null || identified.getId().isEmpty())) {
				generatedIds.put(element, GENERATED_ID_PREFIX + (generatedIds.size() + 1));
			}
		}
	}

	// ------------------------------------------------------------------ resource types

	/** PCM's resource repository has no id, like Palladio.resourcetype's. */
	private XmiNode resourceTypes(List<EObject> ownElements) throws PalladioExportException {
		XmiNode root = new XmiNode("resourcetype:ResourceRepository").attribute("xmi:version", "2.0");
		for (EObject element : ownElements) {
			switch (element) {
			case ResourceInterface resourceInterface -> {
				XmiNode interfaceNode = root.child(RESOURCE_INTERFACES__RESOURCE_REPOSITORY);
				identity(interfaceNode, resourceInterface);
				for (ResourceSignature signature : resourceInterface.getSignatures()) {
					XmiNode signatureNode = interfaceNode.child(RESOURCE_SIGNATURES__RESOURCE_INTERFACE);
					identity(signatureNode, signature);
					signatureNode.attribute("resourceServiceId", Integer.toString(signature.getResourceServiceId()));
					parameters(signatureNode, PARAMETER__RESOURCE_SIGNATURE, signature.getParameters());
				}
			}
			case SchedulingPolicy policy -> identity(root.child(SCHEDULING_POLICIES__RESOURCE_REPOSITORY), policy);
			case ResourceType type -> {
				XmiNode typeNode = root.child(AVAILABLE_RESOURCE_TYPES_RESOURCE_REPOSITORY);
				// IOSim's resource type classes are PCM's, by name
				typeNode.attribute("xsi:type", "resourcetype:" + type.eClass().getName());
				identity(typeNode, type);
				// PCM provides an interface through a role; IOSim keeps only the interface, so the role's id is made up
				for (ResourceInterface provided : type.getProvidedInterfaces()) {
					XmiNode roleNode = typeNode.child(RESOURCE_PROVIDED_ROLES__RESOURCE_INTERFACE_PROVIDING_ENTITY)
							.attribute("id", idOf(type) + "_provides_" + idOf(provided));
					refer(roleNode, PROVIDED_RESOURCE_INTERFACE__RESOURCE_PROVIDED_ROLE, provided);
				}
			}
			default -> throw cannotWrite(element);
			}
		}
		return root;
	}

	// ------------------------------------------------------------------ I/O of a refined model

	/**
	 * Finds the I/O actions the completion put beside an action, and the components that need a role
	 * for the HddInterface calls their I/O actions become.
	 */
	private void planIoActions() throws PalladioExportException {
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			if (!(contents.next() instanceof IoAction io)) {
				continue;
			}
			AbstractInternalControlFlowAction origin = completionOrigin(io);
			if (origin != null) {
				ioBeside.put(origin, io);
				originOf.put(io, origin);
			}
			BasicComponent component = componentOf(io);
			if (component == null) {
				throw new PalladioExportException(Diagnostic.describe(io) + " is not in a behaviour of a basic"
						+ " component, so no component could issue its requests as HddInterface calls");
			}
			if (hddRole(component) == null) {
				addedHddRoles.computeIfAbsent(component, c -> PalladioExporter.HDD_ROLE_ID_PREFIX + idOf(c));
			}
		}
	}

	/**
	 * @return the action whose HDD use the completion turned into this I/O action, or null for an I/O
	 *         action of the model's own. The completion names it after the action ({@link HddUse#isIoActionOf})
	 *         and puts it after the action, or before it when it is a stop action.
	 */
	private static AbstractInternalControlFlowAction completionOrigin(IoAction io) {
		if (!io.getResourceDemands().isEmpty() || !io.getResourceCalls().isEmpty() || !io.getInfrastructureCalls().isEmpty()) {
			return null;
		}
		for (AbstractAction candidate : new AbstractAction[] { io.getPredecessor(), io.getSuccessor() }) {
			if (candidate instanceof AbstractInternalControlFlowAction origin && !(candidate instanceof IoAction)
					&& HddUse.isIoActionOf(io, origin) && origin.eContainer() == io.eContainer()
					&& (candidate == io.getPredecessor() || candidate instanceof StopAction) && !usesHdd(origin)) {
				return origin;
			}
		}
		return null;
	}

	/** An action whose HDD use is left would have it joined with the I/O action's requests when refined again. */
	private static boolean usesHdd(AbstractInternalControlFlowAction action) {
		return action.getResourceDemands().stream().anyMatch(demand -> HddUse.isHdd(demand.getRequiredResource()))
				|| action.getResourceCalls().stream()
						.anyMatch(call -> call.getRole() != null && HddUse.isHddInterface(call.getRole().getRequiredInterface()));
	}

	private static BasicComponent componentOf(EObject element) {
		for (EObject container = element.eContainer(); container != null; container = container.eContainer()) {
			if (container instanceof BasicComponent component) {
				return component;
			}
		}
		return null;
	}

	private static ResourceRequiredRole hddRole(BasicComponent component) {
		return component.getResourceRequiredRoles().stream()
				.filter(role -> HddUse.isHddInterface(role.getRequiredInterface())).findFirst().orElse(null);
	}

	/** The model's HddInterface, or Palladio's when the model has none (e.g. one built in code). */
	private ResourceInterface hddInterface() {
		ResourceRepository repository = model.getResourceRepository() == null ? defaults.resourceRepository()
				: model.getResourceRepository();
		return repository.getResourceInterfaces().stream().filter(HddUse::isHddInterface).findFirst()
				.orElseGet(() -> defaults.resourceRepository().getResourceInterfaces().stream()
						.filter(HddUse::isHddInterface).findFirst().orElseThrow());
	}

	/** The same action as a file sees it: an I/O action written as calls of its origin is skipped over. */
	private AbstractAction written(AbstractAction neighbour, boolean successor) {
		if (neighbour instanceof IoAction io && originOf.containsKey(io)) {
			return successor ? io.getSuccessor() : io.getPredecessor();
		}
		return neighbour;
	}

	/**
	 * Each request becomes a call of HddInterface's read or write, with the inputs the completion
	 * reads back: {@code size}, {@code sequentiality}, {@code fileSet} (a string literal),
	 * {@code synchronous} ({@code true}, for a synchronous write only), and as
	 * many calls as the request's count.
	 */
	private void ioRequests(XmiNode node, IoAction io) throws PalladioExportException {
		BasicComponent component = componentOf(io);
		ResourceRequiredRole role = hddRole(component);
		ResourceInterface hdd = role == null ? hddInterface() : role.getRequiredInterface();
		int index = 0;
		for (IoRequest request : io.getRequests()) {
			XmiNode callNode = node.child(RESOURCE_CALL__ACTION).attribute("id", idOf(io) + ".request" + ++index);
			if (role == null) {
				callNode.attribute(RESOURCE_REQUIRED_ROLE__RESOURCE_CALL, addedHddRoles.get(component));
			} else {
				refer(callNode, RESOURCE_REQUIRED_ROLE__RESOURCE_CALL, role);
			}
			refer(callNode, SIGNATURE__RESOURCE_CALL, hddSignature(hdd, request, io));
			randomVariable(callNode, NUMBER_OF_CALLS__RESOURCE_CALL, request.getCount());
			callInput(callNode, "size", request.getSize());
			callInput(callNode, "sequentiality", request.getSequentiality());
			if (request.isSynchronous()) {
				callInput(callNode, "synchronous", "true");
			}
			if (request.getFileSet() != null) {
				if (request.getFileSet().contains("\"") || request.getFileSet().contains("\\")) {
					throw new PalladioExportException(Diagnostic.describe(io) + ": its file set '" + request.getFileSet()
							+ "' cannot be written as a stochastic expression's string literal (it has a quote or"
							+ " backslash)");
				}
				callInput(callNode, "fileSet", "\"" + request.getFileSet() + "\"");
			}
		}
	}

	private static ResourceSignature hddSignature(ResourceInterface hdd, IoRequest request, IoAction io)
			throws PalladioExportException {
		String name = request.getType() == IoType.WRITE ? "write" : "read";
		return hdd.getSignatures().stream().filter(signature -> name.equalsIgnoreCase(signature.getName())).findFirst()
				.orElseThrow(() -> new PalladioExportException(Diagnostic.describe(io) + ": " + Diagnostic.describe(hdd)
						+ " has no signature '" + name + "' to call for its " + name + " requests"));
	}

	private static void callInput(XmiNode callNode, String variable, String specification) {
		if (specification == null) {
			return;
		}
		XmiNode usage = callNode.child(INPUT_VARIABLE_USAGES__CALL_ACTION);
		randomVariable(usage.child(VARIABLE_CHARACTERISATION_VARIABLE_USAGE).attribute("type", "VALUE"),
				SPECIFICATION_VARIABLE_CHARACTERISATION, specification);
		variableReference(usage.child(NAMED_REFERENCE__VARIABLE_USAGE), variable);
	}

	// ------------------------------------------------------------------ references

	private String idOf(EObject element) {
		if (element instanceof Identified identified && identified.getId() != null && !identified.getId().isEmpty()) {
			return identified.getId();
		}
		return generatedIds.get(element);
	}

	/** Writes a reference: an id attribute within the file, otherwise an {@code href} child. */
	private void refer(XmiNode node, String feature, EObject target) throws PalladioExportException {
		if (target == null) {
			return;
		}
		String file = fileOf.get(target);
		if (currentFile.equals(file) && idOf(target) != null) {
			String present = node.attributes.get(feature);
			node.attribute(feature, present == null ? idOf(target) : present + " " + idOf(target));
			return;
		}
		node.child(feature).attribute("href", location(target, file));
	}

	private String location(EObject target, String file) throws PalladioExportException {
		if (file != null) {
			String id = idOf(target);
			if (id != null) {
				return file + "#" + id;
			}
			if (fileOf.get(target.eContainer()) == null) {
				// a model's root: PCM's resource environment and usage model have no id
				return file + "#/";
			}
			if (target instanceof Parameter parameter) {
				return file + "#" + parameterPath(parameter);
			}
			throw new PalladioExportException("cannot refer to " + Diagnostic.describe(target) + ": it has no id");
		}
		if (isBuiltIn(target)) {
			return RESOURCE_TYPES + "#" + ((Identified) target).getId();
		}
		if (target instanceof SchedulingPolicy policy && extensionLocation(policy) != null) {
			return extensionLocation(policy) + "#" + policy.getId();
		}
		if (target instanceof PrimitiveDataType primitive && primitive.eContainer() instanceof Repository repository
				&& isPrimitiveTypes(repository)) {
			return PRIMITIVE_TYPES + "#//@dataTypes__Repository." + repository.getDataTypes().indexOf(primitive);
		}
		throw new PalladioExportException(
				"cannot refer to " + Diagnostic.describe(target) + ": it is not part of the model set being written");
	}

	/** A parameter has no id in PCM, so it is found by its position in the repository. */
	private String parameterPath(Parameter parameter) throws PalladioExportException {
		if (parameter.eContainer() instanceof OperationSignature signature
				&& signature.eContainer() instanceof OperationInterface anInterface
				&& anInterface.eContainer() instanceof Repository repository) {
			return "//@interfaces__Repository." + repository.getInterfaces().indexOf(anInterface)
					+ "/@signatures__OperationInterface." + anInterface.getSignatures().indexOf(signature)
					+ "/@parameters__OperationSignature." + signature.getParameters().indexOf(parameter);
		}
		throw new PalladioExportException("cannot refer to parameter '" + parameter.getName()
				+ "': only parameters of operation signatures can be referred to yet");
	}

	// ------------------------------------------------------------------ common

	private XmiNode root(String type, Identified element) {
		XmiNode root = new XmiNode(type);
		root.attribute("xmi:version", "2.0");
		identity(root, element);
		return root;
	}

	/** Id and name. PCM's resource environment and usage model have no id, so none is made up for them. */
	private void identity(XmiNode node, EObject element) {
		if (element instanceof Identified) {
			String id = idOf(element);
			if (id != null) {
				node.attribute("id", id);
			}
		}
		if (element instanceof Entity entity && entity.getName() != null) {
			node.attribute("entityName", entity.getName());
		}
	}

	private static void randomVariable(XmiNode node, String feature, String specification) {
		if (specification != null) {
			node.child(feature).attribute("specification", specification);
		}
	}

	private void variableUsages(XmiNode node, String feature, List<VariableUsage> usages) {
		for (VariableUsage usage : usages) {
			XmiNode child = node.child(feature);
			for (VariableCharacterisation characterisation : usage.getCharacterisations()) {
				XmiNode characterisationNode = child.child(VARIABLE_CHARACTERISATION_VARIABLE_USAGE);
				if (characterisation.getType() != null) {
					characterisationNode.attribute("type", characterisation.getType().name());
				}
				randomVariable(characterisationNode, SPECIFICATION_VARIABLE_CHARACTERISATION,
						characterisation.getSpecification());
			}
			if (usage.getVariable() != null) {
				variableReference(child.child(NAMED_REFERENCE__VARIABLE_USAGE), usage.getVariable());
			}
		}
	}

	/** {@code a.b.c}: PCM nests namespace references, the innermost being a variable reference. */
	private static void variableReference(XmiNode node, String variable) {
		int dot = variable.indexOf('.');
		if (dot < 0) {
			node.attribute("xsi:type", "stoex:VariableReference").attribute("referenceName", variable);
			return;
		}
		node.attribute("xsi:type", "stoex:NamespaceReference").attribute("referenceName", variable.substring(0, dot));
		variableReference(node.child(INNER_REFERENCE_NAMESPACE_REFERENCE), variable.substring(dot + 1));
	}

	// ------------------------------------------------------------------ repository

	private XmiNode repository(Repository repository) throws PalladioExportException {
		XmiNode root = root("repository:Repository", repository);
		for (RepositoryComponent component : repository.getComponents()) {
			component(root.child(COMPONENTS__REPOSITORY), component);
		}
		for (Interface anInterface : repository.getInterfaces()) {
			anInterface(root.child(INTERFACES__REPOSITORY), anInterface);
		}
		for (DataType dataType : repository.getDataTypes()) {
			dataType(root.child(DATA_TYPES__REPOSITORY), dataType);
		}
		return root;
	}

	private void component(XmiNode node, RepositoryComponent component) throws PalladioExportException {
		identity(node, component);
		roles(node, component);
		variableUsages(node, COMPONENT_PARAMETER_USAGE_IMPLEMENTATION_COMPONENT_TYPE, component.getComponentParameters());
		switch (component) {
		case BasicComponent basic -> {
			node.attribute("xsi:type", "repository:BasicComponent");
			for (ResourceDemandingSeff seff : basic.getSeffs()) {
				XmiNode seffNode = node.child(SERVICE_EFFECT_SPECIFICATIONS__BASIC_COMPONENT)
						.attribute("xsi:type", "seff:ResourceDemandingSEFF");
				identity(seffNode, seff);
				refer(seffNode, DESCRIBED_SERVICE__S_E_F_F, seff.getDescribedService());
				steps(seffNode, seff);
			}
			for (PassiveResource resource : basic.getPassiveResources()) {
				XmiNode resourceNode = node.child(PASSIVE_RESOURCE_BASIC_COMPONENT);
				identity(resourceNode, resource);
				randomVariable(resourceNode, CAPACITY_PASSIVE_RESOURCE, resource.getCapacity());
			}
			for (ResourceDemandingInternalBehaviour behaviour : basic.getInternalBehaviours()) {
				XmiNode behaviourNode = node.child(RESOURCE_DEMANDING_INTERNAL_BEHAVIOURS__BASIC_COMPONENT);
				identity(behaviourNode, behaviour);
				if (behaviour.getName() != null) {
					behaviourNode.attribute("entityName", behaviour.getName());
				}
				steps(behaviourNode, behaviour);
			}
		}
		case CompositeComponent composite -> {
			node.attribute("xsi:type", "repository:CompositeComponent");
			composedStructure(node, composite);
		}
		default -> throw cannotWrite(component);
		}
	}

	private void roles(XmiNode node, InterfaceProvidingRequiringEntity entity) throws PalladioExportException {
		for (ProvidedRole role : entity.getProvidedRoles()) {
			XmiNode roleNode = node.child(PROVIDED_ROLES_INTERFACE_PROVIDING_ENTITY);
			identity(roleNode, role);
			switch (role) {
			case OperationProvidedRole operation -> {
				roleNode.attribute("xsi:type", "repository:OperationProvidedRole");
				refer(roleNode, PROVIDED_INTERFACE__OPERATION_PROVIDED_ROLE, operation.getProvidedInterface());
			}
			case InfrastructureProvidedRole infrastructure -> {
				roleNode.attribute("xsi:type", "repository:InfrastructureProvidedRole");
				refer(roleNode, PROVIDED_INTERFACE__INFRASTRUCTURE_PROVIDED_ROLE, infrastructure.getProvidedInterface());
			}
			case SinkRole sink -> {
				roleNode.attribute("xsi:type", "repository:SinkRole");
				refer(roleNode, EVENT_GROUP__SINK_ROLE, sink.getEventGroup());
			}
			default -> throw cannotWrite(role);
			}
		}
		for (RequiredRole role : entity.getRequiredRoles()) {
			XmiNode roleNode = node.child(REQUIRED_ROLES_INTERFACE_REQUIRING_ENTITY);
			identity(roleNode, role);
			switch (role) {
			case OperationRequiredRole operation -> {
				roleNode.attribute("xsi:type", "repository:OperationRequiredRole");
				refer(roleNode, REQUIRED_INTERFACE__OPERATION_REQUIRED_ROLE, operation.getRequiredInterface());
			}
			case InfrastructureRequiredRole infrastructure -> {
				roleNode.attribute("xsi:type", "repository:InfrastructureRequiredRole");
				refer(roleNode, REQUIRED_INTERFACE__INFRASTRUCTURE_REQUIRED_ROLE, infrastructure.getRequiredInterface());
			}
			case SourceRole source -> {
				roleNode.attribute("xsi:type", "repository:SourceRole");
				refer(roleNode, EVENT_GROUP__SOURCE_ROLE, source.getEventGroup());
			}
			default -> throw cannotWrite(role);
			}
		}
		for (ResourceRequiredRole role : entity.getResourceRequiredRoles()) {
			XmiNode roleNode = node.child(RESOURCE_REQUIRED_ROLES__RESOURCE_INTERFACE_REQUIRING_ENTITY);
			identity(roleNode, role);
			refer(roleNode, REQUIRED_RESOURCE_INTERFACE__RESOURCE_REQUIRED_ROLE, role.getRequiredInterface());
		}
		String addedHddRole = addedHddRoles.get(entity);
		if (addedHddRole != null) {
			XmiNode roleNode = node.child(RESOURCE_REQUIRED_ROLES__RESOURCE_INTERFACE_REQUIRING_ENTITY)
					.attribute("id", addedHddRole).attribute("entityName", "HddInterface");
			refer(roleNode, REQUIRED_RESOURCE_INTERFACE__RESOURCE_REQUIRED_ROLE, hddInterface());
		}
	}

	private void anInterface(XmiNode node, Interface anInterface) throws PalladioExportException {
		identity(node, anInterface);
		switch (anInterface) {
		case OperationInterface operation -> {
			node.attribute("xsi:type", "repository:OperationInterface");
			for (OperationSignature signature : operation.getSignatures()) {
				XmiNode signatureNode = node.child(SIGNATURES__OPERATION_INTERFACE);
				identity(signatureNode, signature);
				parameters(signatureNode, PARAMETERS__OPERATION_SIGNATURE, signature.getParameters());
				refer(signatureNode, RETURN_TYPE__OPERATION_SIGNATURE, signature.getReturnType());
			}
		}
		case InfrastructureInterface infrastructure -> {
			node.attribute("xsi:type", "repository:InfrastructureInterface");
			for (InfrastructureSignature signature : infrastructure.getSignatures()) {
				XmiNode signatureNode = node.child(INFRASTRUCTURE_SIGNATURES__INFRASTRUCTURE_INTERFACE);
				identity(signatureNode, signature);
				parameters(signatureNode, PARAMETERS__INFRASTRUCTURE_SIGNATURE, signature.getParameters());
			}
		}
		case EventGroup group -> {
			node.attribute("xsi:type", "repository:EventGroup");
			for (EventType type : group.getEventTypes()) {
				XmiNode typeNode = node.child(EVENT_TYPES__EVENT_GROUP);
				identity(typeNode, type);
				parameters(typeNode, PARAMETER__EVENT_TYPE, type.getParameters());
			}
		}
		default -> throw cannotWrite(anInterface);
		}
	}

	private void parameters(XmiNode node, String feature, List<Parameter> parameters) throws PalladioExportException {
		for (Parameter parameter : parameters) {
			XmiNode parameterNode = node.child(feature);
			if (parameter.getName() != null) {
				parameterNode.attribute("parameterName", parameter.getName());
			}
			if (parameter.getModifier() != null && parameter.getModifier() != ParameterModifier.NONE) {
				// PCM's literals are lower case; the importer reads either
				parameterNode.attribute(MODIFIER__PARAMETER, parameter.getModifier().name().toLowerCase(Locale.ROOT));
			}
			refer(parameterNode, DATA_TYPE__PARAMETER, parameter.getDataType());
		}
	}

	private void dataType(XmiNode node, DataType dataType) throws PalladioExportException {
		identity(node, dataType);
		switch (dataType) {
		case PrimitiveDataType primitive -> {
			node.attribute("xsi:type", "repository:PrimitiveDataType");
			if (primitive.getType() != null) {
				node.attribute("type", primitive.getType().name());
			}
		}
		case CollectionDataType collection -> {
			node.attribute("xsi:type", "repository:CollectionDataType");
			if (collection.getName() != null) {
				node.attribute("entityName", collection.getName());
			}
			refer(node, INNER_TYPE_COLLECTION_DATA_TYPE, collection.getInnerType());
		}
		case CompositeDataType composite -> {
			node.attribute("xsi:type", "repository:CompositeDataType");
			if (composite.getName() != null) {
				node.attribute("entityName", composite.getName());
			}
			for (InnerDeclaration declaration : composite.getInnerDeclarations()) {
				XmiNode declarationNode = node.child(INNER_DECLARATION_COMPOSITE_DATA_TYPE);
				if (declaration.getName() != null) {
					declarationNode.attribute("entityName", declaration.getName());
				}
				refer(declarationNode, DATATYPE_INNER_DECLARATION, declaration.getDataType());
			}
		}
		default -> throw cannotWrite(dataType);
		}
	}

	// ------------------------------------------------------------------ RDSEFF

	private void steps(XmiNode node, ResourceDemandingBehaviour behaviour) throws PalladioExportException {
		for (AbstractAction action : behaviour.getSteps()) {
			if (!originOf.containsKey(action)) {
				action(node.child(STEPS_BEHAVIOUR), action);
			}
		}
	}

	private XmiNode behaviour(XmiNode node, ResourceDemandingBehaviour behaviour) throws PalladioExportException {
		identity(node, behaviour);
		steps(node, behaviour);
		return node;
	}

	private void action(XmiNode node, AbstractAction action) throws PalladioExportException {
		if (action.eClass().getEPackage() != PcmPackage.eINSTANCE && !(action instanceof IoAction)) {
			throw cannotWrite(action);
		}
		// Palladio has no I/O action: one of the model's own is an internal action issuing HddInterface calls
		node.attribute("xsi:type", "seff:" + (action instanceof IoAction ? "InternalAction" : action.eClass().getName()));
		identity(node, action);
		refer(node, SUCCESSOR_ABSTRACT_ACTION, written(action.getSuccessor(), true));
		refer(node, PREDECESSOR_ABSTRACT_ACTION, written(action.getPredecessor(), false));
		if (action instanceof AbstractInternalControlFlowAction flow) {
			demandsAndCalls(node, flow);
		}
		switch (action) {
		case ExternalCallAction call -> {
			refer(node, CALLED_SERVICE_EXTERNAL_SERVICE, call.getSignature());
			refer(node, ROLE_EXTERNAL_SERVICE, call.getRole());
			variableUsages(node, INPUT_VARIABLE_USAGES__CALL_ACTION, call.getInputVariableUsages());
			variableUsages(node, RETURN_VARIABLE_USAGE__CALL_RETURN_ACTION, call.getReturnVariableUsages());
		}
		case EmitEventAction emit -> {
			refer(node, EVENT_TYPE__EMIT_EVENT_ACTION, emit.getEventType());
			refer(node, SOURCE_ROLE__EMIT_EVENT_ACTION, emit.getSourceRole());
			variableUsages(node, INPUT_VARIABLE_USAGES__CALL_ACTION, emit.getInputVariableUsages());
		}
		case InternalCallAction call -> {
			refer(node, "calledResourceDemandingInternalBehaviour", call.getBehaviour());
			variableUsages(node, INPUT_VARIABLE_USAGES__CALL_ACTION, call.getInputVariableUsages());
		}
		case BranchAction branch -> {
			for (BranchTransition transition : branch.getBranches()) {
				branchTransition(node.child(BRANCHES_BRANCH), transition);
			}
		}
		case LoopAction loop -> {
			randomVariable(node, ITERATION_COUNT_LOOP_ACTION, loop.getIterationCount());
			if (loop.getBody() != null) {
				behaviour(node.child(BODY_BEHAVIOUR_LOOP), loop.getBody());
			}
		}
		case CollectionIteratorAction iterator -> {
			refer(node, PARAMETER_COLLECTION_ITERATOR_ACTION, iterator.getParameter());
			if (iterator.getBody() != null) {
				behaviour(node.child(BODY_BEHAVIOUR_LOOP), iterator.getBody());
			}
		}
		case ForkAction fork -> {
			for (ResourceDemandingBehaviour forked : fork.getAsynchronousBehaviours()) {
				behaviour(node.child(ASYNCHRONOUS_FORKED_BEHAVIOURS_FORK_ACTION), forked);
			}
			SynchronisationPoint point = fork.getSynchronisationPoint();
			if (point != null) {
				XmiNode pointNode = node.child(SYNCHRONISING_BEHAVIOURS_FORK_ACTION);
				identity(pointNode, point);
				for (ResourceDemandingBehaviour forked : point.getSynchronousBehaviours()) {
					behaviour(pointNode.child(SYNCHRONOUS_FORKED_BEHAVIOURS_SYNCHRONISATION_POINT), forked);
				}
			}
		}
		case SetVariableAction set -> variableUsages(node, LOCAL_VARIABLE_USAGES_SET_VARIABLE_ACTION,
				set.getLocalVariableUsages());
		case AcquireAction acquire -> refer(node, PASSIVERESOURCE_ACQUIRE_ACTION, acquire.getPassiveResource());
		case ReleaseAction release -> refer(node, PASSIVE_RESOURCE_RELEASE_ACTION, release.getPassiveResource());
		default -> {
			// start, stop and internal actions have nothing beyond demands and calls
		}
		}
	}

	private void demandsAndCalls(XmiNode node, AbstractInternalControlFlowAction action) throws PalladioExportException {
		for (ParametricResourceDemand demand : action.getResourceDemands()) {
			XmiNode demandNode = node.child(RESOURCE_DEMAND_ACTION);
			randomVariable(demandNode, SPECIFICATION_PARAMETERIC_RESOURCE_DEMAND, demand.getDemand());
			refer(demandNode, REQUIRED_RESOURCE_PARAMETRIC_RESOURCE_DEMAND, demand.getRequiredResource());
		}
		// I/O: calls of HddInterface whose inputs (size, sequentiality, fileSet) describe the request
		for (ResourceCall call : action.getResourceCalls()) {
			XmiNode callNode = node.child(RESOURCE_CALL__ACTION);
			identity(callNode, call);
			refer(callNode, RESOURCE_REQUIRED_ROLE__RESOURCE_CALL, call.getRole());
			refer(callNode, SIGNATURE__RESOURCE_CALL, call.getSignature());
			randomVariable(callNode, NUMBER_OF_CALLS__RESOURCE_CALL, call.getNumberOfCalls());
			variableUsages(callNode, INPUT_VARIABLE_USAGES__CALL_ACTION, call.getInputVariableUsages());
		}
		IoAction io = action instanceof IoAction own ? own : ioBeside.get(action);
		if (io != null) {
			ioRequests(node, io);
		}
		for (InfrastructureCall call : action.getInfrastructureCalls()) {
			XmiNode callNode = node.child(INFRASTRUCTURE_CALL__ACTION);
			identity(callNode, call);
			refer(callNode, REQUIRED_ROLE__INFRASTRUCTURE_CALL, call.getRole());
			refer(callNode, SIGNATURE__INFRASTRUCTURE_CALL, call.getSignature());
			randomVariable(callNode, NUMBER_OF_CALLS__INFRASTRUCTURE_CALL, call.getNumberOfCalls());
			variableUsages(callNode, INPUT_VARIABLE_USAGES__CALL_ACTION, call.getInputVariableUsages());
		}
	}

	private void branchTransition(XmiNode node, BranchTransition transition) throws PalladioExportException {
		identity(node, transition);
		switch (transition) {
		case ProbabilisticBranchTransition probabilistic -> node
				.attribute("xsi:type", "seff:ProbabilisticBranchTransition")
				.attribute("branchProbability", XmiNode.number(probabilistic.getProbability()));
		case GuardedBranchTransition guarded -> {
			node.attribute("xsi:type", "seff:GuardedBranchTransition");
			randomVariable(node, BRANCH_CONDITION_GUARDED_BRANCH_TRANSITION, guarded.getCondition());
		}
		default -> throw cannotWrite(transition);
		}
		if (transition.getBehaviour() != null) {
			behaviour(node.child(BRANCH_BEHAVIOUR_BRANCH_TRANSITION), transition.getBehaviour());
		}
	}

	// ------------------------------------------------------------------ system

	private XmiNode system(SoftwareSystem system) throws PalladioExportException {
		XmiNode root = root("system:System", system);
		roles(root, system);
		composedStructure(root, system);
		return root;
	}

	private void composedStructure(XmiNode node, ComposedStructure structure) throws PalladioExportException {
		for (AssemblyContext context : structure.getAssemblyContexts()) {
			XmiNode contextNode = node.child(ASSEMBLY_CONTEXTS__COMPOSED_STRUCTURE);
			identity(contextNode, context);
			refer(contextNode, ENCAPSULATED_COMPONENT__ASSEMBLY_CONTEXT, context.getComponent());
			variableUsages(contextNode, CONFIG_PARAMETER_USAGES__ASSEMBLY_CONTEXT, context.getConfigParameterUsages());
		}
		for (Connector connector : structure.getConnectors()) {
			connector(node.child(CONNECTORS__COMPOSED_STRUCTURE), connector);
		}
		for (EventChannel channel : structure.getEventChannels()) {
			XmiNode channelNode = node.child(EVENT_CHANNEL__COMPOSED_STRUCTURE);
			identity(channelNode, channel);
			refer(channelNode, EVENT_GROUP__EVENT_CHANNEL, channel.getEventGroup());
		}
	}

	private void connector(XmiNode node, Connector connector) throws PalladioExportException {
		node.attribute("xsi:type", "composition:" + connector.eClass().getName());
		identity(node, connector);
		switch (connector) {
		case AssemblyConnector assembly -> {
			refer(node, REQUIRING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR, assembly.getRequiringContext());
			refer(node, PROVIDING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR, assembly.getProvidingContext());
			refer(node, PROVIDED_ROLE_ASSEMBLY_CONNECTOR, assembly.getProvidedRole());
			refer(node, REQUIRED_ROLE_ASSEMBLY_CONNECTOR, assembly.getRequiredRole());
		}
		case ProvidedDelegationConnector delegation -> {
			refer(node, OUTER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR, delegation.getOuterRole());
			refer(node, INNER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR, delegation.getInnerRole());
			refer(node, ASSEMBLY_CONTEXT_PROVIDED_DELEGATION_CONNECTOR, delegation.getInnerContext());
		}
		case RequiredDelegationConnector delegation -> {
			refer(node, OUTER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR, delegation.getOuterRole());
			refer(node, INNER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR, delegation.getInnerRole());
			refer(node, ASSEMBLY_CONTEXT_REQUIRED_DELEGATION_CONNECTOR, delegation.getInnerContext());
		}
		case AssemblyInfrastructureConnector infrastructure -> {
			refer(node, REQUIRING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR,
					infrastructure.getRequiringContext());
			refer(node, PROVIDING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR,
					infrastructure.getProvidingContext());
			refer(node, PROVIDED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR, infrastructure.getProvidedRole());
			refer(node, REQUIRED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR, infrastructure.getRequiredRole());
		}
		case EventChannelSourceConnector source -> {
			refer(node, EVENT_CHANNEL__EVENT_CHANNEL_SOURCE_CONNECTOR, source.getEventChannel());
			refer(node, ASSEMBLY_CONTEXT__EVENT_CHANNEL_SOURCE_CONNECTOR, source.getAssemblyContext());
			refer(node, SOURCE_ROLE__EVENT_CHANNEL_SOURCE_ROLE, source.getSourceRole());
		}
		case EventChannelSinkConnector sink -> {
			refer(node, EVENT_CHANNEL__EVENT_CHANNEL_SINK_CONNECTOR, sink.getEventChannel());
			refer(node, ASSEMBLY_CONTEXT__EVENT_CHANNEL_SINK_CONNECTOR, sink.getAssemblyContext());
			refer(node, SINK_ROLE__EVENT_CHANNEL_SINK_CONNECTOR, sink.getSinkRole());
			randomVariable(node, FILTER_CONDITION__EVENT_CHANNEL_SINK_CONNECTOR, sink.getFilterCondition());
		}
		case AssemblyEventConnector direct -> {
			refer(node, SOURCE_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR, direct.getSourceContext());
			refer(node, SOURCE_ROLE__ASSEMBLY_EVENT_CONNECTOR, direct.getSourceRole());
			refer(node, SINK_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR, direct.getSinkContext());
			refer(node, SINK_ROLE__ASSEMBLY_EVENT_CONNECTOR, direct.getSinkRole());
			randomVariable(node, FILTER_CONDITION__ASSEMBLY_EVENT_CONNECTOR, direct.getFilterCondition());
		}
		case SourceDelegationConnector out -> {
			refer(node, INNER_SOURCE_ROLE__SOURCE_ROLE, out.getInnerRole());
			refer(node, OUTER_SOURCE_ROLE__SOURCE_ROLE, out.getOuterRole());
			refer(node, ASSEMBLY_CONTEXT__SOURCE_DELEGATION_CONNECTOR, out.getInnerContext());
		}
		case SinkDelegationConnector in -> {
			refer(node, ASSEMBLY_CONTEXT__SINK_DELEGATION_CONNECTOR, in.getInnerContext());
			refer(node, INNER_SINK_ROLE__SINK_ROLE, in.getInnerRole());
			refer(node, OUTER_SINK_ROLE__SINK_ROLE, in.getOuterRole());
		}
		default -> throw cannotWrite(connector);
		}
	}

	// ------------------------------------------------------------------ resource environment

	private XmiNode resourceEnvironment(ResourceEnvironment environment) throws PalladioExportException {
		XmiNode root = root("resourceenvironment:ResourceEnvironment", environment);
		for (ResourceContainer container : environment.getContainers()) {
			container(root.child(RESOURCE_CONTAINER_RESOURCE_ENVIRONMENT), container);
		}
		for (LinkingResource link : environment.getLinkingResources()) {
			XmiNode linkNode = root.child(LINKING_RESOURCES__RESOURCE_ENVIRONMENT);
			identity(linkNode, link);
			for (ResourceContainer container : link.getConnectedContainers()) {
				refer(linkNode, CONNECTED_RESOURCE_CONTAINERS_LINKING_RESOURCE, container);
			}
			if (link.getResourceType() != null || link.getLatency() != null || link.getThroughput() != null) {
				XmiNode specification = linkNode.child(COMMUNICATION_LINK_RESOURCE_SPECIFICATIONS_LINKING_RESOURCE)
						.attribute("id", idOf(link) + "_specification")
						.attribute("failureProbability", XmiNode.number(link.getFailureProbability()));
				refer(specification, COMMUNICATION_LINK_RESOURCE_TYPE_COMMUNICATION_LINK_RESOURCE_SPECIFICATION,
						link.getResourceType());
				randomVariable(specification, LATENCY_COMMUNICATION_LINK_RESOURCE_SPECIFICATION, link.getLatency());
				randomVariable(specification, THROUGHPUT_COMMUNICATION_LINK_RESOURCE_SPECIFICATION, link.getThroughput());
			}
		}
		return root;
	}

	private void container(XmiNode node, ResourceContainer container) throws PalladioExportException {
		identity(node, container);
		for (ProcessingResourceSpecification resource : container.getProcessingResources()) {
			XmiNode resourceNode = node.child(ACTIVE_RESOURCE_SPECIFICATIONS_RESOURCE_CONTAINER);
			if (resource instanceof HddProcessingResourceSpecification disk) {
				resourceNode.attribute("xsi:type", "resourceenvironment:HDDProcessingResourceSpecification");
				randomVariable(resourceNode, "readProcessingRate", disk.getReadProcessingRate());
				randomVariable(resourceNode, "writeProcessingRate", disk.getWriteProcessingRate());
			}
			identity(resourceNode, resource);
			resourceNode.attribute("numberOfReplicas", Integer.toString(resource.getNumberOfReplicas()))
					.attribute("MTTF", XmiNode.number(resource.getMttf())).attribute("MTTR", XmiNode.number(resource.getMttr()));
			refer(resourceNode, "schedulingPolicy", resource.getSchedulingPolicy());
			refer(resourceNode, ACTIVE_RESOURCE_TYPE_ACTIVE_RESOURCE_SPECIFICATION, resource.getResourceType());
			randomVariable(resourceNode, PROCESSING_RATE_PROCESSING_RESOURCE_SPECIFICATION, resource.getProcessingRate());
		}
		for (ResourceContainer nested : container.getNestedContainers()) {
			container(node.child(NESTED_RESOURCE_CONTAINERS__RESOURCE_CONTAINER), nested);
		}
	}

	// ------------------------------------------------------------------ allocation

	private XmiNode allocation(Allocation allocation) throws PalladioExportException {
		XmiNode root = root("allocation:Allocation", allocation);
		refer(root, TARGET_RESOURCE_ENVIRONMENT_ALLOCATION, allocation.getResourceEnvironment());
		refer(root, SYSTEM_ALLOCATION, allocation.getSystem());
		for (AllocationContext context : allocation.getContexts()) {
			XmiNode contextNode = root.child(ALLOCATION_CONTEXTS_ALLOCATION);
			identity(contextNode, context);
			refer(contextNode, RESOURCE_CONTAINER_ALLOCATION_CONTEXT, context.getContainer());
			refer(contextNode, ASSEMBLY_CONTEXT_ALLOCATION_CONTEXT, context.getAssemblyContext());
			refer(contextNode, EVENT_CHANNEL__ALLOCATION_CONTEXT, context.getEventChannel());
		}
		return root;
	}

	// ------------------------------------------------------------------ usage model

	private XmiNode usageModel(UsageModel usageModel) throws PalladioExportException {
		XmiNode root = root("usagemodel:UsageModel", usageModel);
		for (UsageScenario scenario : usageModel.getScenarios()) {
			XmiNode scenarioNode = root.child(USAGE_SCENARIO_USAGE_MODEL);
			identity(scenarioNode, scenario);
			if (scenario.getBehaviour() != null) {
				scenarioBehaviour(scenarioNode.child(SCENARIO_BEHAVIOUR_USAGE_SCENARIO), scenario.getBehaviour());
			}
			if (scenario.getWorkload() != null) {
				workload(scenarioNode.child(WORKLOAD_USAGE_SCENARIO), scenario.getWorkload());
			}
		}
		return root;
	}

	private void workload(XmiNode node, Workload workload) throws PalladioExportException {
		switch (workload) {
		case ClosedWorkload closed -> {
			node.attribute("xsi:type", "usagemodel:ClosedWorkload")
					.attribute("population", Integer.toString(closed.getPopulation()));
			randomVariable(node, THINK_TIME_CLOSED_WORKLOAD, closed.getThinkTime());
		}
		case OpenWorkload open -> {
			node.attribute("xsi:type", "usagemodel:OpenWorkload");
			randomVariable(node, INTER_ARRIVAL_TIME_OPEN_WORKLOAD, open.getInterArrivalTime());
		}
		default -> throw cannotWrite(workload);
		}
	}

	private void scenarioBehaviour(XmiNode node, ScenarioBehaviour behaviour) throws PalladioExportException {
		identity(node, behaviour);
		for (UserAction action : behaviour.getActions()) {
			userAction(node.child(ACTIONS_SCENARIO_BEHAVIOUR), action);
		}
	}

	private void userAction(XmiNode node, UserAction action) throws PalladioExportException {
		if (action.eClass().getEPackage() != PcmPackage.eINSTANCE) {
			throw cannotWrite(action);
		}
		node.attribute("xsi:type", "usagemodel:" + action.eClass().getName());
		identity(node, action);
		refer(node, "successor", action.getSuccessor());
		refer(node, "predecessor", action.getPredecessor());
		switch (action) {
		case EntryLevelSystemCall call -> {
			node.attribute("priority", Integer.toString(call.getPriority()));
			refer(node, PROVIDED_ROLE_ENTRY_LEVEL_SYSTEM_CALL, call.getProvidedRole());
			refer(node, OPERATION_SIGNATURE__ENTRY_LEVEL_SYSTEM_CALL, call.getSignature());
			variableUsages(node, INPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL, call.getInputParameterUsages());
			variableUsages(node, OUTPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL, call.getOutputParameterUsages());
		}
		case Delay delay -> randomVariable(node, TIME_SPECIFICATION_DELAY, delay.getTime());
		case Branch branch -> {
			for (ScenarioBranchTransition transition : branch.getTransitions()) {
				XmiNode transitionNode = node.child(BRANCH_TRANSITIONS_BRANCH);
				identity(transitionNode, transition);
				transitionNode.attribute("branchProbability", XmiNode.number(transition.getProbability()));
				if (transition.getBody() != null) {
					scenarioBehaviour(transitionNode.child(BRANCHED_BEHAVIOUR_BRANCH_TRANSITION), transition.getBody());
				}
			}
		}
		case Loop loop -> {
			randomVariable(node, LOOP_ITERATION_LOOP, loop.getIterations());
			if (loop.getBody() != null) {
				scenarioBehaviour(node.child(BODY_BEHAVIOUR_LOOP), loop.getBody());
			}
		}
		default -> {
			// start and stop have nothing beyond their successor
		}
		}
	}

	static PalladioExportException cannotWrite(Object element) {
		String described = element instanceof EObject object ? Diagnostic.describe(object) : String.valueOf(element);
		return new PalladioExportException(described + " cannot be written as a Palladio model element yet");
	}
}
