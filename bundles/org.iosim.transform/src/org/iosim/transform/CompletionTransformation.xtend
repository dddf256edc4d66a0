package org.iosim.transform

import java.util.List
import java.util.Map
import java.util.Set
import org.eclipse.emf.ecore.util.EcoreUtil
import org.iosim.files.FileProblems
import org.iosim.pcm.AbstractInternalControlFlowAction
import org.iosim.pcm.ArchitectureModel
import org.iosim.pcm.AssemblyContext
import org.iosim.pcm.BasicComponent
import org.iosim.pcm.CompositeComponent
import org.iosim.pcm.ParametricResourceDemand
import org.iosim.pcm.ResourceCall
import org.iosim.pcm.ResourceContainer
import org.iosim.pcm.ResourceDemandingBehaviour
import org.iosim.pcm.StopAction
import org.iosim.pcm.io.IoAction
import org.iosim.pcm.io.IoConfiguration
import org.iosim.pcm.io.IoFactory
import org.iosim.pcm.io.IoRequest
import org.iosim.pcm.io.IoType
import org.iosim.pcm.io.VirtualizedStorage
import org.iosim.pcm.validation.Diagnostic
import org.iosim.pcm.validation.ModelValidator
import org.iosim.pcm.wiring.HddUse
import org.iosim.pcm.wiring.Wiring

/**
 * The completion transformation of dissertation 001 (Fig. 8.2): applies the static I/O information
 * of an I/O configuration to an architecture model and returns the refined model, a copy; the given
 * model is not changed.
 *
 * The refined model holds a copy of the configuration among its extensions, whose virtualized
 * storages refer to the resource containers they serve (named in the configuration by id, or by
 * name). Those containers lose their HDD resources (the storage replaces them), and the components
 * allocated on them, or on containers nested in them, issue I/O requests instead of HDD use: a
 * plain HDD demand becomes a read request whose size is the demand, with the storage's default
 * sequentiality and file set; an HddInterface call becomes requests of the call's type (read or
 * write), its count the number of calls, and size, sequentiality and file set taken from input
 * variables named size, sequentiality, fileSet and synchronous where the call passes them (see {@link HddUse}).
 * The analysis binding then chooses each storage's analysis model.
 */
class CompletionTransformation {

	def ArchitectureModel complete(ArchitectureModel model, IoConfiguration configuration) throws TransformationException {
		val problems = <String>newArrayList
		problems += errors(new ModelValidator().validate(configuration))
		val existing = Wiring.ioConfiguration(model)
		if (existing !== null) {
			problems += '''the model is refined already, with the I/O configuration '«existing.name»'; simulate it as it is'''
		}
		if (!problems.empty) {
			throw new TransformationException(problems)
		}
		val refined = EcoreUtil.copy(model)
		val refinedConfiguration = EcoreUtil.copy(configuration)
		refined.extensions += refinedConfiguration
		resolveContainers(refined, refinedConfiguration, problems)
		val wiring = new Wiring(refined)
		for (entry : componentPlacements(refined, wiring).entrySet) {
			val component = entry.key
			val storages = entry.value
			if (storages.contains(null) && storages.size > 1 && usesHdd(component)) {
				problems += '''«Diagnostic.where(component)» runs on containers with and without virtualized storage; its behaviour is shared, so its HDD use cannot be switched for some of them only'''
			} else if (storages.filterNull.map[defaultSequentiality -> defaultFileSet].toSet.size > 1 && usesHdd(component)) {
				problems += '''«Diagnostic.where(component)» runs on containers of virtualized storages with different default sequentiality or file set («storages.map[name].join(", ")»); its behaviour is shared, so its HDD demands can only get one'''
			} else if (!storages.contains(null)) {
				refineComponent(component, storages.head)
			}
		}
		for (storage : refinedConfiguration.storages) {
			storage.servedContainers.forEach[processingResources.removeIf[HddUse.isHdd(resourceType)]]
		}
		if (problems.empty) {
			problems += errors(new ModelValidator().validate(refined))
		}
		if (!problems.empty) {
			throw new TransformationException(problems)
		}
		refined
	}

	def private static List<String> errors(List<Diagnostic> diagnostics) {
		diagnostics.filter[isError].map[format].toList
	}

	/** Each storage's containers, named by id or, failing that, by name, become references. */
	def private resolveContainers(ArchitectureModel model, IoConfiguration configuration, List<String> problems) {
		val containers = Wiring.containers(model)
		val servedBy = <ResourceContainer, VirtualizedStorage>newHashMap
		for (storage : configuration.storages) {
			for (reference : storage.containers) {
				val matching = Wiring.named(containers, reference)
				if (matching.empty) {
					problems += '''virtualized storage '«storage.name»': no resource container has the id or name '«FileProblems.excerpt(reference)»' (containers: «containers.map["'" + name + "' (" + id + ")"].join(", ")»)'''
				} else if (matching.size > 1) {
					problems += '''virtualized storage '«storage.name»': «matching.size» resource containers are named '«reference»'; name one by its id («matching.map[id].join(", ")»)'''
				} else {
					val container = matching.head
					val previous = servedBy.put(container, storage)
					if (previous !== null && previous !== storage) {
						problems += '''resource container '«container.name»' is named by virtualized storages '«previous.name»' and '«storage.name»'; it can use only one'''
					}
					storage.servedContainers += container // a unique list: naming a container twice adds it once
				}
			}
		}
	}

	/** For each basic component, the storages of the containers it is allocated on (null: no storage). */
	def private Map<BasicComponent, Set<VirtualizedStorage>> componentPlacements(ArchitectureModel model, Wiring wiring) {
		val placements = <BasicComponent, Set<VirtualizedStorage>>newLinkedHashMap
		for (context : model.allocation?.contexts ?: emptyList) {
			val storage = if (context.container === null) null else wiring.storage(context.container)
			for (component : basicComponents(context.assemblyContext)) {
				placements.computeIfAbsent(component)[newLinkedHashSet] += storage
			}
		}
		placements
	}

	def private Iterable<BasicComponent> basicComponents(AssemblyContext context) {
		switch component : context?.component {
			BasicComponent: #[component]
			CompositeComponent: component.assemblyContexts.flatMap[basicComponents]
			default: emptyList
		}
	}

	def private usesHdd(BasicComponent component) {
		component.eAllContents.filter(AbstractInternalControlFlowAction).exists[hddDemands.size + hddCalls.size > 0]
	}

	def private hddDemands(AbstractInternalControlFlowAction action) {
		action.resourceDemands.filter[HddUse.isHdd(requiredResource)].toList
	}

	def private hddCalls(AbstractInternalControlFlowAction action) {
		action.resourceCalls.filter[HddUse.isHddInterface(role?.requiredInterface)].toList
	}

	def private refineComponent(BasicComponent component, VirtualizedStorage storage) {
		for (action : component.eAllContents.filter(AbstractInternalControlFlowAction).toList) {
			val demands = action.hddDemands
			val calls = action.hddCalls
			if (!demands.empty || !calls.empty) {
				val io = IoFactory.eINSTANCE.createIoAction => [
					id = HddUse.ioActionId(action)
					name = HddUse.ioActionName(action)
				]
				io.requests += demands.map[demandRequest(storage)]
				io.requests += calls.map[callRequest(storage)]
				action.resourceDemands -= demands
				action.resourceCalls -= calls
				insertBeside(action, io)
			}
		}
	}

	def private IoRequest demandRequest(ParametricResourceDemand demand, VirtualizedStorage storage) {
		IoFactory.eINSTANCE.createIoRequest => [
			type = IoType.READ
			size = demand.demand
			sequentiality = storage.defaultSequentiality ?: "0"
			fileSet = storage.defaultFileSet
			count = "1"
		]
	}

	def private IoRequest callRequest(ResourceCall call, VirtualizedStorage storage) {
		IoFactory.eINSTANCE.createIoRequest => [
			type = if (HddUse.writes(call)) IoType.WRITE else IoType.READ
			size = HddUse.amount(call)
			sequentiality = HddUse.input(call, "sequentiality") ?: storage.defaultSequentiality ?: "0"
			fileSet = HddUse.input(call, "fileSet")?.unquoted ?: storage.defaultFileSet
			count = call.numberOfCalls ?: "1"
			synchronous = HddUse.synchronous(call) == Boolean.TRUE
		]
	}

	def private String unquoted(String text) {
		if (text.length >= 2 && (text.startsWith('"') && text.endsWith('"') || text.startsWith("'") && text.endsWith("'")))
			text.substring(1, text.length - 1)
		else
			text
	}

	/** The I/O action runs after the action it comes from; a stop action's I/O runs just before it. */
	def private insertBeside(AbstractInternalControlFlowAction action, IoAction io) {
		(action.eContainer as ResourceDemandingBehaviour).steps += io
		if (action instanceof StopAction && action.predecessor !== null) {
			val previous = action.predecessor
			previous.successor = io
			io.successor = action
		} else {
			val next = action.successor
			action.successor = io
			io.successor = next
		}
	}
}
