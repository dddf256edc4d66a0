package org.iosim.pcm.palladio.internal;

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
			entry("internalFailureOccurrenceDescriptions__InternalAction",
					"software failure occurrences (reliability)"),
			entry("failureTypes__Repository", "failure types (reliability)"),
			entry("resourceTimeoutFailureType__PassiveResource", "timeout failure type (reliability)"),
			entry("requiredByContainer", "whether the container fails with this resource (reliability)"),
			entry("retryCount", "retries after failures (reliability)"),
			entry("failureType", "failure types of the signature (reliability)"),
			entry("exceptions__Signature", "exceptions a signature declares"),
			entry("componentType", "the component's classification as business or infrastructure component"),
			entry("seffTypeID", "the SEFF type id"),
			entry("parentInterfaces__Interface", "interface inheritance"),
			entry("parentType_CompositeDataType", "data type inheritance"),
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
		for (XmlElement child : fields.children("components__Repository")) {
			RepositoryComponent component = component(child, repository);
			if (component != null) {
				repository.getComponents().add(component);
			}
		}
		for (XmlElement child : fields.children("interfaces__Repository")) {
			Interface anInterface = anInterface(child, repository);
			if (anInterface != null) {
				repository.getInterfaces().add(anInterface);
			}
		}
		for (XmlElement child : fields.children("dataTypes__Repository")) {
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
			for (XmlElement child : fields.children("serviceEffectSpecifications__BasicComponent")) {
				ResourceDemandingSeff seff = seff(child, component);
				if (seff != null) {
					component.getSeffs().add(seff);
				}
			}
			for (XmlElement child : fields.children("passiveResource_BasicComponent")) {
				component.getPassiveResources().add(passiveResource(child));
			}
			for (XmlElement child : fields.children("resourceDemandingInternalBehaviours__BasicComponent")) {
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
		for (XmlElement child : fields.children("componentParameterUsage_ImplementationComponentType")) {
			component.getComponentParameters().add(variableUsage(child));
		}
	}

	private void roles(ElementFields fields, InterfaceProvidingRequiringEntity entity) {
		for (XmlElement child : fields.children("providedRoles_InterfaceProvidingEntity")) {
			ProvidedRole role = providedRole(child, entity);
			if (role != null) {
				entity.getProvidedRoles().add(role);
			}
		}
		for (XmlElement child : fields.children("requiredRoles_InterfaceRequiringEntity")) {
			RequiredRole role = requiredRole(child, entity);
			if (role != null) {
				entity.getRequiredRoles().add(role);
			}
		}
		for (XmlElement child : fields.children("resourceRequiredRoles__ResourceInterfaceRequiringEntity")) {
			entity.getResourceRequiredRoles().add(role(new ElementFields(child), PCM.createResourceRequiredRole(),
					PcmPackage.Literals.RESOURCE_REQUIRED_ROLE__REQUIRED_INTERFACE,
					"requiredResourceInterface__ResourceRequiredRole"));
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
					PcmPackage.Literals.OPERATION_PROVIDED_ROLE__PROVIDED_INTERFACE, "providedInterface__OperationProvidedRole");
		}
		if (isType(element, "InfrastructureProvidedRole")) {
			return role(fields, PCM.createInfrastructureProvidedRole(),
					PcmPackage.Literals.INFRASTRUCTURE_PROVIDED_ROLE__PROVIDED_INTERFACE,
					"providedInterface__InfrastructureProvidedRole");
		}
		if (isType(element, "SinkRole")) {
			return role(fields, PCM.createSinkRole(), PcmPackage.Literals.SINK_ROLE__EVENT_GROUP, "eventGroup__SinkRole");
		}
		unsupportedType(owner, element, "provided role");
		return null;
	}

	private RequiredRole requiredRole(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "OperationRequiredRole")) {
			return role(fields, PCM.createOperationRequiredRole(),
					PcmPackage.Literals.OPERATION_REQUIRED_ROLE__REQUIRED_INTERFACE, "requiredInterface__OperationRequiredRole");
		}
		if (isType(element, "InfrastructureRequiredRole")) {
			return role(fields, PCM.createInfrastructureRequiredRole(),
					PcmPackage.Literals.INFRASTRUCTURE_REQUIRED_ROLE__REQUIRED_INTERFACE,
					"requiredInterface__InfrastructureRequiredRole");
		}
		if (isType(element, "SourceRole")) {
			return role(fields, PCM.createSourceRole(), PcmPackage.Literals.SOURCE_ROLE__EVENT_GROUP,
					"eventGroup__SourceRole");
		}
		unsupportedType(owner, element, "required role");
		return null;
	}

	private Interface anInterface(XmlElement element, EObject owner) {
		ElementFields fields = new ElementFields(element);
		if (isType(element, "OperationInterface")) {
			OperationInterface anInterface = begin(fields, PCM.createOperationInterface());
			for (XmlElement child : fields.children("signatures__OperationInterface")) {
				ElementFields signatureFields = new ElementFields(child);
				OperationSignature signature = begin(signatureFields, PCM.createOperationSignature());
				parameters(signatureFields, signature.getParameters(), "parameters__OperationSignature");
				builder.refer(signature, PcmPackage.Literals.OPERATION_SIGNATURE__RETURN_TYPE, signatureFields,
						"returnType__OperationSignature");
				end(signatureFields, signature);
				anInterface.getSignatures().add(signature);
			}
			end(fields, anInterface);
			return anInterface;
		}
		if (isType(element, "InfrastructureInterface")) {
			InfrastructureInterface anInterface = begin(fields, PCM.createInfrastructureInterface());
			for (XmlElement child : fields.children("infrastructureSignatures__InfrastructureInterface")) {
				ElementFields signatureFields = new ElementFields(child);
				InfrastructureSignature signature = begin(signatureFields, PCM.createInfrastructureSignature());
				parameters(signatureFields, signature.getParameters(), "parameters__InfrastructureSignature");
				end(signatureFields, signature);
				anInterface.getSignatures().add(signature);
			}
			end(fields, anInterface);
			return anInterface;
		}
		if (isType(element, "EventGroup")) {
			EventGroup group = begin(fields, PCM.createEventGroup());
			for (XmlElement child : fields.children("eventTypes__EventGroup")) {
				ElementFields typeFields = new ElementFields(child);
				EventType type = begin(typeFields, PCM.createEventType());
				parameters(typeFields, type.getParameters(), "parameter__EventType");
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
			parameter.setModifier(enumValue(parameterFields, parameter, "modifier__Parameter", ParameterModifier.class,
					ParameterModifier.NONE));
			builder.refer(parameter, PcmPackage.Literals.PARAMETER__DATA_TYPE, parameterFields, "dataType__Parameter");
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
					"innerType_CollectionDataType");
			end(fields, dataType);
			return dataType;
		}
		if (isType(element, "CompositeDataType")) {
			CompositeDataType dataType = begin(fields, PCM.createCompositeDataType());
			dataType.setName(fields.attribute("entityName"));
			for (XmlElement child : fields.children("innerDeclaration_CompositeDataType")) {
				ElementFields declarationFields = new ElementFields(child);
				InnerDeclaration declaration = PCM.createInnerDeclaration();
				builder.register(child, declaration);
				declaration.setName(declarationFields.attribute("entityName"));
				builder.refer(declaration, PcmPackage.Literals.INNER_DECLARATION__DATA_TYPE, declarationFields,
						"datatype_InnerDeclaration");
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
		resource.setCapacity(fields.randomVariable("capacity_PassiveResource"));
		end(fields, resource);
		return resource;
	}

	// ------------------------------------------------------------------ parameters

	private VariableUsage variableUsage(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		VariableUsage usage = PCM.createVariableUsage();
		builder.register(element, usage);
		for (XmlElement child : fields.children("variableCharacterisation_VariableUsage")) {
			ElementFields characterisationFields = new ElementFields(child);
			VariableCharacterisation characterisation = PCM.createVariableCharacterisation();
			builder.register(child, characterisation);
			characterisation.setType(enumValue(characterisationFields, characterisation, "type",
					VariableCharacterisationType.class, VariableCharacterisationType.VALUE));
			characterisation.setSpecification(
					characterisationFields.randomVariable("specification_VariableCharacterisation"));
			end(characterisationFields, characterisation);
			usage.getCharacterisations().add(characterisation);
		}
		List<XmlElement> references = fields.children("namedReference__VariableUsage", "namedReference_VariableUsage");
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
			List<XmlElement> inner = fields.children("innerReference_NamespaceReference");
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
				"describedService__SEFF");
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
		for (XmlElement child : fields.children("steps_Behaviour")) {
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
		builder.refer(action, PcmPackage.Literals.ABSTRACT_ACTION__SUCCESSOR, fields, "successor_AbstractAction");
		builder.referBack(action, PcmPackage.Literals.ABSTRACT_ACTION__PREDECESSOR, fields,
				"predecessor_AbstractAction");
		if (action instanceof AbstractInternalControlFlowAction flow) {
			demandsAndCalls(fields, flow);
		}
		switch (action) {
		case ExternalCallAction call -> {
			builder.refer(call, PcmPackage.Literals.EXTERNAL_CALL_ACTION__SIGNATURE, fields,
					"calledService_ExternalService");
			builder.refer(call, PcmPackage.Literals.EXTERNAL_CALL_ACTION__ROLE, fields, "role_ExternalService");
			variableUsages(fields, call.getInputVariableUsages(), "inputVariableUsages__CallAction");
			variableUsages(fields, call.getReturnVariableUsages(), "returnVariableUsage__CallReturnAction");
		}
		case EmitEventAction emit -> {
			builder.refer(emit, PcmPackage.Literals.EMIT_EVENT_ACTION__EVENT_TYPE, fields, "eventType__EmitEventAction");
			builder.refer(emit, PcmPackage.Literals.EMIT_EVENT_ACTION__SOURCE_ROLE, fields, "sourceRole__EmitEventAction");
			variableUsages(fields, emit.getInputVariableUsages(), "inputVariableUsages__CallAction");
		}
		case InternalCallAction call -> {
			builder.refer(call, PcmPackage.Literals.INTERNAL_CALL_ACTION__BEHAVIOUR, fields,
					"calledResourceDemandingInternalBehaviour");
			variableUsages(fields, call.getInputVariableUsages(), "inputVariableUsages__CallAction");
		}
		case BranchAction branch -> {
			for (XmlElement child : fields.children("branches_Branch")) {
				BranchTransition transition = branchTransition(child, branch);
				if (transition != null) {
					branch.getBranches().add(transition);
				}
			}
		}
		case LoopAction loop -> {
			loop.setIterationCount(fields.randomVariable("iterationCount_LoopAction"));
			loopBody(fields, loop);
		}
		case CollectionIteratorAction iterator -> {
			builder.refer(iterator, PcmPackage.Literals.COLLECTION_ITERATOR_ACTION__PARAMETER, fields,
					"parameter_CollectionIteratorAction");
			loopBody(fields, iterator);
		}
		case ForkAction fork -> {
			for (XmlElement child : fields.children("asynchronousForkedBehaviours_ForkAction")) {
				fork.getAsynchronousBehaviours().add(behaviour(child));
			}
			for (XmlElement child : fields.children("synchronisingBehaviours_ForkAction")) {
				fork.setSynchronisationPoint(synchronisationPoint(child));
			}
		}
		case SetVariableAction set -> variableUsages(fields, set.getLocalVariableUsages(),
				"localVariableUsages_SetVariableAction");
		case AcquireAction acquire -> {
			builder.refer(acquire, PcmPackage.Literals.ACQUIRE_ACTION__PASSIVE_RESOURCE, fields,
					"passiveresource_AcquireAction", "passiveResource_AcquireAction");
			if (Boolean.parseBoolean(fields.attribute("timeout"))) {
				unsupported(acquire, element, "timeout", "attribute");
			}
			fields.ignore("timeoutValue");
		}
		case ReleaseAction release -> builder.refer(release, PcmPackage.Literals.RELEASE_ACTION__PASSIVE_RESOURCE,
				fields, "passiveResource_ReleaseAction");
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
		builder.refer(block, PcmPackage.Literals.ABSTRACT_ACTION__SUCCESSOR, fields, "successor_AbstractAction");
		builder.referBack(block, PcmPackage.Literals.ABSTRACT_ACTION__PREDECESSOR, fields,
				"predecessor_AbstractAction");
		List<XmlElement> behaviours = fields.children("recoveryActionBehaviours__RecoveryAction");
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
		String written = fields.attribute("primaryBehaviour__RecoveryAction");
		List<XmlElement> children = fields.children("primaryBehaviour__RecoveryAction");
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
		String[] failureHandling = { "failureTypes_FailureHandlingEntity",
				"failureHandlingAlternatives__RecoveryActionBehaviour" };
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
		for (XmlElement child : fields.children("bodyBehaviour_Loop")) {
			loop.setBody(behaviour(child));
		}
	}

	private void demandsAndCalls(ElementFields fields, AbstractInternalControlFlowAction action) {
		for (XmlElement child : fields.children("resourceDemand_Action")) {
			ElementFields demandFields = new ElementFields(child);
			ParametricResourceDemand demand = PCM.createParametricResourceDemand();
			builder.register(child, demand);
			demand.setDemand(demandFields.randomVariable("specification_ParametericResourceDemand"));
			builder.refer(demand, PcmPackage.Literals.PARAMETRIC_RESOURCE_DEMAND__REQUIRED_RESOURCE, demandFields,
					"requiredResource_ParametricResourceDemand");
			end(demandFields, demand);
			action.getResourceDemands().add(demand);
		}
		for (XmlElement child : fields.children("resourceCall__Action")) {
			ElementFields callFields = new ElementFields(child);
			ResourceCall call = begin(callFields, PCM.createResourceCall());
			builder.refer(call, PcmPackage.Literals.RESOURCE_CALL__ROLE, callFields, "resourceRequiredRole__ResourceCall");
			builder.refer(call, PcmPackage.Literals.RESOURCE_CALL__SIGNATURE, callFields, "signature__ResourceCall");
			String calls = callFields.randomVariable("numberOfCalls__ResourceCall");
			if (calls != null) {
				call.setNumberOfCalls(calls);
			}
			variableUsages(callFields, call.getInputVariableUsages(), "inputVariableUsages__CallAction");
			end(callFields, call);
			action.getResourceCalls().add(call);
		}
		for (XmlElement child : fields.children("infrastructureCall__Action")) {
			ElementFields callFields = new ElementFields(child);
			InfrastructureCall call = begin(callFields, PCM.createInfrastructureCall());
			builder.refer(call, PcmPackage.Literals.INFRASTRUCTURE_CALL__ROLE, callFields,
					"requiredRole__InfrastructureCall");
			builder.refer(call, PcmPackage.Literals.INFRASTRUCTURE_CALL__SIGNATURE, callFields,
					"signature__InfrastructureCall");
			String calls = callFields.randomVariable("numberOfCalls__InfrastructureCall");
			if (calls != null) {
				call.setNumberOfCalls(calls);
			}
			variableUsages(callFields, call.getInputVariableUsages(), "inputVariableUsages__CallAction");
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
			guarded.setCondition(fields.randomVariable("branchCondition_GuardedBranchTransition"));
			transition = guarded;
		} else {
			unsupportedType(branch, element, "branch transition");
			return null;
		}
		for (XmlElement child : fields.children("branchBehaviour_BranchTransition")) {
			transition.setBehaviour(behaviour(child));
		}
		end(fields, transition);
		return transition;
	}

	private SynchronisationPoint synchronisationPoint(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		SynchronisationPoint point = begin(fields, PCM.createSynchronisationPoint());
		for (XmlElement child : fields.children("synchronousForkedBehaviours_SynchronisationPoint")) {
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
		for (XmlElement child : fields.children("assemblyContexts__ComposedStructure")) {
			ElementFields contextFields = new ElementFields(child);
			AssemblyContext context = begin(contextFields, PCM.createAssemblyContext());
			builder.refer(context, PcmPackage.Literals.ASSEMBLY_CONTEXT__COMPONENT, contextFields,
					"encapsulatedComponent__AssemblyContext");
			variableUsages(contextFields, context.getConfigParameterUsages(), "configParameterUsages__AssemblyContext");
			end(contextFields, context);
			structure.getAssemblyContexts().add(context);
		}
		for (XmlElement child : fields.children("connectors__ComposedStructure")) {
			Connector connector = connector(child, structure);
			if (connector != null) {
				structure.getConnectors().add(connector);
			}
		}
		for (XmlElement child : fields.children("eventChannel__ComposedStructure")) {
			structure.getEventChannels().add(eventChannel(child));
		}
	}

	private EventChannel eventChannel(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		EventChannel channel = begin(fields, PCM.createEventChannel());
		builder.refer(channel, PcmPackage.Literals.EVENT_CHANNEL__EVENT_GROUP, fields, "eventGroup__EventChannel");
		// the channel's connectors, which name the channel themselves; IOSim reads them from that side
		String[] connectors = { "eventChannelSourceConnector__EventChannel", "eventChannelSinkConnector__EventChannel" };
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
					"requiringAssemblyContext_AssemblyConnector");
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__PROVIDING_CONTEXT, fields,
					"providingAssemblyContext_AssemblyConnector");
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__PROVIDED_ROLE, fields,
					"providedRole_AssemblyConnector");
			builder.refer(assembly, PcmPackage.Literals.ASSEMBLY_CONNECTOR__REQUIRED_ROLE, fields,
					"requiredRole_AssemblyConnector");
			connector = assembly;
		} else if (isType(element, "ProvidedDelegationConnector")) {
			ProvidedDelegationConnector delegation = begin(fields, PCM.createProvidedDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					"outerProvidedRole_ProvidedDelegationConnector");
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					"innerProvidedRole_ProvidedDelegationConnector");
			builder.refer(delegation, PcmPackage.Literals.PROVIDED_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					"assemblyContext_ProvidedDelegationConnector");
			connector = delegation;
		} else if (isType(element, "RequiredDelegationConnector")) {
			RequiredDelegationConnector delegation = begin(fields, PCM.createRequiredDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					"outerRequiredRole_RequiredDelegationConnector");
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					"innerRequiredRole_RequiredDelegationConnector");
			builder.refer(delegation, PcmPackage.Literals.REQUIRED_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					"assemblyContext_RequiredDelegationConnector");
			connector = delegation;
		} else if (isType(element, "AssemblyInfrastructureConnector")) {
			AssemblyInfrastructureConnector infrastructure = begin(fields, PCM.createAssemblyInfrastructureConnector());
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__REQUIRING_CONTEXT,
					fields, "requiringAssemblyContext__AssemblyInfrastructureConnector");
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__PROVIDING_CONTEXT,
					fields, "providingAssemblyContext__AssemblyInfrastructureConnector");
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__PROVIDED_ROLE, fields,
					"providedRole__AssemblyInfrastructureConnector");
			builder.refer(infrastructure, PcmPackage.Literals.ASSEMBLY_INFRASTRUCTURE_CONNECTOR__REQUIRED_ROLE, fields,
					"requiredRole__AssemblyInfrastructureConnector");
			connector = infrastructure;
		} else if (isType(element, "EventChannelSourceConnector")) {
			EventChannelSourceConnector source = begin(fields, PCM.createEventChannelSourceConnector());
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__EVENT_CHANNEL, fields,
					"eventChannel__EventChannelSourceConnector");
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__ASSEMBLY_CONTEXT, fields,
					"assemblyContext__EventChannelSourceConnector");
			builder.refer(source, PcmPackage.Literals.EVENT_CHANNEL_SOURCE_CONNECTOR__SOURCE_ROLE, fields,
					"sourceRole__EventChannelSourceRole");
			connector = source;
		} else if (isType(element, "EventChannelSinkConnector")) {
			EventChannelSinkConnector sink = begin(fields, PCM.createEventChannelSinkConnector());
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__EVENT_CHANNEL, fields,
					"eventChannel__EventChannelSinkConnector");
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__ASSEMBLY_CONTEXT, fields,
					"assemblyContext__EventChannelSinkConnector");
			builder.refer(sink, PcmPackage.Literals.EVENT_CHANNEL_SINK_CONNECTOR__SINK_ROLE, fields,
					"sinkRole__EventChannelSinkConnector");
			sink.setFilterCondition(filterCondition(fields, "filterCondition__EventChannelSinkConnector"));
			connector = sink;
		} else if (isType(element, "AssemblyEventConnector")) {
			AssemblyEventConnector direct = begin(fields, PCM.createAssemblyEventConnector());
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SOURCE_CONTEXT, fields,
					"sourceAssemblyContext__AssemblyEventConnector");
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SOURCE_ROLE, fields,
					"sourceRole__AssemblyEventConnector");
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SINK_CONTEXT, fields,
					"sinkAssemblyContext__AssemblyEventConnector");
			builder.refer(direct, PcmPackage.Literals.ASSEMBLY_EVENT_CONNECTOR__SINK_ROLE, fields,
					"sinkRole__AssemblyEventConnector");
			direct.setFilterCondition(filterCondition(fields, "filterCondition__AssemblyEventConnector"));
			connector = direct;
		} else if (isType(element, "SourceDelegationConnector")) {
			SourceDelegationConnector delegation = begin(fields, PCM.createSourceDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					"outerSourceRole__SourceRole");
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					"innerSourceRole__SourceRole");
			builder.refer(delegation, PcmPackage.Literals.SOURCE_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					"assemblyContext__SourceDelegationConnector");
			connector = delegation;
		} else if (isType(element, "SinkDelegationConnector")) {
			SinkDelegationConnector delegation = begin(fields, PCM.createSinkDelegationConnector());
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__OUTER_ROLE, fields,
					"outerSinkRole__SinkRole");
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__INNER_ROLE, fields,
					"innerSinkRole__SinkRole");
			builder.refer(delegation, PcmPackage.Literals.SINK_DELEGATION_CONNECTOR__INNER_CONTEXT, fields,
					"assemblyContext__SinkDelegationConnector");
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
		for (XmlElement child : fields.children("resourceContainer_ResourceEnvironment")) {
			environment.getContainers().add(container(child));
		}
		for (XmlElement child : fields.children("linkingResources__ResourceEnvironment")) {
			environment.getLinkingResources().add(linkingResource(child));
		}
		end(fields, environment);
		return environment;
	}

	private ResourceContainer container(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		ResourceContainer container = begin(fields, PCM.createResourceContainer());
		for (XmlElement child : fields.children("activeResourceSpecifications_ResourceContainer")) {
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
		for (XmlElement child : fields.children("nestedResourceContainers__ResourceContainer")) {
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
				"activeResourceType_ActiveResourceSpecification");
		String rate = fields.randomVariable("processingRate_ProcessingResourceSpecification");
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
				"connectedResourceContainers_LinkingResource");
		for (XmlElement child : fields.children("communicationLinkResourceSpecifications_LinkingResource")) {
			ElementFields specification = new ElementFields(child);
			specification.ignore("id");
			builder.refer(link, PcmPackage.Literals.LINKING_RESOURCE__RESOURCE_TYPE, specification,
					"communicationLinkResourceType_CommunicationLinkResourceSpecification");
			link.setLatency(specification.randomVariable("latency_CommunicationLinkResourceSpecification"));
			link.setThroughput(specification.randomVariable("throughput_CommunicationLinkResourceSpecification"));
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
		builder.refer(allocation, PcmPackage.Literals.ALLOCATION__SYSTEM, fields, "system_Allocation");
		builder.refer(allocation, PcmPackage.Literals.ALLOCATION__RESOURCE_ENVIRONMENT, fields,
				"targetResourceEnvironment_Allocation");
		for (XmlElement child : fields.children("allocationContexts_Allocation")) {
			ElementFields contextFields = new ElementFields(child);
			AllocationContext context = begin(contextFields, PCM.createAllocationContext());
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__ASSEMBLY_CONTEXT, contextFields,
					"assemblyContext_AllocationContext");
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__CONTAINER, contextFields,
					"resourceContainer_AllocationContext");
			builder.refer(context, PcmPackage.Literals.ALLOCATION_CONTEXT__EVENT_CHANNEL, contextFields,
					"eventChannel__AllocationContext");
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
		for (XmlElement child : fields.children("usageScenario_UsageModel")) {
			usageModel.getScenarios().add(usageScenario(child));
		}
		end(fields, usageModel);
		return usageModel;
	}

	private UsageScenario usageScenario(XmlElement element) {
		ElementFields fields = new ElementFields(element);
		UsageScenario scenario = begin(fields, PCM.createUsageScenario());
		for (XmlElement child : fields.children("scenarioBehaviour_UsageScenario")) {
			scenario.setBehaviour(scenarioBehaviour(child));
		}
		for (XmlElement child : fields.children("workload_UsageScenario")) {
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
			closed.setThinkTime(fields.randomVariable("thinkTime_ClosedWorkload"));
			workload = closed;
		} else if (isType(element, "OpenWorkload")) {
			OpenWorkload open = PCM.createOpenWorkload();
			builder.register(element, open);
			open.setInterArrivalTime(fields.randomVariable("interArrivalTime_OpenWorkload"));
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
		for (XmlElement child : fields.children("actions_ScenarioBehaviour")) {
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
				"successor_AbstractUserAction");
		builder.referBack(action, PcmPackage.Literals.USER_ACTION__PREDECESSOR, fields, "predecessor",
				"predecessor_AbstractUserAction");
		switch (action) {
		case EntryLevelSystemCall call -> {
			builder.refer(call, PcmPackage.Literals.ENTRY_LEVEL_SYSTEM_CALL__PROVIDED_ROLE, fields,
					"providedRole_EntryLevelSystemCall");
			builder.refer(call, PcmPackage.Literals.ENTRY_LEVEL_SYSTEM_CALL__SIGNATURE, fields,
					"operationSignature__EntryLevelSystemCall", "signature_EntryLevelSystemCall");
			variableUsages(fields, call.getInputParameterUsages(), "inputParameterUsages_EntryLevelSystemCall");
			variableUsages(fields, call.getOutputParameterUsages(), "outputParameterUsages_EntryLevelSystemCall");
			call.setPriority(integer(fields, call, "priority", 0));
		}
		case Delay delay -> delay.setTime(fields.randomVariable("timeSpecification_Delay"));
		case Branch branch -> {
			for (XmlElement child : fields.children("branchTransitions_Branch")) {
				ElementFields transitionFields = new ElementFields(child);
				ScenarioBranchTransition transition = begin(transitionFields, PCM.createScenarioBranchTransition());
				transition.setProbability(decimal(transitionFields, transition, "branchProbability", 0));
				for (XmlElement body : transitionFields.children("branchedBehaviour_BranchTransition")) {
					transition.setBody(scenarioBehaviour(body));
				}
				end(transitionFields, transition);
				branch.getTransitions().add(transition);
			}
		}
		case Loop loop -> {
			loop.setIterations(fields.randomVariable("loopIteration_Loop"));
			for (XmlElement body : fields.children("bodyBehaviour_Loop")) {
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
		for (XmlElement child : fields.children("resourceInterfaces__ResourceRepository")) {
			if (isBuiltIn(child)) {
				continue;
			}
			ElementFields interfaceFields = new ElementFields(child);
			ResourceInterface resourceInterface = begin(interfaceFields, PCM.createResourceInterface());
			for (XmlElement signatureElement : interfaceFields.children("resourceSignatures__ResourceInterface")) {
				ElementFields signatureFields = new ElementFields(signatureElement);
				ResourceSignature signature = begin(signatureFields, PCM.createResourceSignature());
				signature.setResourceServiceId(integer(signatureFields, signature, "resourceServiceId", 0));
				parameters(signatureFields, signature.getParameters(), "parameter__ResourceSignature");
				end(signatureFields, signature);
				resourceInterface.getSignatures().add(signature);
			}
			end(interfaceFields, resourceInterface);
			repository.getResourceInterfaces().add(resourceInterface);
		}
		for (XmlElement child : fields.children("schedulingPolicies__ResourceRepository")) {
			if (isBuiltIn(child)) {
				continue;
			}
			ElementFields policyFields = new ElementFields(child);
			SchedulingPolicy policy = begin(policyFields, PCM.createSchedulingPolicy());
			end(policyFields, policy);
			repository.getSchedulingPolicies().add(policy);
		}
		for (XmlElement child : fields.children("availableResourceTypes_ResourceRepository")) {
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
			for (XmlElement role : typeFields.children("resourceProvidedRoles__ResourceInterfaceProvidingEntity")) {
				ElementFields roleFields = new ElementFields(role);
				roleFields.ignore("id", "entityName");
				builder.refer(type, PcmPackage.Literals.RESOURCE_TYPE__PROVIDED_INTERFACES, roleFields,
						"providedResourceInterface__ResourceProvidedRole");
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
