package org.iosim.pcm.palladio.internal;

/**
 * The names of PCM 5.2's features as its XMI files spell them ({@code feature_Class} or
 * {@code feature__Class}, after the class that declares the feature): the one place the importer, the
 * exporter and the model set planner take them from, so that reading and writing a file agree on every
 * name. Grouped by the declaring class.
 */
final class PcmNames {

	private PcmNames() {
	}

	// AbstractAction
	static final String PREDECESSOR_ABSTRACT_ACTION = "predecessor_AbstractAction";
	static final String SUCCESSOR_ABSTRACT_ACTION = "successor_AbstractAction";

	// AbstractUserAction
	static final String PREDECESSOR_ABSTRACT_USER_ACTION = "predecessor_AbstractUserAction";
	static final String SUCCESSOR_ABSTRACT_USER_ACTION = "successor_AbstractUserAction";

	// AcquireAction: PCM 5.2's files spell its reference with a lowercase r; the other spelling is read too
	static final String PASSIVE_RESOURCE_ACQUIRE_ACTION = "passiveResource_AcquireAction";
	static final String PASSIVERESOURCE_ACQUIRE_ACTION = "passiveresource_AcquireAction";

	// Action
	static final String INFRASTRUCTURE_CALL__ACTION = "infrastructureCall__Action";
	static final String RESOURCE_CALL__ACTION = "resourceCall__Action";
	static final String RESOURCE_DEMAND_ACTION = "resourceDemand_Action";

	// ActiveResourceSpecification
	static final String ACTIVE_RESOURCE_TYPE_ACTIVE_RESOURCE_SPECIFICATION = "activeResourceType_ActiveResourceSpecification";

	// Allocation
	static final String ALLOCATION_CONTEXTS_ALLOCATION = "allocationContexts_Allocation";
	static final String SYSTEM_ALLOCATION = "system_Allocation";
	static final String TARGET_RESOURCE_ENVIRONMENT_ALLOCATION = "targetResourceEnvironment_Allocation";

	// AllocationContext
	static final String ASSEMBLY_CONTEXT_ALLOCATION_CONTEXT = "assemblyContext_AllocationContext";
	static final String EVENT_CHANNEL__ALLOCATION_CONTEXT = "eventChannel__AllocationContext";
	static final String RESOURCE_CONTAINER_ALLOCATION_CONTEXT = "resourceContainer_AllocationContext";

	// AssemblyConnector
	static final String PROVIDED_ROLE_ASSEMBLY_CONNECTOR = "providedRole_AssemblyConnector";
	static final String PROVIDING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR = "providingAssemblyContext_AssemblyConnector";
	static final String REQUIRED_ROLE_ASSEMBLY_CONNECTOR = "requiredRole_AssemblyConnector";
	static final String REQUIRING_ASSEMBLY_CONTEXT_ASSEMBLY_CONNECTOR = "requiringAssemblyContext_AssemblyConnector";

	// AssemblyContext
	static final String CONFIG_PARAMETER_USAGES__ASSEMBLY_CONTEXT = "configParameterUsages__AssemblyContext";
	static final String ENCAPSULATED_COMPONENT__ASSEMBLY_CONTEXT = "encapsulatedComponent__AssemblyContext";

	// AssemblyEventConnector
	static final String FILTER_CONDITION__ASSEMBLY_EVENT_CONNECTOR = "filterCondition__AssemblyEventConnector";
	static final String SINK_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR = "sinkAssemblyContext__AssemblyEventConnector";
	static final String SINK_ROLE__ASSEMBLY_EVENT_CONNECTOR = "sinkRole__AssemblyEventConnector";
	static final String SOURCE_ASSEMBLY_CONTEXT__ASSEMBLY_EVENT_CONNECTOR = "sourceAssemblyContext__AssemblyEventConnector";
	static final String SOURCE_ROLE__ASSEMBLY_EVENT_CONNECTOR = "sourceRole__AssemblyEventConnector";

	// AssemblyInfrastructureConnector
	static final String PROVIDED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR = "providedRole__AssemblyInfrastructureConnector";
	static final String PROVIDING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR = "providingAssemblyContext__AssemblyInfrastructureConnector";
	static final String REQUIRED_ROLE__ASSEMBLY_INFRASTRUCTURE_CONNECTOR = "requiredRole__AssemblyInfrastructureConnector";
	static final String REQUIRING_ASSEMBLY_CONTEXT__ASSEMBLY_INFRASTRUCTURE_CONNECTOR = "requiringAssemblyContext__AssemblyInfrastructureConnector";

	// BasicComponent
	static final String PASSIVE_RESOURCE_BASIC_COMPONENT = "passiveResource_BasicComponent";
	static final String RESOURCE_DEMANDING_INTERNAL_BEHAVIOURS__BASIC_COMPONENT = "resourceDemandingInternalBehaviours__BasicComponent";
	static final String SERVICE_EFFECT_SPECIFICATIONS__BASIC_COMPONENT = "serviceEffectSpecifications__BasicComponent";

	// Behaviour
	static final String STEPS_BEHAVIOUR = "steps_Behaviour";

	// Branch
	static final String BRANCH_TRANSITIONS_BRANCH = "branchTransitions_Branch";
	static final String BRANCHES_BRANCH = "branches_Branch";

	// BranchTransition
	static final String BRANCH_BEHAVIOUR_BRANCH_TRANSITION = "branchBehaviour_BranchTransition";
	static final String BRANCHED_BEHAVIOUR_BRANCH_TRANSITION = "branchedBehaviour_BranchTransition";

	// CallAction
	static final String INPUT_VARIABLE_USAGES__CALL_ACTION = "inputVariableUsages__CallAction";

	// CallReturnAction
	static final String RETURN_VARIABLE_USAGE__CALL_RETURN_ACTION = "returnVariableUsage__CallReturnAction";

	// ClosedWorkload
	static final String THINK_TIME_CLOSED_WORKLOAD = "thinkTime_ClosedWorkload";

	// CollectionDataType
	static final String INNER_TYPE_COLLECTION_DATA_TYPE = "innerType_CollectionDataType";

	// CollectionIteratorAction
	static final String PARAMETER_COLLECTION_ITERATOR_ACTION = "parameter_CollectionIteratorAction";

	// CommunicationLinkResourceSpecification
	static final String COMMUNICATION_LINK_RESOURCE_TYPE_COMMUNICATION_LINK_RESOURCE_SPECIFICATION = "communicationLinkResourceType_CommunicationLinkResourceSpecification";
	static final String LATENCY_COMMUNICATION_LINK_RESOURCE_SPECIFICATION = "latency_CommunicationLinkResourceSpecification";
	static final String THROUGHPUT_COMMUNICATION_LINK_RESOURCE_SPECIFICATION = "throughput_CommunicationLinkResourceSpecification";

	// ComposedStructure
	static final String ASSEMBLY_CONTEXTS__COMPOSED_STRUCTURE = "assemblyContexts__ComposedStructure";
	static final String CONNECTORS__COMPOSED_STRUCTURE = "connectors__ComposedStructure";
	static final String EVENT_CHANNEL__COMPOSED_STRUCTURE = "eventChannel__ComposedStructure";

	// CompositeDataType
	static final String INNER_DECLARATION_COMPOSITE_DATA_TYPE = "innerDeclaration_CompositeDataType";
	static final String PARENT_TYPE_COMPOSITE_DATA_TYPE = "parentType_CompositeDataType";

	// Delay
	static final String TIME_SPECIFICATION_DELAY = "timeSpecification_Delay";

	// EmitEventAction
	static final String EVENT_TYPE__EMIT_EVENT_ACTION = "eventType__EmitEventAction";
	static final String SOURCE_ROLE__EMIT_EVENT_ACTION = "sourceRole__EmitEventAction";

	// EntryLevelSystemCall
	static final String INPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL = "inputParameterUsages_EntryLevelSystemCall";
	static final String OPERATION_SIGNATURE__ENTRY_LEVEL_SYSTEM_CALL = "operationSignature__EntryLevelSystemCall";
	static final String OUTPUT_PARAMETER_USAGES_ENTRY_LEVEL_SYSTEM_CALL = "outputParameterUsages_EntryLevelSystemCall";
	static final String PROVIDED_ROLE_ENTRY_LEVEL_SYSTEM_CALL = "providedRole_EntryLevelSystemCall";
	static final String SIGNATURE_ENTRY_LEVEL_SYSTEM_CALL = "signature_EntryLevelSystemCall";

	// EventChannel
	static final String EVENT_CHANNEL_SINK_CONNECTOR__EVENT_CHANNEL = "eventChannelSinkConnector__EventChannel";
	static final String EVENT_CHANNEL_SOURCE_CONNECTOR__EVENT_CHANNEL = "eventChannelSourceConnector__EventChannel";
	static final String EVENT_GROUP__EVENT_CHANNEL = "eventGroup__EventChannel";

	// EventChannelSinkConnector
	static final String ASSEMBLY_CONTEXT__EVENT_CHANNEL_SINK_CONNECTOR = "assemblyContext__EventChannelSinkConnector";
	static final String EVENT_CHANNEL__EVENT_CHANNEL_SINK_CONNECTOR = "eventChannel__EventChannelSinkConnector";
	static final String FILTER_CONDITION__EVENT_CHANNEL_SINK_CONNECTOR = "filterCondition__EventChannelSinkConnector";
	static final String SINK_ROLE__EVENT_CHANNEL_SINK_CONNECTOR = "sinkRole__EventChannelSinkConnector";

	// EventChannelSourceConnector
	static final String ASSEMBLY_CONTEXT__EVENT_CHANNEL_SOURCE_CONNECTOR = "assemblyContext__EventChannelSourceConnector";
	static final String EVENT_CHANNEL__EVENT_CHANNEL_SOURCE_CONNECTOR = "eventChannel__EventChannelSourceConnector";

	// EventChannelSourceRole
	static final String SOURCE_ROLE__EVENT_CHANNEL_SOURCE_ROLE = "sourceRole__EventChannelSourceRole";

	// EventGroup
	static final String EVENT_TYPES__EVENT_GROUP = "eventTypes__EventGroup";

	// EventType
	static final String PARAMETER__EVENT_TYPE = "parameter__EventType";

	// ExternalService
	static final String CALLED_SERVICE_EXTERNAL_SERVICE = "calledService_ExternalService";
	static final String ROLE_EXTERNAL_SERVICE = "role_ExternalService";

	// FailureHandlingEntity
	static final String FAILURE_TYPES_FAILURE_HANDLING_ENTITY = "failureTypes_FailureHandlingEntity";

	// ForkAction
	static final String ASYNCHRONOUS_FORKED_BEHAVIOURS_FORK_ACTION = "asynchronousForkedBehaviours_ForkAction";
	static final String SYNCHRONISING_BEHAVIOURS_FORK_ACTION = "synchronisingBehaviours_ForkAction";

	// GuardedBranchTransition
	static final String BRANCH_CONDITION_GUARDED_BRANCH_TRANSITION = "branchCondition_GuardedBranchTransition";

	// ImplementationComponentType
	static final String COMPONENT_PARAMETER_USAGE_IMPLEMENTATION_COMPONENT_TYPE = "componentParameterUsage_ImplementationComponentType";

	// InfrastructureCall
	static final String NUMBER_OF_CALLS__INFRASTRUCTURE_CALL = "numberOfCalls__InfrastructureCall";
	static final String REQUIRED_ROLE__INFRASTRUCTURE_CALL = "requiredRole__InfrastructureCall";
	static final String SIGNATURE__INFRASTRUCTURE_CALL = "signature__InfrastructureCall";

	// InfrastructureInterface
	static final String INFRASTRUCTURE_SIGNATURES__INFRASTRUCTURE_INTERFACE = "infrastructureSignatures__InfrastructureInterface";

	// InfrastructureProvidedRole
	static final String PROVIDED_INTERFACE__INFRASTRUCTURE_PROVIDED_ROLE = "providedInterface__InfrastructureProvidedRole";

	// InfrastructureRequiredRole
	static final String REQUIRED_INTERFACE__INFRASTRUCTURE_REQUIRED_ROLE = "requiredInterface__InfrastructureRequiredRole";

	// InfrastructureSignature
	static final String PARAMETERS__INFRASTRUCTURE_SIGNATURE = "parameters__InfrastructureSignature";

	// InnerDeclaration
	static final String DATATYPE_INNER_DECLARATION = "datatype_InnerDeclaration";

	// Interface
	static final String PARENT_INTERFACES__INTERFACE = "parentInterfaces__Interface";

	// InterfaceProvidingEntity
	static final String PROVIDED_ROLES_INTERFACE_PROVIDING_ENTITY = "providedRoles_InterfaceProvidingEntity";

	// InterfaceRequiringEntity
	static final String REQUIRED_ROLES_INTERFACE_REQUIRING_ENTITY = "requiredRoles_InterfaceRequiringEntity";

	// InternalAction
	static final String INTERNAL_FAILURE_OCCURRENCE_DESCRIPTIONS__INTERNAL_ACTION = "internalFailureOccurrenceDescriptions__InternalAction";

	// LinkingResource
	static final String COMMUNICATION_LINK_RESOURCE_SPECIFICATIONS_LINKING_RESOURCE = "communicationLinkResourceSpecifications_LinkingResource";
	static final String CONNECTED_RESOURCE_CONTAINERS_LINKING_RESOURCE = "connectedResourceContainers_LinkingResource";

	// Loop
	static final String BODY_BEHAVIOUR_LOOP = "bodyBehaviour_Loop";
	static final String LOOP_ITERATION_LOOP = "loopIteration_Loop";

	// LoopAction
	static final String ITERATION_COUNT_LOOP_ACTION = "iterationCount_LoopAction";

	// NamespaceReference
	static final String INNER_REFERENCE_NAMESPACE_REFERENCE = "innerReference_NamespaceReference";

	// OpenWorkload
	static final String INTER_ARRIVAL_TIME_OPEN_WORKLOAD = "interArrivalTime_OpenWorkload";

	// OperationInterface
	static final String SIGNATURES__OPERATION_INTERFACE = "signatures__OperationInterface";

	// OperationProvidedRole
	static final String PROVIDED_INTERFACE__OPERATION_PROVIDED_ROLE = "providedInterface__OperationProvidedRole";

	// OperationRequiredRole
	static final String REQUIRED_INTERFACE__OPERATION_REQUIRED_ROLE = "requiredInterface__OperationRequiredRole";

	// OperationSignature
	static final String PARAMETERS__OPERATION_SIGNATURE = "parameters__OperationSignature";
	static final String RETURN_TYPE__OPERATION_SIGNATURE = "returnType__OperationSignature";

	// Parameter
	static final String DATA_TYPE__PARAMETER = "dataType__Parameter";
	static final String MODIFIER__PARAMETER = "modifier__Parameter";

	// ParametericResourceDemand
	static final String SPECIFICATION_PARAMETERIC_RESOURCE_DEMAND = "specification_ParametericResourceDemand";

	// ParametricResourceDemand
	static final String REQUIRED_RESOURCE_PARAMETRIC_RESOURCE_DEMAND = "requiredResource_ParametricResourceDemand";

	// PassiveResource
	static final String CAPACITY_PASSIVE_RESOURCE = "capacity_PassiveResource";
	static final String RESOURCE_TIMEOUT_FAILURE_TYPE__PASSIVE_RESOURCE = "resourceTimeoutFailureType__PassiveResource";

	// ProcessingResourceSpecification
	static final String PROCESSING_RATE_PROCESSING_RESOURCE_SPECIFICATION = "processingRate_ProcessingResourceSpecification";

	// ProvidedDelegationConnector
	static final String ASSEMBLY_CONTEXT_PROVIDED_DELEGATION_CONNECTOR = "assemblyContext_ProvidedDelegationConnector";
	static final String INNER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR = "innerProvidedRole_ProvidedDelegationConnector";
	static final String OUTER_PROVIDED_ROLE_PROVIDED_DELEGATION_CONNECTOR = "outerProvidedRole_ProvidedDelegationConnector";

	// RecoveryAction
	static final String PRIMARY_BEHAVIOUR__RECOVERY_ACTION = "primaryBehaviour__RecoveryAction";
	static final String RECOVERY_ACTION_BEHAVIOURS__RECOVERY_ACTION = "recoveryActionBehaviours__RecoveryAction";

	// RecoveryActionBehaviour
	static final String FAILURE_HANDLING_ALTERNATIVES__RECOVERY_ACTION_BEHAVIOUR = "failureHandlingAlternatives__RecoveryActionBehaviour";

	// ReleaseAction
	static final String PASSIVE_RESOURCE_RELEASE_ACTION = "passiveResource_ReleaseAction";

	// Repository
	static final String COMPONENTS__REPOSITORY = "components__Repository";
	static final String DATA_TYPES__REPOSITORY = "dataTypes__Repository";
	static final String FAILURE_TYPES__REPOSITORY = "failureTypes__Repository";
	static final String INTERFACES__REPOSITORY = "interfaces__Repository";

	// RequiredDelegationConnector
	static final String ASSEMBLY_CONTEXT_REQUIRED_DELEGATION_CONNECTOR = "assemblyContext_RequiredDelegationConnector";
	static final String INNER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR = "innerRequiredRole_RequiredDelegationConnector";
	static final String OUTER_REQUIRED_ROLE_REQUIRED_DELEGATION_CONNECTOR = "outerRequiredRole_RequiredDelegationConnector";

	// ResourceCall
	static final String NUMBER_OF_CALLS__RESOURCE_CALL = "numberOfCalls__ResourceCall";
	static final String RESOURCE_REQUIRED_ROLE__RESOURCE_CALL = "resourceRequiredRole__ResourceCall";
	static final String SIGNATURE__RESOURCE_CALL = "signature__ResourceCall";

	// ResourceContainer
	static final String ACTIVE_RESOURCE_SPECIFICATIONS_RESOURCE_CONTAINER = "activeResourceSpecifications_ResourceContainer";
	static final String NESTED_RESOURCE_CONTAINERS__RESOURCE_CONTAINER = "nestedResourceContainers__ResourceContainer";

	// ResourceEnvironment
	static final String LINKING_RESOURCES__RESOURCE_ENVIRONMENT = "linkingResources__ResourceEnvironment";
	static final String RESOURCE_CONTAINER_RESOURCE_ENVIRONMENT = "resourceContainer_ResourceEnvironment";

	// ResourceInterface
	static final String RESOURCE_SIGNATURES__RESOURCE_INTERFACE = "resourceSignatures__ResourceInterface";

	// ResourceInterfaceProvidingEntity
	static final String RESOURCE_PROVIDED_ROLES__RESOURCE_INTERFACE_PROVIDING_ENTITY = "resourceProvidedRoles__ResourceInterfaceProvidingEntity";

	// ResourceInterfaceRequiringEntity
	static final String RESOURCE_REQUIRED_ROLES__RESOURCE_INTERFACE_REQUIRING_ENTITY = "resourceRequiredRoles__ResourceInterfaceRequiringEntity";

	// ResourceProvidedRole
	static final String PROVIDED_RESOURCE_INTERFACE__RESOURCE_PROVIDED_ROLE = "providedResourceInterface__ResourceProvidedRole";

	// ResourceRepository
	static final String AVAILABLE_RESOURCE_TYPES_RESOURCE_REPOSITORY = "availableResourceTypes_ResourceRepository";
	static final String RESOURCE_INTERFACES__RESOURCE_REPOSITORY = "resourceInterfaces__ResourceRepository";
	static final String SCHEDULING_POLICIES__RESOURCE_REPOSITORY = "schedulingPolicies__ResourceRepository";

	// ResourceRequiredRole
	static final String REQUIRED_RESOURCE_INTERFACE__RESOURCE_REQUIRED_ROLE = "requiredResourceInterface__ResourceRequiredRole";

	// ResourceSignature
	static final String PARAMETER__RESOURCE_SIGNATURE = "parameter__ResourceSignature";

	// SEFF
	static final String DESCRIBED_SERVICE__S_E_F_F = "describedService__SEFF";

	// ScenarioBehaviour
	static final String ACTIONS_SCENARIO_BEHAVIOUR = "actions_ScenarioBehaviour";

	// SetVariableAction
	static final String LOCAL_VARIABLE_USAGES_SET_VARIABLE_ACTION = "localVariableUsages_SetVariableAction";

	// Signature
	static final String EXCEPTIONS__SIGNATURE = "exceptions__Signature";

	// SinkDelegationConnector
	static final String ASSEMBLY_CONTEXT__SINK_DELEGATION_CONNECTOR = "assemblyContext__SinkDelegationConnector";

	// SinkRole
	static final String EVENT_GROUP__SINK_ROLE = "eventGroup__SinkRole";
	static final String INNER_SINK_ROLE__SINK_ROLE = "innerSinkRole__SinkRole";
	static final String OUTER_SINK_ROLE__SINK_ROLE = "outerSinkRole__SinkRole";

	// SourceDelegationConnector
	static final String ASSEMBLY_CONTEXT__SOURCE_DELEGATION_CONNECTOR = "assemblyContext__SourceDelegationConnector";

	// SourceRole
	static final String EVENT_GROUP__SOURCE_ROLE = "eventGroup__SourceRole";
	static final String INNER_SOURCE_ROLE__SOURCE_ROLE = "innerSourceRole__SourceRole";
	static final String OUTER_SOURCE_ROLE__SOURCE_ROLE = "outerSourceRole__SourceRole";

	// SynchronisationPoint
	static final String SYNCHRONOUS_FORKED_BEHAVIOURS_SYNCHRONISATION_POINT = "synchronousForkedBehaviours_SynchronisationPoint";

	// UsageModel
	static final String USAGE_SCENARIO_USAGE_MODEL = "usageScenario_UsageModel";

	// UsageScenario
	static final String SCENARIO_BEHAVIOUR_USAGE_SCENARIO = "scenarioBehaviour_UsageScenario";
	static final String WORKLOAD_USAGE_SCENARIO = "workload_UsageScenario";

	// VariableCharacterisation
	static final String SPECIFICATION_VARIABLE_CHARACTERISATION = "specification_VariableCharacterisation";

	// VariableUsage
	static final String NAMED_REFERENCE_VARIABLE_USAGE = "namedReference_VariableUsage";
	static final String NAMED_REFERENCE__VARIABLE_USAGE = "namedReference__VariableUsage";
	static final String VARIABLE_CHARACTERISATION_VARIABLE_USAGE = "variableCharacterisation_VariableUsage";
}
