package org.iosim.simulation.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.StatusList;
import org.iosim.analysis.WorkloadOptions;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.simulation.SchedulingPolicies;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.FcfsResource;

/**
 * The compiled resource environment: the processing resources of every container with the rates
 * their services run at, one scheduler per virtualized storage of a refined model (shared by every
 * container it serves: step I, consolidation), and the linking resources when they are simulated,
 * each as the slot of the plan where a replication keeps its own.
 */
final class Resources {

	/** A processing resource of a container with the rates its services run at. */
	record PlacedResource(ProcessingResourceSpecification specification, ModelPlan.Slot<ActiveResource> resource,
			double rate, double readRate, double writeRate) {
	}

	private final ModelPlan.Builder plan;
	private final Map<ResourceContainer, List<PlacedResource>> byContainer = new IdentityHashMap<>();
	private final Map<VirtualizedStorage, ModelPlan.Slot<VirtualizedStorageScheduler>> storages = new IdentityHashMap<>();
	private final Map<ResourceContainer, Map<ResourceContainer, ModelPlan.Slot<LinkTransfer>>> links = new IdentityHashMap<>();

	private Resources(ModelPlan.Builder plan) {
		this.plan = plan;
	}

	static Resources compile(ArchitectureModel model, ModelPlan.Builder plan, boolean simulateLinkingResources,
			SchedulingPolicies policies, AnalysisModelRegistry analysisModels) {
		Resources resources = new Resources(plan);
		Wiring.containers(model).forEach(container -> resources.createResources(container, policies));
		IoConfiguration configuration = Wiring.ioConfiguration(model);
		if (configuration != null) {
			for (VirtualizedStorage storage : configuration.getStorages()) {
				resources.createStorage(storage, analysisModels);
			}
		}
		if (simulateLinkingResources) {
			model.getResourceEnvironment().getLinkingResources().forEach(resources::createLink);
		}
		return resources;
	}

	private void createResources(ResourceContainer container, SchedulingPolicies policies) {
		List<PlacedResource> placed = new ArrayList<>();
		for (ProcessingResourceSpecification specification : container.getProcessingResources()) {
			String policyId = specification.getSchedulingPolicy() == null ? null
					: specification.getSchedulingPolicy().getId();
			if (policyId == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container) + "' has no scheduling policy");
			}
			if (specification.getResourceType() == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container) + "' has no resource type");
			}
			String type = Elements.name(specification.getResourceType());
			SchedulingPolicies.Provider provider = policies.find(policyId);
			String policyLabel = policyId;
			SchedulingPolicies.Approximation approximation = policies.approximation(policyId).orElse(null);
			if (provider == null && approximation != null) {
				provider = approximation.provider();
				policyLabel = approximation.label();
				plan.warn(Diagnostic.warning(specification, "resource '" + type
						+ "' of resource container '" + Elements.name(container) + "' has " + approximation.description()
						+ " (" + policyId + "), which IOSim simulates as processor sharing on its " + cores(specification)
						+ ": the scheduler's time slices, priorities and priority boosts are left out and the jobs share"
						+ " the cores equally, which is what time slicing approaches when demands are long against a"
						+ " time slice (SimuCom simulates its Linux 2.6 CFS scheduler the same way)"));
			}
			if (provider == null) {
				throw new Unsimulatable(specification, "in container '" + Elements.name(container)
						+ "' has scheduling policy '" + policyId + "', which IOSim does not know (known: "
						+ String.join(", ", new TreeSet<>(policies.ids())) + ", and SimuCom's exact schedulers "
						+ SchedulingPolicies.EXACT_SCHEDULERS + "*, simulated as processor sharing)");
			}
			double rate = Expressions.constant(specification, "processing rate", specification.getProcessingRate(), "1");
			double readRate = rate;
			double writeRate = rate;
			if (specification instanceof HddProcessingResourceSpecification hdd) {
				readRate = Expressions.constant(specification, "read processing rate", hdd.getReadProcessingRate(), null);
				writeRate = Expressions.constant(specification, "write processing rate", hdd.getWriteProcessingRate(), null);
			}
			String name = Elements.name(container) + " " + type;
			SchedulingPolicies.Provider scheduler = provider;
			int cores = Math.max(1, specification.getNumberOfReplicas());
			String id = specification.getId();
			String containerName = Elements.name(container);
			String policy = policyLabel;
			ModelPlan.Slot<ActiveResource> resource = plan.create(building -> {
				ActiveResource created = scheduler.create(building.replication.simulator(), name, cores);
				building.replication.addResource(new Replication.Resource(id, containerName, type, policy, created));
				return created;
			});
			placed.add(new PlacedResource(specification, resource, rate, readRate, writeRate));
		}
		byContainer.put(container, placed);
	}

	private static String cores(ProcessingResourceSpecification specification) {
		int cores = Math.max(1, specification.getNumberOfReplicas());
		return cores == 1 ? "1 core (numberOfReplicas 1)" : cores + " cores (numberOfReplicas " + cores + ")";
	}

	private void createStorage(VirtualizedStorage storage, AnalysisModelRegistry analysisModels) {
		if (storage.getAnalysisModel() == null) {
			throw new Unsimulatable(storage, "has no analysis model: the analysis binding chooses one by the storage's"
					+ " features (iosim transform and simulate do when given the I/O configuration)");
		}
		String uncreatable = "the I/O analysis model '" + storage.getAnalysisModel().getName()
				+ "' of virtualized storage '" + storage.getName() + "' cannot be created: ";
		ModelDefinition definition;
		try {
			definition = ModelDefinition.of(storage.getAnalysisModel(), Path.of(""));
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(storage, uncreatable + invalid.getMessage());
		}
		WorkloadOptions workload = new WorkloadOptions(storage.getConcurrency(), storage.getFileSetSize());
		int memoryLength;
		try {
			memoryLength = StatusList.memoryLength(storage.getMemoryLength());
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(storage, invalid.getMessage());
		}
		String name = storage.getName();
		int analysisStream = storages.size();
		ModelPlan.Slot<VirtualizedStorageScheduler> scheduler = plan.create(building -> {
			Replication replication = building.replication;
			IoAnalysisModel model;
			try {
				model = analysisModels.create(definition,
						new ModelContext(replication.analysisStream(analysisStream), replication.clock(), workload));
			} catch (AnalysisModelException | IllegalArgumentException invalid) {
				throw new Unsimulatable(storage, uncreatable + invalid.getMessage());
			}
			StatusList statusList;
			try {
				statusList = new StatusList(memoryLength, workload);
			} catch (IllegalArgumentException invalid) {
				throw new Unsimulatable(storage, invalid.getMessage());
			}
			VirtualizedStorageScheduler created = new VirtualizedStorageScheduler(name, replication, statusList, model,
					definition.name(), building.config.warmupMeasurements() == 0);
			replication.storages.add(created);
			return created;
		});
		storages.put(storage, scheduler);
	}

	private void createLink(LinkingResource linking) {
		double latency = Expressions.constant(linking, "latency", linking.getLatency(), "0");
		double throughput = Expressions.constant(linking, "throughput", linking.getThroughput(), null);
		String id = linking.getId();
		String name = Elements.name(linking);
		String type = linking.getResourceType() == null ? "LAN" : Elements.name(linking.getResourceType());
		ModelPlan.Slot<LinkTransfer> transfer = plan.create(building -> {
			ActiveResource link = new FcfsResource(building.replication.simulator(), name, 1);
			building.replication.addResource(new Replication.Resource(id, name, type, "FCFS", link));
			return new LinkTransfer(link, latency, throughput);
		});
		for (ResourceContainer from : linking.getConnectedContainers()) {
			for (ResourceContainer to : linking.getConnectedContainers()) {
				if (from != to) {
					links.computeIfAbsent(from, any -> new IdentityHashMap<>()).putIfAbsent(to, transfer);
				}
			}
		}
	}

	/** @return the resource of that type in the container or, for a nested container, in its hosts; null if none */
	PlacedResource ofType(ResourceContainer container, ProcessingResourceType type) {
		return nearest(container, placed -> Wiring.sameElement(placed.specification().getResourceType(), type));
	}

	/** @return the resource whose type has that name (e.g. "CPU", ignoring case), found as {@link #ofType}; null if none */
	PlacedResource ofTypeNamed(ResourceContainer container, String typeName) {
		return nearest(container,
				placed -> typeName.equalsIgnoreCase(Elements.name(placed.specification().getResourceType())));
	}

	/** @return the resource providing that resource interface, found as {@link #ofType}; null if none */
	PlacedResource providing(ResourceContainer container, ResourceInterface required) {
		return nearest(container, placed -> placed.specification().getResourceType().getProvidedInterfaces().stream()
				.anyMatch(provided -> Wiring.sameElement(provided, required)));
	}

	/** The first matching resource of the container, else of the containers hosting it, nearest first; null if none. */
	private PlacedResource nearest(ResourceContainer container, Predicate<PlacedResource> matching) {
		for (ResourceContainer current = container; current != null; current = Wiring.host(current)) {
			for (PlacedResource placed : byContainer.getOrDefault(current, List.of())) {
				if (matching.test(placed)) {
					return placed;
				}
			}
		}
		return null;
	}

	ModelPlan.Slot<VirtualizedStorageScheduler> scheduler(VirtualizedStorage storage) {
		return storages.get(storage);
	}

	/** @return the bytes of the file set of the storage's configuration, or null if it has none of that name */
	static Long fileSetSize(VirtualizedStorage storage, String fileSet) {
		FileSet named = Wiring.fileSet((IoConfiguration) storage.eContainer(), fileSet);
		return named == null ? null : named.getSize();
	}

	/** @return the link a call between two containers occupies, or null if it occupies none */
	ModelPlan.Slot<LinkTransfer> link(ResourceContainer from, ResourceContainer to) {
		return from == to ? null : links.getOrDefault(from, Map.of()).get(to);
	}
}
