package org.iosim.pcm.palladio.internal;

import static org.iosim.pcm.palladio.internal.PcmNames.*;

import static java.util.Map.entry;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AbstractLoopAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.Allocation;
import org.iosim.pcm.AllocationContext;
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
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.Parameter;
import org.iosim.pcm.ParameterModifier;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.PrimitiveDataType;
import org.iosim.pcm.PrimitiveType;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProvidedDelegationConnector;
import org.iosim.pcm.ProvidedRole;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.Repository;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.RequiredDelegationConnector;
import org.iosim.pcm.RequiredRole;
import org.iosim.pcm.Role;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceDemandingInternalBehaviour;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ResourceSignature;
import org.iosim.pcm.ResourceType;
import org.iosim.pcm.ScenarioBehaviour;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.SinkDelegationConnector;
import org.iosim.pcm.SoftwareSystem;
import org.iosim.pcm.SourceDelegationConnector;
import org.iosim.pcm.SynchronisationPoint;
import org.iosim.pcm.UsageModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.UserAction;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.Workload;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.NotImported;
import org.iosim.pcm.validation.SourceLocation;

/**
 * Maps the elements of PCM 5.2 XMI files onto IOSim's architecture metamodel. PCM serialises a
 * feature as {@code featureName_DeclaringClass} (sometimes with two underscores); each method below
 * reads the features of one PCM class, creates the corresponding IOSim element and hands references
 * to the {@link ModelSetBuilder}, which resolves them once all files are read. Whatever an element
 * holds that is not read here is reported as unsupported.
 */
final class PcmMapper {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	/**
	 * Constructs IOSim leaves out because they cannot change performance results (reliability
	 * annotations, classifications, documentation), with what they are.
	 */
	private static final Map<String, String> WITHOUT_PERFORMANCE_EFFECT = Map.ofEntries(
			entry(INTERNAL_FAILURE_OCCURRENCE_DESCRIPTIONS__INTERNAL_ACTION,
					"software failure occurrences (reliability)"),
			entry(FAILURE_TYPES__REPOSITORY, "failure types (reliability)"),
			entry(RESOURCE_TIMEOUT_FAILURE_TYPE__PASSIVE_RESOURCE, "timeout failure type (reliability)"),
			entry("requiredByContainer", "whether the container fails with this resource (reliability)"),
			entry("retryCount", "retries after failures (reliability)"),
			entry("failureType", "failure types of the signature (reliability)"),
			entry(EXCEPTIONS__SIGNATURE, "exceptions a signature declares"),
			entry("componentType", "the component's classification as business or infrastructure component"),
			entry("seffTypeID", "the SEFF type id"),
			entry(PARENT_INTERFACES__INTERFACE, "interface inheritance"),
			entry(PARENT_TYPE_COMPOSITE_DATA_TYPE, "data type inheritance"),
			entry("requiredCharacterisations", "parameter characterisations an interface asks for"),
			entry("PrivacyLevel", "the privacy level of the data the connector carries, iObserve's privacy extension"),
			entry("Geolocation", "the country the container is in, iObserve's privacy extension"),
			entry("instanceType", "the cloud VM type the container instantiates, iObserve's cloud profile for"
					+ " planning and costs; the container's own resources are simulated"));

	/**
	 * iObserve's privacy extension (the {@code .../Privacy} namespaces) subclasses PCM's assembly
	 * connector only to annotate it with a privacy level, which is reported as harmless; resource
	 * containers of any subclass (privacy, cloud) are read as resource containers anyway.
	 */
	private static final String PRIVACY_ASSEMBLY_CONNECTOR = "AssemblyConnectorPrivacy";

	private final ModelSetBuilder builder;

	PcmMapper(ModelSetBuilder builder) {
		this.builder = builder;
	}

	// ------------------------------------------------------------------ common

	/**
	 * Registers the element, and reads its id and name where the IOSim class has them. A name longer
	 * than {@link ModelFileLimits#MAX_NAME_LENGTH} is an error and shortened to that length.
	 */
	private <T extends EObject> T begin(ElementFields fields, T object) {
		builder.register(fields.element(), object);
		String id = fields.attribute("id");
		if (object instanceof Identified identified && id != null && !id.isEmpty()) {
			identified.setId(id);
		}
		String name = fields.attribute("entityName");
		if (object instanceof Entity entity) {
			if (name != null && name.length() > ModelFileLimits.MAX_NAME_LENGTH) {
				entity.setName(name.substring(0, ModelFileLimits.MAX_NAME_LENGTH));
				builder.diagnostics().error(entity, fields.element(), "the name has " + name.length()
						+ " characters; names may have at most " + ModelFileLimits.MAX_NAME_LENGTH
						+ ", so it is shortened to that");
			} else {
				entity.setName(name);
			}
		}
		return object;
	}

	/**
	 * Reports what the element holds that no method read. Ids and names of elements whose IOSim
	 * class has none are left out: names are documentation, and references by id still resolve.
	 */
	private void end(ElementFields fields, EObject object) {
		fields.ignore("id", "entityName");
		for (String attribute : fields.unreadAttributes()) {
			unsupported(object, fields.element(), attribute, "attribute");
		}
		for (XmlElement child : fields.unreadChildren()) {
			unsupported(object, child, child.localName(), "element");
			builder.skip(child);
		}
	}

	private void unsupported(EObject owner, XmlElement where, String construct, String kind) {
		String harmless = WITHOUT_PERFORMANCE_EFFECT.get(construct);
		String ownerType = owner == null ? where.localName() : owner.eClass().getName();
		if (harmless != null) {
			builder.diagnostics().unsupported(Severity.WARNING, owner, where, construct,
					kind + " '" + construct + "' (" + harmless + ") is ignored; it does not change performance results");
		} else {
			builder.diagnostics().unsupported(Severity.ERROR, owner, where, construct, kind + " '" + construct
					+ "' of " + ownerType + " cannot be imported, and ignoring it could change performance results");
		}
	}

	private void unsupportedType(EObject owner, XmlElement element, String what) {
		String type = element.declaredType();
		builder.diagnostics().unsupported(Severity.ERROR, owner, element, element.localName() + "|" + type,
				type == null ? what + " '" + element.localName() + "' has no xsi:type, so its class is unknown"
						: what + " type '" + ModelFileLimits.shorten(type) + "' cannot be imported");
		builder.skip(element);
	}

	private static boolean isType(XmlElement element, String type) {
		return type.equals(element.declaredType());
	}

	private int integer(ElementFields fields, EObject owner, String name, int fallback) {
		String text = fields.attribute(name);
		if (text == null) {
			return fallback;
		}
		try {
			return Integer.parseInt(text.trim());
		} catch (NumberFormatException e) {
			builder.diagnostics().error(owner, fields.element(),
					"attribute '" + name + "' = '" + ModelFileLimits.shorten(text) + "' is not an integer");
			return fallback;
		}
	}

	private double decimal(ElementFields fields, EObject owner, String name, double fallback) {
		String text = fields.attribute(name);
		if (text == null) {
			return fallback;
		}
		try {
			return Double.parseDouble(text.trim());
		} catch (NumberFormatException e) {
			builder.diagnostics().error(owner, fields.element(),
					"attribute '" + name + "' = '" + ModelFileLimits.shorten(text) + "' is not a number");
			return fallback;
		}
	}

	private <E extends Enum<E>> E enumValue(ElementFields fields, EObject owner, String name, Class<E> type,
			E fallback) {
		String text = fields.attribute(name);
		if (text == null) {
			return fallback;
		}
		try {
			return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
		} catch (IllegalArgumentException e) {
			builder.diagnostics().error(owner, fields.element(), "attribute '" + name + "' = '"
					+ ModelFileLimits.shorten(text) + "' is not one of " + List.of(type.getEnumConstants()));
			return fallback;
		}
	}

	// ------------------------------------------------------------------ repository

	Repository repository(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		Repository repository = begin(fields, PCM.createRepository());
		fields.ignore("repositoryDescription");
		for (XmlElement child : fields.children(COMPONENTS__REPOSITORY)) {
			RepositoryComponent component = component(child, repository);
			if (component != null) {
				repository.getComponents().add(component);
			}
		}
		for (XmlElement child : fields.children(INTERFACES__REPOSITORY)) {
			Interface anInterface = anInterface(child, repository);
			if (anInterface != null) {
				repository.getInterfaces().add(anInterface);
			}
		}
		for (XmlElement child : fields.children(DATA_TYPES__REPOSITORY)) {
			DataType dataType = dataType(child, repository);
			if (dataType != null) {
				repository.getDataTypes().add(dataType);
			}
		}
		end(fields, repository);
		return repository;
	}

	private RepositoryComponent component(XmlElement element, Repository repository) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "BasicComponent")) {
			BasicComponent component = begin(fields, PCM.createBasicComponent());
			roles(fields, component);
			componentParameters(fields, component);
			for (XmlElement child : fields.children(SERVICE_EFFECT_SPECIFICATIONS__BASIC_COMPONENT)) {
				ResourceDemandingSeff seff = seff(child, component);
				if (seff != null) {
					component.getSeffs().add(seff);
				}
			}
			for (XmlElement child : fields.children(PASSIVE_RESOURCE_BASIC_COMPONENT)) {
				component.getPassiveResources().add(passiveResource(child));
			}
			for (XmlElement child : fields.children(RESOURCE_DEMANDING_INTERNAL_BEHAVIOURS__BASIC_COMPONENT)) {
				component.getInternalBehaviours().add(internalBehaviour(child));
			}
			end(fields, component);
			return component;
		}
		if (isType(element, "CompositeComponent")) {
			CompositeComponent component = begin(fields, PCM.createCompositeComponent());
			roles(fields, component);
			componentParameters(fields, component);
			composedStructure(fields, component);
			end(fields, component);
			return component;
		}
		if (isType(element, "SubSystem")) {
			// read as the composed structure it is, then flattened into the system once references resolve
			CompositeComponent subsystem = begin(fields, PCM.createCompositeComponent());
			roles(fields, subsystem);
			composedStructure(fields, subsystem);
			end(fields, subsystem);
			builder.subsystem(subsystem);
			return subsystem;
		}
		unsupportedType(repository, element, "component");
		return null;
	}

	private void componentParameters(ElementFields fields, RepositoryComponent component) {
		for (XmlElement child : fields.children(COMPONENT_PARAMETER_USAGE_IMPLEMENTATION_COMPONENT_TYPE)) {
			component.getComponentParameters().add(variableUsage(child));
		}
	}

	private void roles(ElementFields fields, InterfaceProvidingRequiringEntity entity) {
		for (XmlElement child : fields.children(PROVIDED_ROLES_INTERFACE_PROVIDING_ENTITY)) {
			ProvidedRole role = providedRole(child, entity);
			if (role != null) {
				entity.getProvidedRoles().add(role);
			}
		}
		for (XmlElement child : fields.children(REQUIRED_ROLES_INTERFACE_REQUIRING_ENTITY)) {
			RequiredRole role = requiredRole(child, entity);
			if (role != null) {
				entity.getRequiredRoles().add(role);
			}
		}
		for (XmlElement child : fields.children(RESOURCE_REQUIRED_ROLES__RESOURCE_INTERFACE_REQUIRING_ENTITY)) {
			entity.getResourceRequiredRoles().add(role(new ElementFields(child), PCM.createResourceRequiredRole(),
					PcmPackage.Literals.RESOURCE_REQUIRED_ROLE__REQUIRED_INTERFACE,
					REQUIRED_RESOURCE_INTERFACE__RESOURCE_REQUIRED_ROLE));
		}
	}

	/** A role of any kind: its id and name, and the interface it provides or requires. */
	private <R extends Role> R role(ElementFields fields, R role, EReference interfaceFeature, String interfaceReference) {
		begin(fields, role);
		builder.refer(role, interfaceFeature, fields, interfaceReference);
		end(fields, role);
		return role;
	}

	private ProvidedRole providedRole(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "OperationProvidedRole")) {
			return role(fields, PCM.createOperationProvidedRole(),
					PcmPackage.Literals.OPERATION_PROVIDED_ROLE__PROVIDED_INTERFACE,
					PROVIDED_INTERFACE__OPERATION_PROVIDED_ROLE);
		}
		if (isType(element, "InfrastructureProvidedRole")) {
			return role(fields, PCM.createInfrastructureProvidedRole(),
					PcmPackage.Literals.INFRASTRUCTURE_PROVIDED_ROLE__PROVIDED_INTERFACE,
					PROVIDED_INTERFACE__INFRASTRUCTURE_PROVIDED_ROLE);
		}
		if (isType(element, "SinkRole")) {
			return role(fields, PCM.createSinkRole(), PcmPackage.Literals.SINK_ROLE__EVENT_GROUP, EVENT_GROUP__SINK_ROLE);
		}
		unsupportedType(owner, element, "provided role");
		return null;
	}

	private RequiredRole requiredRole(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "OperationRequiredRole")) {
			return role(fields, PCM.createOperationRequiredRole(),
					PcmPackage.Literals.OPERATION_REQUIRED_ROLE__REQUIRED_INTERFACE,
					REQUIRED_INTERFACE__OPERATION_REQUIRED_ROLE);
		}
		if (isType(element, "InfrastructureRequiredRole")) {
			return role(fields, PCM.createInfrastructureRequiredRole(),
					PcmPackage.Literals.INFRASTRUCTURE_REQUIRED_ROLE__REQUIRED_INTERFACE,
					REQUIRED_INTERFACE__INFRASTRUCTURE_REQUIRED_ROLE);
		}
		if (isType(element, "SourceRole")) {
			return role(fields, PCM.createSourceRole(), PcmPackage.Literals.SOURCE_ROLE__EVENT_GROUP,
					EVENT_GROUP__SOURCE_ROLE);
		}
		unsupportedType(owner, element, "required role");
		return null;
	}

	private Interface anInterface(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "OperationInterface")) {
			OperationInterface anInterface = begin(fields, PCM.createOperationInterface());
			for (XmlElement child : fields.children(SIGNATURES__OPERATION_INTERFACE)) {
				ElementFields signatureFields = new ElementFields(child);
				OperationSignature signature = begin(signatureFields, PCM.createOperationSignature());
				parameters(signatureFields, signature.getParameters(), PARAMETERS__OPERATION_SIGNATURE);
				builder.refer(signature, PcmPackage.Literals.OPERATION_SIGNATURE__RETURN_TYPE, signatureFields,
						RETURN_TYPE__OPERATION_SIGNATURE);
				end(signatureFields, signature);
				anInterface.getSignatures().add(signature);
			}
			end(fields, anInterface);
			return anInterface;
		}
		if (isType(element, "InfrastructureInterface")) {
			InfrastructureInterface anInterface = begin(fields, PCM.createInfrastructureInterface());
			for (XmlElement child : fields.children(INFRASTRUCTURE_SIGNATURES__INFRASTRUCTURE_INTERFACE)) {
				ElementFields signatureFields = new ElementFields(child);
				InfrastructureSignature signature = begin(signatureFields, PCM.createInfrastructureSignature());
				parameters(signatureFields, signature.getParameters(), PARAMETERS__INFRASTRUCTURE_SIGNATURE);
				end(signatureFields, signature);
				anInterface.getSignatures().add(signature);
			}
			end(fields, anInterface);
			return anInterface;
		}
		if (isType(element, "EventGroup")) {
			EventGroup group = begin(fields, PCM.createEventGroup());
			for (XmlElement child : fields.children(EVENT_TYPES__EVENT_GROUP)) {
				ElementFields typeFields = new ElementFields(child);
				EventType type = begin(typeFields, PCM.createEventType());
				parameters(typeFields, type.getParameters(), PARAMETER__EVENT_TYPE);
				end(typeFields, type);
				group.getEventTypes().add(type);
			}
			end(fields, group);
			return group;
		}
		unsupportedType(owner, element, "interface");
		return null;
	}

	private void parameters(ElementFields fields, List<Parameter> parameters, String feature) {
		for (XmlElement child : fields.children(feature)) {
			ElementFields parameterFields = new ElementFields(child);
			Parameter parameter = PCM.createParameter();
			builder.register(child, parameter);
			parameter.setName(parameterFields.attribute("parameterName"));
			parameter.setModifier(enumValue(parameterFields, parameter, MODIFIER__PARAMETER, ParameterModifier.class,
					ParameterModifier.NONE));
			builder.refer(parameter, PcmPackage.Literals.PARAMETER__DATA_TYPE, parameterFields, DATA_TYPE__PARAMETER);
			end(parameterFields, parameter);
			parameters.add(parameter);
		}
	}

	private DataType dataType(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "PrimitiveDataType")) {
			PrimitiveDataType dataType = begin(fields, PCM.createPrimitiveDataType());
			dataType.setType(enumValue(fields, dataType, "type", PrimitiveType.class, PrimitiveType.INT));
			end(fields, dataType);
			return dataType;
		}
		if (isType(element, "CollectionDataType")) {
			CollectionDataType dataType = begin(fields, PCM.createCollectionDataType());
			dataType.setName(fields.attribute("entityName"));
			builder.refer(dataType, PcmPackage.Literals.COLLECTION_DATA_TYPE__INNER_TYPE, fields,
					INNER_TYPE_COLLECTION_DATA_TYPE);
			end(fields, dataType);
			return dataType;
		}
		if (isType(element, "CompositeDataType")) {
			CompositeDataType dataType = begin(fields, PCM.createCompositeDataType());
			dataType.setName(fields.attribute("entityName"));
			for (XmlElement child : fields.children(INNER_DECLARATION_COMPOSITE_DATA_TYPE)) {
				ElementFields declarationFields = new ElementFields(child);
				InnerDeclaration declaration = PCM.createInnerDeclaration();
				builder.register(child, declaration);
				declaration.setName(declarationFields.attribute("entityName"));
				builder.refer(declaration, PcmPackage.Literals.INNER_DECLARATION__DATA_TYPE, declarationFields,
						DATATYPE_INNER_DECLARATION);
				end(declarationFields, declaration);
				dataType.getInnerDeclarations().add(declaration);
			}
			end(fields, dataType);
			return dataType;
		}
		unsupportedType(owner, element, "data type");
		return null;
	}

	private PassiveResource passiveResource(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		PassiveResource resource = begin(fields, PCM.createPassiveResource());
		resource.setCapacity(fields.randomVariable(CAPACITY_PASSIVE_RESOURCE));
		end(fields, resource);
		return resource;
	}

	// ------------------------------------------------------------------ parameters

	private VariableUsage variableUsage(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		VariableUsage usage = PCM.createVariableUsage();
		builder.register(element, usage);
		for (XmlElement child : fields.children(VARIABLE_CHARACTERISATION_VARIABLE_USAGE)) {
			ElementFields characterisationFields = new ElementFields(child);
			VariableCharacterisation characterisation = PCM.createVariableCharacterisation();
			builder.register(child, characterisation);
			characterisation.setType(enumValue(characterisationFields, characterisation, "type",
					VariableCharacterisationType.class, VariableCharacterisationType.VALUE));
			characterisation.setSpecification(
					characterisationFields.randomVariable(SPECIFICATION_VARIABLE_CHARACTERISATION));
			end(characterisationFields, characterisation);
			usage.getCharacterisations().add(characterisation);
		}
		List<XmlElement> references = fields.children(NAMED_REFERENCE__VARIABLE_USAGE, NAMED_REFERENCE_VARIABLE_USAGE);
		if (!references.isEmpty()) {
			usage.setVariable(variableName(references.get(0), usage));
		}
		end(fields, usage);
		return usage;
	}

	/** PCM spells {@code a.b} as a namespace reference {@code a} whose inner reference is {@code b}. */
	private String variableName(XmlElement element, VariableUsage usage) {
		ElementFields fields = new ElementFields(element);
		String name = fields.attribute("referenceName");
		String result = name;
		if (isType(element, "NamespaceReference")) {
			List<XmlElement> inner = fields.children(INNER_REFERENCE_NAMESPACE_REFERENCE);
			if (!inner.isEmpty()) {
				result = name + "." + variableName(inner.get(0), usage);
			}
		} else if (!isType(element, "VariableReference")) {
			unsupportedType(usage, element, "variable reference");
			return name;
		}
		end(fields, usage);
		return result;
	}

	// ------------------------------------------------------------------ RDSEFF

	private ResourceDemandingSeff seff(XmlElement element, BasicComponent component) {
		if (element.declaredType() != null && !isType(element, "ResourceDemandingSEFF")) {
			unsupportedType(component, element, "service effect specification");
			return null;
		}
		ElementFields fields = new ElementFields(element);
		ResourceDemandingSeff seff = begin(fields, PCM.createResourceDemandingSeff());
		builder.refer(seff, PcmPackage.Literals.RESOURCE_DEMANDING_SEFF__DESCRIBED_SERVICE, fields,
				DESCRIBED_SERVICE__S_E_F_F);
		steps(fields, seff);
		for (XmlElement child : fields.children("resourceDemandingInternalBehaviours")) {
			component.getInternalBehaviours().add(internalBehaviour(child));
		}
		end(fields, seff);
		return seff;
	}

	private ResourceDemandingInternalBehaviour internalBehaviour(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceDemandingInternalBehaviour behaviour = begin(fields, PCM.createResourceDemandingInternalBehaviour());
		behaviour.setName(fields.attribute("entityName"));
		steps(fields, behaviour);
		end(fields, behaviour);
		return behaviour;
	}

	/** A nested behaviour: branch, loop body or forked behaviour. */
	private ResourceDemandingBehaviour behaviour(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceDemandingBehaviour behaviour = begin(fields, PCM.createResourceDemandingBehaviour());
		steps(fields, behaviour);
		end(fields, behaviour);
		return behaviour;
	}

	private void steps(ElementFields fields, ResourceDemandingBehaviour behaviour) {
		for (XmlElement child : fields.children(STEPS_BEHAVIOUR)) {
			AbstractAction action = action(child, behaviour);
			if (action != null) {
				behaviour.getSteps().add(action);
			} else {
				NotImported.step(behaviour, describeStep(child));
			}
		}
	}

	/** How messages name a step that was not imported, e.g. {@code action 'notify' (SignalAction) at line 12}. */
	private static String describeStep(XmlElement step) {
		String name = step.attribute("entityName");
		String type = step.declaredType() == null ? step.localName() : step.declaredType();
		return "action " + (name == null || name.isBlank() ? "" : "'" + ModelFileLimits.shorten(name) + "' ") + "("
				+ ModelFileLimits.shorten(type) + ") at line " + step.line();
	}

	private AbstractAction action(XmlElement element, EObject owner) {
		if (isType(element, "RecoveryAction")) {
			return recoveryBlock(element, owner);
		}
		AbstractAction action = createAction(element);
		if (action == null) {
			unsupportedType(owner, element, "action");
			return null;
		}
		ElementFields fields = new ElementFields(element);
		begin(fields, action);
		builder.refer(action, PcmPackage.Literals.ABSTRACT_ACTION__SUCCESSOR, fields, SUCCESSOR_ABSTRACT_ACTION);
		builder.referBack(action, PcmPackage.Literals.ABSTRACT_ACTION__PREDECESSOR, fields,
				PREDECESSOR_ABSTRACT_ACTION);
		if (action instanceof AbstractInternalControlFlowAction flow) {
			demandsAndCalls(fields, flow);
		}
		switch (action) {
		case ExternalCallAction call -> {
			builder.refer(call, PcmPackage.Literals.EXTERNAL_CALL_ACTION__SIGNATURE, fields,
					CALLED_SERVICE_EXTERNAL_SERVICE);
			builder.refer(call, PcmPackage.Literals.EXTERNAL_CALL_ACTION__ROLE, fields, ROLE_EXTERNAL_SERVICE);
			variableUsages(fields, call.getInputVariableUsages(), INPUT_VARIABLE_USAGES__CALL_ACTION);
			variableUsages(fields, call.getReturnVariableUsages(), RETURN_VARIABLE_USAGE__CALL_RETURN_ACTION);
		}
		case EmitEventAction emit -> {
			builder.refer(emit, PcmPackage.Literals.EMIT_EVENT_ACTION__EVENT_TYPE, fields, EVENT_TYPE__EMIT_EVENT_ACTION);
			builder.refer(emit, PcmPackage.Literals.EMIT_EVENT_ACTION__SOURCE_ROLE, fields, SOURCE_ROLE__EMIT_EVENT_ACTION);
			variableUsages(fields, emit.getInputVariableUsages(), INPUT_VARIABLE_USAGES__CALL_ACTION);
		}
		case InternalCallAction call -> {
			builder.refer(call, PcmPackage.Literals.INTERNAL_CALL_ACTION__BEHAVIOUR, fields,
					"calledResourceDemandingInternalBehaviour");
			variableUsages(fields, call.getInputVariableUsages(), INPUT_VARIABLE_USAGES__CALL_ACTION);
		}
		case BranchAction branch -> {
			for (XmlElement child : fields.children(BRANCHES_BRANCH)) {
				BranchTransition transition = branchTransition(child, branch);
				if (transition != null) {
					branch.getBranches().add(transition);
				}
			}
		}
		case LoopAction loop -> {
			loop.setIterationCount(fields.randomVariable(ITERATION_COUNT_LOOP_ACTION));
			loopBody(fields, loop);
		}
		case CollectionIteratorAction iterator -> {
			builder.refer(iterator, PcmPackage.Literals.COLLECTION_ITERATOR_ACTION__PARAMETER, fields,
					PARAMETER_COLLECTION_ITERATOR_ACTION);
			loopBody(fields, iterator);
		}
		case ForkAction fork -> {
			for (XmlElement child : fields.children(ASYNCHRONOUS_FORKED_BEHAVIOURS_FORK_ACTION)) {
				fork.getAsynchronousBehaviours().add(behaviour(child));
			}
			for (XmlElement child : fields.children(SYNCHRONISING_BEHAVIOURS_FORK_ACTION)) {
				fork.setSynchronisationPoint(synchronisationPoint(child));
			}
		}
		case SetVariableAction set -> variableUsages(fields, set.getLocalVariableUsages(),
				LOCAL_VARIABLE_USAGES_SET_VARIABLE_ACTION);
		case AcquireAction acquire -> {
			builder.refer(acquire, PcmPackage.Literals.ACQUIRE_ACTION__PASSIVE_RESOURCE, fields,
					PASSIVERESOURCE_ACQUIRE_ACTION, PASSIVE_RESOURCE_ACQUIRE_ACTION);
			if (Boolean.parseBoolean(fields.attribute("timeout"))) {
				unsupported(acquire, element, "timeout", "attribute");
			}
			fields.ignore("timeoutValue");
		}
		case ReleaseAction release -> builder.refer(release, PcmPackage.Literals.RELEASE_ACTION__PASSIVE_RESOURCE,
				fields, PASSIVE_RESOURCE_RELEASE_ACTION);
		default -> {
			// start, stop and internal actions have nothing beyond demands and calls
		}
		}
		end(fields, action);
		return action;
	}

	/**
	 * A recovery block (PCM's RecoveryAction) runs its primary behaviour; its alternatives run only
	 * after a failure, and failures are outside IOSim's scope. SimuCom simulates a recovery block
	 * without failures the same way. It becomes a branch with the primary behaviour as its one
	 * transition, taken with probability 1, so that the metamodel needs no class of its own for it.
	 */
	private AbstractAction recoveryBlock(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		BranchAction block = begin(fields, PCM.createBranchAction());
		builder.refer(block, PcmPackage.Literals.ABSTRACT_ACTION__SUCCESSOR, fields, SUCCESSOR_ABSTRACT_ACTION);
		builder.referBack(block, PcmPackage.Literals.ABSTRACT_ACTION__PREDECESSOR, fields,
				PREDECESSOR_ABSTRACT_ACTION);
		List<XmlElement> behaviours = fields.children(RECOVERY_ACTION_BEHAVIOURS__RECOVERY_ACTION);
		XmlElement primary = primaryBehaviour(fields, block, behaviours);
		for (XmlElement behaviour : behaviours) {
			if (behaviour != primary) {
				builder.skip(behaviour);
			}
		}
		if (primary != null) {
			ProbabilisticBranchTransition transition = PCM.createProbabilisticBranchTransition();
			SourceLocation.attach(transition, primary.file().displayName(), primary.line());
			transition.setName(primary.attribute("entityName"));
			transition.setProbability(1);
			transition.setBehaviour(recoveryBehaviour(primary));
			block.getBranches().add(transition);
			int alternatives = behaviours.size() - 1;
			builder.diagnostics().once(Severity.WARNING, block, element, "RecoveryAction", "recovery block: its"
					+ " primary behaviour" + (transition.getName() == null ? "" : " '" + transition.getName() + "'")
					+ " is simulated, as SimuCom does while no failure occurs; " + (alternatives == 1
							? "its alternative behaviour runs"
							: "its " + alternatives + " alternative behaviours run")
					+ " only after failures, which IOSim does not simulate");
		}
		end(fields, block);
		return block;
	}

	/**
	 * @param behaviours the recovery block's own recovery behaviours, the only ones it may name
	 * @return the recovery behaviour {@code primaryBehaviour__RecoveryAction} names, or null (then reported)
	 */
	private XmlElement primaryBehaviour(ElementFields fields, BranchAction block, List<XmlElement> behaviours) {
		String written = fields.attribute(PRIMARY_BEHAVIOUR__RECOVERY_ACTION);
		List<XmlElement> children = fields.children(PRIMARY_BEHAVIOUR__RECOVERY_ACTION);
		if (written == null && !children.isEmpty()) {
			written = children.get(0).attribute("href");
		}
		if (written == null || written.isBlank()) {
			builder.diagnostics().error(block, fields.element(),
					"the recovery block names no primary behaviour (primaryBehaviour__RecoveryAction)");
			return null;
		}
		ReferenceTarget target = ReferenceTarget.parse(written.trim(), fields.element().file());
		XmlElement primary = target.kind() == ReferenceTarget.Kind.SAME_FILE
				? fields.element().file().resolveFragment(target.fragment())
				: null;
		if (primary == null || !behaviours.contains(primary)) {
			builder.diagnostics().error(block, fields.element(), "the primary behaviour '"
					+ ModelFileLimits.shorten(written) + "' of the recovery block is not one of its recovery behaviours"
					+ " (recoveryActionBehaviours__RecoveryAction)");
			return null;
		}
		return primary;
	}

	/**
	 * The primary behaviour of a recovery block. Which failures it handles and which alternative takes
	 * over after one matter only once failures occur.
	 */
	private ResourceDemandingBehaviour recoveryBehaviour(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceDemandingBehaviour behaviour = begin(fields, PCM.createResourceDemandingBehaviour());
		String[] failureHandling = { FAILURE_TYPES_FAILURE_HANDLING_ENTITY,
				FAILURE_HANDLING_ALTERNATIVES__RECOVERY_ACTION_BEHAVIOUR };
		fields.ignore(failureHandling);
		fields.children(failureHandling);
		steps(fields, behaviour);
		end(fields, behaviour);
		return behaviour;
	}

	/**
	 * PCM names its action types as IOSim's metamodel does, so an action is created from the class of
	 * that name; what each type reads beyond that is the one switch in {@link #action}.
	 */
	private static AbstractAction createAction(XmlElement element) {
		return create(element.declaredType(), PcmPackage.Literals.ABSTRACT_ACTION);
	}

	/** @return a new element of the concrete class named {@code type} below {@code base}, or null if there is none */
	@SuppressWarnings("unchecked")
	private static <T extends EObject> T create(String type, EClass base) {
		if (type != null && PcmPackage.eINSTANCE.getEClassifier(type) instanceof EClass eClass && !eClass.isAbstract()
				&& base.isSuperTypeOf(eClass)) {
			return (T) PCM.create(eClass);
		}
		return null;
	}

	private void loopBody(ElementFields fields, AbstractLoopAction loop) {
		for (XmlElement child : fields.children(BODY_BEHAVIOUR_LOOP)) {
			loop.setBody(behaviour(child));
		}
	}

	private void demandsAndCalls(ElementFields fields, AbstractInternalControlFlowAction action) {
		for (XmlElement child : fields.children(RESOURCE_DEMAND_ACTION)) {
			ElementFields demandFields = new ElementFields(child);
			ParametricResourceDemand demand = PCM.createParametricResourceDemand();
			builder.register(child, demand);
			demand.setDemand(demandFields.randomVariable(SPECIFICATION_PARAMETERIC_RESOURCE_DEMAND));
			builder.refer(demand, PcmPackage.Literals.PARAMETRIC_RESOURCE_DEMAND__REQUIRED_RESOURCE, demandFields,
					REQUIRED_RESOURCE_PARAMETRIC_RESOURCE_DEMAND);
			end(demandFields, demand);
			action.getResourceDemands().add(demand);
		}
		for (XmlElement child : fields.children(RESOURCE_CALL__ACTION)) {
			ElementFields callFields = new ElementFields(child);
			ResourceCall call = begin(callFields, PCM.createResourceCall());
			builder.refer(call, PcmPackage.Literals.RESOURCE_CALL__ROLE, callFields, RESOURCE_REQUIRED_ROLE__RESOURCE_CALL);
			builder.refer(call, PcmPackage.Literals.RESOURCE_CALL__SIGNATURE, callFields, SIGNATURE__RESOURCE_CALL);
			String calls = callFields.randomVariable(NUMBER_OF_CALLS__RESOURCE_CALL);
			if (calls != null) {
				call.setNumberOfCalls(calls);
			}
			variableUsages(callFields, call.getInputVariableUsages(), INPUT_VARIABLE_USAGES__CALL_ACTION);
			end(callFields, call);
			action.getResourceCalls().add(call);
		}
		for (XmlElement child : fields.children(INFRASTRUCTURE_CALL__ACTION)) {
			ElementFields callFields = new ElementFields(child);
			InfrastructureCall call = begin(callFields, PCM.createInfrastructureCall());
			builder.refer(call, PcmPackage.Literals.INFRASTRUCTURE_CALL__ROLE, callFields,
					REQUIRED_ROLE__INFRASTRUCTURE_CALL);
			builder.refer(call, PcmPackage.Literals.INFRASTRUCTURE_CALL__SIGNATURE, callFields,
					SIGNATURE__INFRASTRUCTURE_CALL);
			String calls = callFields.randomVariable(NUMBER_OF_CALLS__INFRASTRUCTURE_CALL);
			if (calls != null) {
				call.setNumberOfCalls(calls);
			}
			variableUsages(callFields, call.getInputVariableUsages(), INPUT_VARIABLE_USAGES__CALL_ACTION);
			end(callFields, call);
			action.getInfrastructureCalls().add(call);
		}
	}

	private void variableUsages(ElementFields fields, List<VariableUsage> usages, String... features) {
		for (XmlElement child : fields.children(features)) {
			usages.add(variableUsage(child));
		}
	}

	private BranchTransition branchTransition(XmlElement element, BranchAction branch) {
		ElementFields fields = new ElementFields(element);
		BranchTransition transition;
		if (isType(element, "ProbabilisticBranchTransition")) {
			ProbabilisticBranchTransition probabilistic = begin(fields, PCM.createProbabilisticBranchTransition());
			probabilistic.setProbability(decimal(fields, probabilistic, "branchProbability", 0));
			transition = probabilistic;
		} else if (isType(element, "GuardedBranchTransition")) {
			GuardedBranchTransition guarded = begin(fields, PCM.createGuardedBranchTransition());
			guarded.setCondition(fields.randomVariable(BRANCH_CONDITION_GUARDED_BRANCH_TRANSITION));
			transition = guarded;
		} else {
			unsupportedType(branch, element, "branch transition");
			return null;
		}
		for (XmlElement child : fields.children(BRANCH_BEHAVIOUR_BRANCH_TRANSITION)) {
			transition.setBehaviour(behaviour(child));
		}
		end(fields, transition);
		return transition;
	}

	private SynchronisationPoint synchronisationPoint(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		SynchronisationPoint point = begin(fields, PCM.createSynchronisationPoint());
		for (XmlElement child : fields.children(SYNCHRONOUS_FORKED_BEHAVIOURS_SYNCHRONISATION_POINT)) {
			point.getSynchronousBehaviours().add(behaviour(child));
		}
		end(fields, point);
		return point;
	}

	// ------------------------------------------------------------------ system

	SoftwareSystem system(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		SoftwareSystem system = begin(fields, PCM.createSoftwareSystem());
		roles(fields, system);
		composedStructure(fields, system);
		end(fields, system);
		return system;
	}

	private void composedStructure(ElementFields fields, ComposedStructure structure) {
		for (XmlElement child : fields.children(ASSEMBLY_CONTEXTS__COMPOSED_STRUCTURE)) {
			ElementFields contextFields = new ElementFields(child);
			AssemblyContext context = begin(contextFields, PCM.createAssemblyContext());
			builder.refer(context, PcmPackage.Literals.ASSEMBLY_CONTEXT__COMPONENT, contextFields,
					ENCAPSULATED_COMPONENT__ASSEMBLY_CONTEXT);
			variableUsages(contextFields, context.getConfigParameterUsages(), CONFIG_PARAMETER_USAGES__ASSEMBLY_CONTEXT);
			end(contextFields, context);
			structure.getAssemblyContexts().add(context);
		}
		for (XmlElement child : fields.children(CONNECTORS__COMPOSED_STRUCTURE)) {
			Connector connector = connector(child, structure);
			if (connector != null) {
				structure.getConnectors().add(connector);
			}
		}
		for (XmlElement child : fields.children(EVENT_CHANNEL__COMPOSED_STRUCTURE)) {
			structure.getEventChannels().add(eventChannel(child));
		}
	}

	private EventChannel eventChannel(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		EventChannel channel = begin(fields, PCM.createEventChannel());
		builder.refer(channel, PcmPackage.Literals.EVENT_CHANNEL__EVENT_GROUP, fields, EVENT_GROUP__EVENT_CHANNEL);
		// the channel's connectors, which name the channel themselves; IOSim reads them from that side
		String[] connectors = { EVENT_CHANNEL_SOURCE_CONNECTOR__EVENT_CHANNEL, EVENT_CHANNEL_SINK_CONNECTOR__EVENT_CHANNEL };
		fields.ignore(connectors);
		fields.children(connectors);
		end(fields, channel);
		return channel;
	}

	/** @return the connector's filter condition, or null for none or the empty one the editors leave */
	private static String filterCondition(ElementFields fields, String feature) {
		String condition = fields.randomVariable(feature);
		return condition == null || condition.isBlank() ? null : condition.trim();
	}

	private Connector connector(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		Connector connector;
		if (isType(element, "AssemblyConnector") || isType(element, PRIVACY_ASSEMBLY_CONNECTOR)) {
			AssemblyConnector assembly = begin(fields, PCM.createAssemblyConnector());
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__REQUIRING_CONTEXT, fields,
					REQUIRING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR);
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__PROVIDING_CONTEXT, fields,
					PROVIDING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR);
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__PROVIDED_ROLE, fields,
					PROVIDED_ROLE_ASSEMBLY_CONNECTOR);
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__REQUIRED_ROLE, fields,
					REQUIRED_ROLE_ASSEMBLY_CONNECTOR);
			connector = assembly;
		} else if (isType(element, "ProvidedDelegationConnector")) {
			ProvidedDelegationConnector delegation = begin(fields, PCM.createProvidedDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					OUTER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR);
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					INNER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR);
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					ASSEMBLY_CONTEXT_PROVIDED_DELEGATION_CONNECTOR);
			connector = delegation;
		} else if (isType(element, "RequiredDelegationConnector")) {
			RequiredDelegationConnector delegation = begin(fields, PCM.createRequiredDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					OUTER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR);
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					INNER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR);
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					ASSEMBLY_CONTEXT_REQUIRED_DELEGATION_CONNECTOR);
			connector = delegation;
		} else if (isType(element, "AssemblyInfrastructureConnector")) {
			AssemblyInfrastructureConnector infrastructure = begin(fields, PCM.createAssemblyInfrastructureConnector());
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__REQUIRING_CONTEXT,
					fields, REQUIRING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR);
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__PROVIDING_CONTEXT,
					fields, PROVIDING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR);
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__PROVIDED_ROLE, fields,
					PROVIDED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR);
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__REQUIRED_ROLE, fields,
					REQUIRED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR);
			connector = infrastructure;
		} else if (isType(element, "EventChannelSourceConnector")) {
			EventChannelSourceConnector source = begin(fields, PCM.createEventChannelSourceConnector());
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__EVENT_CHANNEL, fields,
					EVENT_CHANNEL__EVENT_CHANNEL_SOURCE_CONNECTOR);
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__ASSEMBLY_CONTEXT, fields,
					ASSEMBLY_CONTEXT__EVENT_CHANNEL_SOURCE_CONNECTOR);
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__SOURCE_ROLE, fields,
					SOURCE_ROLE__EVENT_CHANNEL_SOURCE_ROLE);
			connector = source;
		} else if (isType(element, "EventChannelSinkConnector")) {
			EventChannelSinkConnector sink = begin(fields, PCM.createEventChannelSinkConnector());
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__EVENT_CHANNEL, fields,
					EVENT_CHANNEL__EVENT_CHANNEL_SINK_CONNECTOR);
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__ASSEMBLY_CONTEXT, fields,
					ASSEMBLY_CONTEXT__EVENT_CHANNEL_SINK_CONNECTOR);
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__SINK_ROLE, fields,
					SINK_ROLE__EVENT_CHANNEL_SINK_CONNECTOR);
			sink.setFilterCondition(filterCondition(fields, FILTER_CONDITION__EVENT_CHANNEL_SINK_CONNECTOR));
			connector = sink;
		} else if (isType(element, "AssemblyEventConnector")) {
			AssemblyEventConnector direct = begin(fields, PCM.createAssemblyEventConnector());
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SOURCE_CONTEXT, fields,
					SOURCE_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR);
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SOURCE_ROLE, fields,
					SOURCE_ROLE__ASSEMBLY_EVENT_CONNECTOR);
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SINK_CONTEXT, fields,
					SINK_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR);
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SINK_ROLE, fields,
					SINK_ROLE__ASSEMBLY_EVENT_CONNECTOR);
			direct.setFilterCondition(filterCondition(fields, FILTER_CONDITION__ASSEMBLY_EVENT_CONNECTOR));
			connector = direct;
		} else if (isType(element, "SourceDelegationConnector")) {
			SourceDelegationConnector delegation = begin(fields, PCM.createSourceDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					OUTER_SOURCE_ROLE__SOURCE_ROLE);
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					INNER_SOURCE_ROLE__SOURCE_ROLE);
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					ASSEMBLY_CONTEXT__SOURCE_DELEGATION_CONNECTOR);
			connector = delegation;
		} else if (isType(element, "SinkDelegationConnector")) {
			SinkDelegationConnector delegation = begin(fields, PCM.createSinkDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					OUTER_SINK_ROLE__SINK_ROLE);
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					INNER_SINK_ROLE__SINK_ROLE);
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					ASSEMBLY_CONTEXT__SINK_DELEGATION_CONNECTOR);
			connector = delegation;
		} else {
			unsupportedType(owner, element, "connector");
			return null;
		}
		end(fields, connector);
		return connector;
	}

	// ------------------------------------------------------------------ resource environment

	ResourceEnvironment resourceEnvironment(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceEnvironment environment = begin(fields, PCM.createResourceEnvironment());
		for (XmlElement child : fields.children(RESOURCE_CONTAINER_RESOURCE_ENVIRONMENT)) {
			environment.getContainers().add(container(child));
		}
		for (XmlElement child : fields.children(LINKING_RESOURCES__RESOURCE_ENVIRONMENT)) {
			environment.getLinkingResources().add(linkingResource(child));
		}
		end(fields, environment);
		return environment;
	}

	private ResourceContainer container(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceContainer container = begin(fields, PCM.createResourceContainer());
		for (XmlElement child : fields.children(ACTIVE_RESOURCE_SPECIFICATIONS_RESOURCE_CONTAINER)) {
			ProcessingResourceSpecification resource = processingResource(child, false, container);
			if (resource != null) {
				container.getProcessingResources().add(resource);
			}
		}
		for (XmlElement child : fields.children("hddResourceSpecifications")) {
			ProcessingResourceSpecification resource = processingResource(child, true, container);
			if (resource != null) {
				container.getProcessingResources().add(resource);
			}
		}
		for (XmlElement child : fields.children(NESTED_RESOURCE_CONTAINERS__RESOURCE_CONTAINER)) {
			container.getNestedContainers().add(container(child));
		}
		end(fields, container);
		return container;
	}

	private ProcessingResourceSpecification processingResource(XmlElement element, boolean diskByDefault,
			EObject owner) {
		ElementFields fields = new ElementFields(element);
		String type = element.declaredType();
		ProcessingResourceSpecification resource;
		if ("HDDProcessingResourceSpecification".equals(type) || (type == null && diskByDefault)) {
			HddProcessingResourceSpecification disk = PCM.createHddProcessingResourceSpecification();
			disk.setReadProcessingRate(fields.randomVariable("readProcessingRate"));
			disk.setWriteProcessingRate(fields.randomVariable("writeProcessingRate"));
			resource = disk;
		} else if (type == null || "ProcessingResourceSpecification".equals(type)) {
			resource = PCM.createProcessingResourceSpecification();
		} else {
			unsupportedType(owner, element, "processing resource");
			return null;
		}
		begin(fields, resource);
		builder.refer(resource, PcmPackage.Literals.PROCESSING_RESOURCE_SPECIFICATION__SCHEDULING_POLICY, fields,
				"schedulingPolicy");
		builder.refer(resource, PcmPackage.Literals.PROCESSING_RESOURCE_SPECIFICATION__RESOURCE_TYPE, fields,
				ACTIVE_RESOURCE_TYPE_ACTIVE_RESOURCE_SPECIFICATION);
		String rate = fields.randomVariable(PROCESSING_RATE_PROCESSING_RESOURCE_SPECIFICATION);
		if (rate == null) {
			// left unset, the metamodel's default rate of 1 would be simulated as if the file said so
			builder.diagnostics().error(resource, element,
					"the processing rate (processingRate_ProcessingResourceSpecification) is missing");
		} else {
			resource.setProcessingRate(rate);
		}
		resource.setNumberOfReplicas(integer(fields, resource, "numberOfReplicas", 1));
		resource.setMttf(decimal(fields, resource, "MTTF", 0));
		resource.setMttr(decimal(fields, resource, "MTTR", 0));
		end(fields, resource);
		return resource;
	}

	/** PCM keeps a link's type, latency and throughput in a separate specification element. */
	private LinkingResource linkingResource(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		LinkingResource link = begin(fields, PCM.createLinkingResource());
		builder.refer(link, PcmPackage.Literals.LINKING_RESOURCE__CONNECTED_CONTAINERS, fields,
				CONNECTED_RESOURCE_CONTAINERS_LINKING_RESOURCE);
		for (XmlElement child : fields.children(COMMUNICATION_LINK_RESOURCE_SPECIFICATIONS_LINKING_RESOURCE)) {
			ElementFields specification = new ElementFields(child);
			specification.ignore("id");
			builder.refer(link, PcmPackage.Literals.LINKING_RESOURCE__RESOURCE_TYPE, specification,
					COMMUNICATION_LINK_RESOURCE_TYPE_COMMUNICATION_LINK_RESOURCE_SPECIFICATION);
			link.setLatency(specification.randomVariable(LATENCY_COMMUNICATION_LINK_RESOURCE_SPECIFICATION));
			link.setThroughput(specification.randomVariable(THROUGHPUT_COMMUNICATION_LINK_RESOURCE_SPECIFICATION));
			link.setFailureProbability(decimal(specification, link, "failureProbability", 0));
			end(specification, link);
		}
		end(fields, link);
		return link;
	}

	// ------------------------------------------------------------------ allocation

	Allocation allocation(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		Allocation allocation = begin(fields, PCM.createAllocation());
		builder.refer(allocation, PcmPackage.Literals.ALLOCATION__SYSTEM, fields, SYSTEM_ALLOCATION);
		builder.refer(allocation, PcmPackage.Literals.ALLOCATION__RESOURCE_ENVIRONMENT, fields,
				TARGET_RESOURCE_ENVIRONMENT_ALLOCATION);
		for (XmlElement child : fields.children(ALLOCATION_CONTEXTS_ALLOCATION)) {
			ElementFields contextFields = new ElementFields(child);
			AllocationContext context = begin(contextFields, PCM.createAllocationContext());
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__ASSEMBLY_CONTEXT, contextFields,
					ASSEMBLY_CONTEXT_ALLOCATION_CONTEXT);
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__CONTAINER, contextFields,
					RESOURCE_CONTAINER_ALLOCATION_CONTEXT);
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__EVENT_CHANNEL, contextFields,
					EVENT_CHANNEL__ALLOCATION_CONTEXT);
			end(contextFields, context);
			allocation.getContexts().add(context);
		}
		end(fields, allocation);
		return allocation;
	}

	// ------------------------------------------------------------------ usage model

	UsageModel usageModel(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		UsageModel usageModel = begin(fields, PCM.createUsageModel());
		for (XmlElement child : fields.children(USAGE_SCENARIO_USAGE_MODEL)) {
			usageModel.getScenarios().add(usageScenario(child));
		}
		end(fields, usageModel);
		return usageModel;
	}

	private UsageScenario usageScenario(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		UsageScenario scenario = begin(fields, PCM.createUsageScenario());
		for (XmlElement child : fields.children(SCENARIO_BEHAVIOUR_USAGE_SCENARIO)) {
			scenario.setBehaviour(scenarioBehaviour(child));
		}
		for (XmlElement child : fields.children(WORKLOAD_USAGE_SCENARIO)) {
			Workload workload = workload(child, scenario);
			if (workload != null) {
				scenario.setWorkload(workload);
			}
		}
		end(fields, scenario);
		return scenario;
	}

	private Workload workload(XmlElement element, UsageScenario scenario) {
		ElementFields fields = new ElementFields(element);
		Workload workload;
		if (isType(element, "ClosedWorkload")) {
			ClosedWorkload closed = PCM.createClosedWorkload();
			builder.register(element, closed);
			closed.setPopulation(integer(fields, closed, "population", 0));
			closed.setThinkTime(fields.randomVariable(THINK_TIME_CLOSED_WORKLOAD));
			workload = closed;
		} else if (isType(element, "OpenWorkload")) {
			OpenWorkload open = PCM.createOpenWorkload();
			builder.register(element, open);
			open.setInterArrivalTime(fields.randomVariable(INTER_ARRIVAL_TIME_OPEN_WORKLOAD));
			workload = open;
		} else {
			unsupportedType(scenario, element, "workload");
			return null;
		}
		end(fields, workload);
		return workload;
	}

	private ScenarioBehaviour scenarioBehaviour(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ScenarioBehaviour behaviour = begin(fields, PCM.createScenarioBehaviour());
		for (XmlElement child : fields.children(ACTIONS_SCENARIO_BEHAVIOUR)) {
			UserAction action = userAction(child, behaviour);
			if (action != null) {
				behaviour.getActions().add(action);
			} else {
				NotImported.step(behaviour, describeStep(child));
			}
		}
		end(fields, behaviour);
		return behaviour;
	}

	private UserAction userAction(XmlElement element, ScenarioBehaviour owner) {
		UserAction action = create(element.declaredType(), PcmPackage.Literals.USER_ACTION);
		if (action == null) {
			unsupportedType(owner, element, "user action");
			return null;
		}
		ElementFields fields = new ElementFields(element);
		begin(fields, action);
		builder.refer(action, PcmPackage.Literals.USER_ACTION__SUCCESSOR, fields, "successor",
				SUCCESSOR_ABSTRACT_USER_ACTION);
		builder.referBack(action, PcmPackage.Literals.USER_ACTION__PREDECESSOR, fields, "predecessor",
				PREDECESSOR_ABSTRACT_USER_ACTION);
		switch (action) {
		case EntryLevelSystemCall call -> {
			builder.refer(call, PcmPackage.Literals.ENTRY_LEVEL_SYSTEM_CALL__PROVIDED_ROLE, fields,
					PROVIDED_ROLE_ENTRY_LEVEL_SYSTEM_CALL);
			builder.refer(call, PcmPackage.Literals.ENTRY_LEVEL_SYSTEM_CALL__SIGNATURE, fields,
					OPERATION_SIGNATURE__ENTRY_LEVEL_SYSTEM_CALL, SIGNATURE_ENTRY_LEVEL_SYSTEM_CALL);
			variableUsages(fields, call.getInputParameterUsages(), INPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL);
			variableUsages(fields, call.getOutputParameterUsages(), OUTPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL);
			call.setPriority(integer(fields, call, "priority", 0));
		}
		case Delay delay -> delay.setTime(fields.randomVariable(TIME_SPECIFICATION_DELAY));
		case Branch branch -> {
			for (XmlElement child : fields.children(BRANCH_TRANSITIONS_BRANCH)) {
				ElementFields transitionFields = new ElementFields(child);
				ScenarioBranchTransition transition = begin(transitionFields, PCM.createScenarioBranchTransition());
				transition.setProbability(decimal(transitionFields, transition, "branchProbability", 0));
				for (XmlElement body : transitionFields.children(BRANCHED_BEHAVIOUR_BRANCH_TRANSITION)) {
					transition.setBody(scenarioBehaviour(body));
				}
				end(transitionFields, transition);
				branch.getTransitions().add(transition);
			}
		}
		case Loop loop -> {
			loop.setIterations(fields.randomVariable(LOOP_ITERATION_LOOP));
			for (XmlElement body : fields.children(BODY_BEHAVIOUR_LOOP)) {
				loop.setBody(scenarioBehaviour(body));
			}
		}
		default -> {
			// start and stop have nothing beyond their successor
		}
		}
		end(fields, action);
		return action;
	}

	// ------------------------------------------------------------------ resource types

	/**
	 * Adds the contents of a resource type file to the model set's resource repository. Elements
	 * with the id of a built-in default (a local copy of Palladio.resourcetype) are the built-in ones.
	 */
	void resourceTypes(XmlElement element, ResourceRepository repository) {
		ElementFields fields = new ElementFields(element);
		builder.alias(element, repository);
		for (XmlElement child : fields.children(RESOURCE_INTERFACES__RESOURCE_REPOSITORY)) {
			if (isBuiltIn(child)) {
				continue;
			}
			ElementFields interfaceFields = new ElementFields(child);
			ResourceInterface resourceInterface = begin(interfaceFields, PCM.createResourceInterface());
			for (XmlElement signatureElement : interfaceFields.children(RESOURCE_SIGNATURES__RESOURCE_INTERFACE)) {
				ElementFields signatureFields = new ElementFields(signatureElement);
				ResourceSignature signature = begin(signatureFields, PCM.createResourceSignature());
				signature.setResourceServiceId(integer(signatureFields, signature, "resourceServiceId", 0));
				parameters(signatureFields, signature.getParameters(), PARAMETER__RESOURCE_SIGNATURE);
				end(signatureFields, signature);
				resourceInterface.getSignatures().add(signature);
			}
			end(interfaceFields, resourceInterface);
			repository.getResourceInterfaces().add(resourceInterface);
		}
		for (XmlElement child : fields.children(SCHEDULING_POLICIES__RESOURCE_REPOSITORY)) {
			if (isBuiltIn(child)) {
				continue;
			}
			ElementFields policyFields = new ElementFields(child);
			SchedulingPolicy policy = begin(policyFields, PCM.createSchedulingPolicy());
			end(policyFields, policy);
			repository.getSchedulingPolicies().add(policy);
		}
		for (XmlElement child : fields.children(AVAILABLE_RESOURCE_TYPES_RESOURCE_REPOSITORY)) {
			if (isBuiltIn(child)) {
				continue;
			}
			ResourceType type = isType(child, "ProcessingResourceType") ? PCM.createProcessingResourceType()
					: isType(child, "CommunicationLinkResourceType") ? PCM.createCommunicationLinkResourceType() : null;
			if (type == null) {
				unsupportedType(repository, child, "resource type");
				continue;
			}
			ElementFields typeFields = new ElementFields(child);
			begin(typeFields, type);
			for (XmlElement role : typeFields.children(RESOURCE_PROVIDED_ROLES__RESOURCE_INTERFACE_PROVIDING_ENTITY)) {
				ElementFields roleFields = new ElementFields(role);
				roleFields.ignore("id", "entityName");
				builder.refer(type, PcmPackage.Literals.RESOURCE_TYPE__PROVIDED_INTERFACES, roleFields,
						PROVIDED_RESOURCE_INTERFACE__RESOURCE_PROVIDED_ROLE);
				end(roleFields, type);
			}
			end(typeFields, type);
			repository.getResourceTypes().add(type);
		}
		end(fields, repository);
	}

	/** Maps the element and its descendants with built-in ids onto the built-in defaults. */
	private boolean isBuiltIn(XmlElement element) {
		EObject builtIn = builder.defaults().resourceElement(element.attribute("id"));
		if (builtIn == null) {
			return false;
		}
		builder.alias(element, builtIn);
		for (XmlElement child : element.children()) {
			EObject builtInChild = builder.defaults().resourceElement(child.attribute("id"));
			if (builtInChild != null) {
				builder.alias(child, builtInChild);
			}
		}
		return true;
	}
}
