package org.iosim.pcm.palladio.internal;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.CommunicationLinkResourceType;
import org.iosim.pcm.Identified;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PrimitiveDataType;
import org.iosim.pcm.PrimitiveType;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.Repository;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.ResourceRepository;
import org.iosim.pcm.ResourceSignature;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.validation.SourceLocation;

/**
 * Palladio's default models that model files reach through {@code pathmap://PCM_MODELS/}: the
 * resource types (CPU, HDD, DELAY, LAN), scheduling policies and resource interfaces of
 * {@code Palladio.resourcetype}, and the primitive data types of {@code PrimitiveTypes.repository}.
 * They are built here, with Palladio's ids, so imports need no Palladio installation. Each model set
 * gets its own instance because every model set is self-contained.
 */
final class DefaultModels {

	static final String PATHMAP_PREFIX = "pathmap://";
	static final String PCM_MODELS = "PCM_MODELS/";
	static final String RESOURCE_TYPES = "Palladio.resourcetype";
	static final String PRIMITIVE_TYPES = "PrimitiveTypes.repository";

	static final String CPU_ID = "_oro4gG3fEdy4YaaT-RYrLQ";
	static final String HDD_ID = "_BIjHoQ3KEdyouMqirZIhzQ";
	static final String DELAY_ID = "_nvHX4KkREdyEA_b89s7q9w";
	static final String LAN_ID = "_o3sScH2AEdyH8uerKnHYug";
	private static final String PRIMITIVE_TYPES_ID = "_Ls3VgHv_Edub45jJKtm_Dg";
	private static final String PRIMITIVE_TYPES_PATH_PREFIX = "//@dataTypes__Repository.";

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	private final ResourceRepository resourceRepository;
	private final Map<String, EObject> resourceElementsById = new HashMap<>();
	private Repository primitiveTypes;

	DefaultModels() {
		resourceRepository = createResourceRepository();
		for (Iterator<EObject> contents = resourceRepository.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Identified identified) {
				resourceElementsById.put(identified.getId(), identified);
			}
		}
	}

	/** @return the id of Palladio's primitive types repository */
	static String primitiveTypesId() {
		return PRIMITIVE_TYPES_ID;
	}

	/** @return the resource repository every imported model set uses */
	ResourceRepository resourceRepository() {
		return resourceRepository;
	}

	/** @return the built-in resource type, policy, interface or signature with this id, or null */
	EObject resourceElement(String id) {
		return resourceElementsById.get(id);
	}

	Repository primitiveTypes() {
		if (primitiveTypes == null) {
			primitiveTypes = createPrimitiveTypes();
		}
		return primitiveTypes;
	}

	/**
	 * @param file     the path after {@code pathmap://}, e.g. {@code PCM_MODELS/Palladio.resourcetype}
	 * @param fragment what follows {@code #}
	 * @return the default model element, or null if there is no such element
	 */
	EObject resolve(String file, String fragment) {
		if (file.equals(PCM_MODELS + RESOURCE_TYPES)) {
			return fragment.isEmpty() || fragment.equals("/") ? resourceRepository : resourceElement(fragment);
		}
		if (file.equals(PCM_MODELS + PRIMITIVE_TYPES)) {
			if (fragment.isEmpty() || fragment.equals("/") || fragment.equals(PRIMITIVE_TYPES_ID)) {
				return primitiveTypes();
			}
			if (fragment.startsWith(PRIMITIVE_TYPES_PATH_PREFIX)) {
				try {
					int index = Integer.parseInt(fragment.substring(PRIMITIVE_TYPES_PATH_PREFIX.length()));
					return index >= 0 && index < PrimitiveType.values().length
							? primitiveTypes().getDataTypes().get(index)
							: null;
				} catch (NumberFormatException notAnIndex) {
					return null;
				}
			}
		}
		return null;
	}

	private static ResourceRepository createResourceRepository() {
		ResourceRepository repository = PCM.createResourceRepository();
		ResourceInterface cpuInterface = resourceInterface("_tw_Q8E5CEeCUKeckjJ_n-w", "CpuInterface");
		cpuInterface.getSignatures().add(resourceSignature("_wF22kE5CEeCUKeckjJ_n-w", "process", 1));
		ResourceInterface hddInterface = resourceInterface("_xXv8QE5CEeCUKeckjJ_n-w", "HddInterface");
		hddInterface.getSignatures().add(resourceSignature("_ygMyEE5CEeCUKeckjJ_n-w", "read", 1));
		hddInterface.getSignatures().add(resourceSignature("_zUFtIE5CEeCUKeckjJ_n-w", "write", 2));
		repository.getResourceInterfaces().add(cpuInterface);
		repository.getResourceInterfaces().add(hddInterface);

		repository.getSchedulingPolicies().add(schedulingPolicy("ProcessorSharing", "Processor Sharing"));
		repository.getSchedulingPolicies().add(schedulingPolicy("FCFS", "First-Come-First-Serve"));
		repository.getSchedulingPolicies().add(schedulingPolicy("Delay", "Delay"));

		ProcessingResourceType cpu = processingResourceType(CPU_ID, "CPU");
		cpu.getProvidedInterfaces().add(cpuInterface);
		CommunicationLinkResourceType lan = PCM.createCommunicationLinkResourceType();
		lan.setId(LAN_ID);
		lan.setName("LAN");
		ProcessingResourceType hdd = processingResourceType(HDD_ID, "HDD");
		hdd.getProvidedInterfaces().add(hddInterface);
		repository.getResourceTypes().add(cpu);
		repository.getResourceTypes().add(lan);
		repository.getResourceTypes().add(hdd);
		repository.getResourceTypes().add(processingResourceType(DELAY_ID, "DELAY"));
		locate(repository, PATHMAP_PREFIX + PCM_MODELS + RESOURCE_TYPES);
		return repository;
	}

	/** The data types keep Palladio's order, because files refer to them by position. */
	private static Repository createPrimitiveTypes() {
		Repository repository = PCM.createRepository();
		repository.setId(PRIMITIVE_TYPES_ID);
		repository.setName("PrimitiveTypes");
		for (PrimitiveType type : PrimitiveType.values()) {
			PrimitiveDataType dataType = PCM.createPrimitiveDataType();
			dataType.setType(type);
			repository.getDataTypes().add(dataType);
		}
		locate(repository, PATHMAP_PREFIX + PCM_MODELS + PRIMITIVE_TYPES);
		return repository;
	}

	private static void locate(EObject root, String file) {
		SourceLocation.attach(root, file, 0);
	}

	private static ResourceInterface resourceInterface(String id, String name) {
		ResourceInterface resourceInterface = PCM.createResourceInterface();
		resourceInterface.setId(id);
		resourceInterface.setName(name);
		return resourceInterface;
	}

	private static ResourceSignature resourceSignature(String id, String name, int serviceId) {
		ResourceSignature signature = PCM.createResourceSignature();
		signature.setId(id);
		signature.setName(name);
		signature.setResourceServiceId(serviceId);
		return signature;
	}

	private static SchedulingPolicy schedulingPolicy(String id, String name) {
		SchedulingPolicy policy = PCM.createSchedulingPolicy();
		policy.setId(id);
		policy.setName(name);
		return policy;
	}

	private static ProcessingResourceType processingResourceType(String id, String name) {
		ProcessingResourceType type = PCM.createProcessingResourceType();
		type.setId(id);
		type.setName(name);
		return type;
	}
}
