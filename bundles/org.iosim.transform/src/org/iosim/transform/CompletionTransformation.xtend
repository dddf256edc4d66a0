package org.iosim.transform

import java.util.List
import java.util.Map
import java.util.Set
import org.eclipse.emf.ecore.EObject
import org.eclipse.emf.ecore.util.EcoreUtil
import org.iosim.pcm.AbstractInternalControlFlowAction
import org.iosim.pcm.ArchitectureModel
import org.iosim.pcm.AssemblyContext
import org.iosim.pcm.BasicComponent
import org.iosim.pcm.CompositeComponent
import org.iosim.pcm.Identified
import org.iosim.pcm.ParametricResourceDemand
import org.iosim.pcm.ProcessingResourceType
import org.iosim.pcm.RepositoryComponent
import org.iosim.pcm.ResourceCall
import org.iosim.pcm.ResourceContainer
import org.iosim.pcm.ResourceDemandingBehaviour
import org.iosim.pcm.ResourceInterface
import org.iosim.pcm.StopAction
import org.iosim.pcm.VariableUsage
import org.iosim.pcm.io.IoAction
import org.iosim.pcm.io.IoConfiguration
import org.iosim.pcm.io.IoFactory
import org.iosim.pcm.io.IoRequest
import org.iosim.pcm.io.IoType
import org.iosim.pcm.io.VirtualizedStorage
import org.iosim.stoex.StoEx

/**
 * The completion transformation of dissertation 001 (Fig. 8.2): applies the static I/O information
 * of an I/O configuration to an architecture model and returns the refined model, a copy; the given
 * model is not changed.
 *
 * For every virtualized storage, the resource containers it names lose their HDD resources (the
 * storage replaces them), and the components allocated on them issue I/O requests instead of HDD
 * use: a plain HDD demand becomes a read request whose size is the demand, with the storage's
 * default sequentiality and file set; an HddInterface call becomes requests of the call's type
 * (read or write), its count the number of calls, and size, sequentiality and file set taken from
 * input variables named size, sequentiality and fileSet where the call passes them.
 */
class CompletionTransformation {

	/** Palladio's HDD resource type and HddInterface, by the ids of Palladio.resourcetype. */
	static val HDD_TYPE_ID = "_BIjHoQ3KEdyouMqirZIhzQ"
	static val HDD_INTERFACE_ID = "_xXv8QE5CEeCUKeckjJ_n-w"

	def ArchitectureModel complete(ArchitectureModel model, IoConfiguration configuration) throws TransformationException {
		val refined = EcoreUtil.copy(model)
		val problems = <String>newArrayList
		val served = servedContainers(refined, configuration, problems)
		val fileSets = configuration.fileSets.map[name].toSet
		for (storage : configuration.storages) {
			checkStorage(storage, fileSets, problems)
		}
		val placements = componentPlacements(refined, served)
		for (entry : placements.entrySet) {
			val component = entry.key
			val storages = entry.value
			if (storages.contains(null) && storages.size > 1 && usesHdd(component)) {
				problems += '''«describe(component)» runs on containers with and without virtualized storage; its behaviour is shared, so its HDD use cannot be switched for some of them only'''
			} else if (storages.filterNull.map[defaultSequentiality -> defaultFileSet].toSet.size > 1 && usesHdd(component)) {
				problems += '''«describe(component)» runs on containers of virtualized storages with different default sequentiality or file set («storages.map[name].join(", ")»); its behaviour is shared, so its HDD demands can only get one'''
			} else if (!storages.contains(null)) {
				refineComponent(component, storages.head)
			}
		}
		for (container : served.keySet) {
			container.processingResources.removeIf[isHdd(resourceType)]
		}
		for (request : refined.eAllContents.filter(IoRequest).toList) {
			checkRequest(request, fileSets, problems)
		}
		if (!problems.empty) {
			throw new TransformationException(problems)
		}
		refined
	}

	def private Map<ResourceContainer, VirtualizedStorage> servedContainers(ArchitectureModel model,
		IoConfiguration configuration, List<String> problems) {
		val containers = model.resourceEnvironment?.containers?.flatMap[withNested].toList ?: emptyList
		val served = <ResourceContainer, VirtualizedStorage>newLinkedHashMap
		for (storage : configuration.storages) {
			if (storage.containers.empty) {
				problems += '''virtualized storage '«storage.name»' names no resource container'''
			}
			for (reference : storage.containers) {
				val matching = containers.filter[id == reference || name == reference].toList
				if (matching.empty) {
					problems += '''virtualized storage '«storage.name»': no resource container has the id or name '«reference»' (containers: «containers.map["'" + name + "'"].join(", ")»)'''
				}
				for (container : matching) {
					val previous = served.put(container, storage)
					if (previous !== null && previous !== storage) {
						problems += '''resource container '«container.name»' is named by virtualized storages '«previous.name»' and '«storage.name»'; it can use only one'''
					}
				}
			}
		}
		served
	}

	def private Iterable<ResourceContainer> withNested(ResourceContainer container) {
		#[container] + container.nestedContainers.flatMap[withNested]
	}

	/** For each basic component, the storages of the containers it is allocated on (null: no storage). */
	def private Map<BasicComponent, Set<VirtualizedStorage>> componentPlacements(ArchitectureModel model,
		Map<ResourceContainer, VirtualizedStorage> served) {
		val parents = <ResourceContainer, ResourceContainer>newHashMap
		for (container : model.resourceEnvironment?.containers?.flatMap[withNested] ?: emptyList) {
			container.nestedContainers.forEach[nested | parents.put(nested, container)]
		}
		val placements = <BasicComponent, Set<VirtualizedStorage>>newLinkedHashMap
		for (context : model.allocation?.contexts ?: emptyList) {
			var container = context.container
			while (container !== null && !served.containsKey(container)) {
				container = parents.get(container)
			}
			val storage = if (container === null) null else served.get(container)
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
		action.resourceDemands.filter[isHdd(requiredResource)].toList
	}

	def private hddCalls(AbstractInternalControlFlowAction action) {
		action.resourceCalls.filter[isHddInterface(role?.requiredInterface)].toList
	}

	def private refineComponent(BasicComponent component, VirtualizedStorage storage) {
		for (action : component.eAllContents.filter(AbstractInternalControlFlowAction).toList) {
			val demands = action.hddDemands
			val calls = action.hddCalls
			if (!demands.empty || !calls.empty) {
				val io = IoFactory.eINSTANCE.createIoAction => [
					id = action.id + ".io"
					name = (action.name ?: "action") + " (I/O)"
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
			type = if ("write".equalsIgnoreCase(call.signature?.name)) IoType.WRITE else IoType.READ
			size = call.inputVariableUsages.input("size")
				?: call.inputVariableUsages.findFirst[!#{"sequentiality", "fileSet"}.contains(variable)]?.characterisations?.head?.specification
				?: "1"
			sequentiality = call.inputVariableUsages.input("sequentiality") ?: storage.defaultSequentiality ?: "0"
			fileSet = call.inputVariableUsages.input("fileSet")?.unquoted ?: storage.defaultFileSet
			count = call.numberOfCalls ?: "1"
		]
	}

	def private String input(List<VariableUsage> usages, String variable) {
		usages.findFirst[it.variable == variable]?.characterisations?.head?.specification
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

	def private checkStorage(VirtualizedStorage storage, Set<String> fileSets, List<String> problems) {
		if (storage.name.nullOrEmpty) {
			problems += "a virtualized storage has no name"
		}
		if (storage.memoryLength === null) {
			problems += '''virtualized storage '«storage.name»' has no memory length (fixed, or from Eq. 8.1)'''
		}
		if (!storage.defaultFileSet.nullOrEmpty && !fileSets.contains(storage.defaultFileSet)) {
			problems += '''virtualized storage '«storage.name»': default file set '«storage.defaultFileSet»' is not a file set of the configuration («fileSets.join(", ")»)'''
		}
		checkSequentiality(storage.defaultSequentiality, '''virtualized storage '«storage.name»' default sequentiality''', problems)
	}

	def private checkRequest(IoRequest request, Set<String> fileSets, List<String> problems) {
		val owner = describe(request.eContainer)
		if (request.fileSet.nullOrEmpty) {
			problems += '''«owner»: an I/O request names no file set'''
		} else if (!fileSets.contains(request.fileSet)) {
			problems += '''«owner»: file set '«request.fileSet»' is not a file set of the I/O configuration («fileSets.join(", ")»)'''
		}
		checkSequentiality(request.sequentiality, '''«owner»: sequentiality''', problems)
		for (part : #["size" -> request.size, "count" -> request.count]) {
			try {
				StoEx.parse(part.value ?: "")
			} catch (IllegalArgumentException invalid) {
				problems += '''«owner»: «part.key» '«part.value»' is not a valid stochastic expression: «invalid.message»'''
			}
		}
	}

	def private checkSequentiality(String text, String what, List<String> problems) {
		if (text === null) {
			return
		}
		try {
			val mean = StoEx.parse(text).mean
			if (mean.present && (mean.asDouble < 0 || mean.asDouble > 1)) {
				problems += '''«what» '«text»' is «mean.asDouble»; a sequentiality is a probability between 0 and 1'''
			}
		} catch (IllegalArgumentException invalid) {
			problems += '''«what» '«text»' is not a valid stochastic expression: «invalid.message»'''
		}
	}

	def private isHdd(ProcessingResourceType type) {
		type !== null && (type.id == HDD_TYPE_ID || "HDD".equalsIgnoreCase(type.name))
	}

	def private isHddInterface(ResourceInterface resourceInterface) {
		resourceInterface !== null && (resourceInterface.id == HDD_INTERFACE_ID || resourceInterface.name == "HddInterface")
	}

	def private String describe(EObject element) {
		val name = switch element {
			org.iosim.pcm.Entity: element.name
			default: null
		}
		val id = if (element instanceof Identified) element.id
		'''«element?.eClass?.name»«IF name !== null» '«name»'«ENDIF»«IF id !== null» (id «id»)«ENDIF»'''
	}

	def private describe(RepositoryComponent component) {
		describe(component as EObject)
	}
}
