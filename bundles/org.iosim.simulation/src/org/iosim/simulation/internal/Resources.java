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
import org.iosim.engine.SimulationConfig;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.FcfsResource;

/**
 * The compiled resource environment of one replication: the processing resources of every
 * container with the rates their services run at, one scheduler per virtualized storage of a
 * refined model (shared by every container it serves: step I, consolidation), and the linking
 * resources when they are simulated.
 */
final class Resources {

	/** A processing resource of a container with the rates its services run at. */
	record PlacedResource(ProcessingResourceSpecification specification, ActiveResource resource, double rate,
			double readRate, double writeRate) {
	}

	private final Replication replication;
	private final Map<ResourceContainer, List<PlacedResource>> byContainer = new IdentityHashMap<>();
	private final Map<VirtualizedStorage, VirtualizedStorageScheduler> storages = new IdentityHashMap<>();
	private final Map<ResourceContainer, Map<ResourceContainer, LinkTransfer>> links = new IdentityHashMap<>();

	private Resources(Replication replication) {
		this.replication = replication;
	}

	static Resources compile(ArchitectureModel model, Replication replication, SimulationConfig config,
			SchedulingPolicies policies, AnalysisModelRegistry analysisModels) {
		Resources resources = new Resources(replication);
		Wiring.containers(model).forEach(container -> resources.createResources(container, policies));
		IoConfiguration configuration = Wiring.ioConfiguration(model);
		if (configuration != null) {
			for (VirtualizedStorage storage : configuration.getStorages()) {
				resources.createStorage(storage, analysisModels, config);
			}
		}
		if (config.simulateLinkingResources()) {
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
				replication.warnings.add(Diagnostic.warning(specification, "resource '" + type
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
			ActiveResource resource = provider.create(replication.simulator(), name,
					Math.max(1, specification.getNumberOfReplicas()));
			replication.resources.add(new Replication.Resource(specification.getId(), Elements.name(container), type,
					policyLabel, resource));
			placed.add(new PlacedResource(specification, resource, rate, readRate, writeRate));
		}
		byContainer.put(container, placed);
	}

	private static String cores(ProcessingResourceSpecification specification) {
		int cores = Math.max(1, specification.getNumberOfReplicas());
		return cores == 1 ? "1 core (numberOfReplicas 1)" : cores + " cores (numberOfReplicas " + cores + ")";
	}

	private void createStorage(VirtualizedStorage storage, AnalysisModelRegistry analysisModels, SimulationConfig config) {
		if (storage.getAnalysisModel() == null) {
			throw new Unsimulatable(storage, "has no analysis model: the analysis binding chooses one by the storage's"
					+ " features (iosim transform and simulate do when given the I/O configuration)");
		}
		ModelDefinition definition;
		IoAnalysisModel model;
		WorkloadOptions workload = new WorkloadOptions(storage.getConcurrency(), storage.getFileSetSize());
		try {
			definition = ModelDefinition.of(storage.getAnalysisModel(), Path.of(""));
			model = analysisModels.create(definition,
					new ModelContext(replication.analysisStream(storages.size()), replication.clock(), workload));
		} catch (AnalysisModelException | IllegalArgumentException invalid) {
			throw new Unsimulatable(storage, "the I/O analysis model '" + storage.getAnalysisModel().getName()
					+ "' of virtualized storage '" + storage.getName() + "' cannot be created: " + invalid.getMessage());
		}
		StatusList statusList;
		try {
			statusList = new StatusList(StatusList.memoryLength(storage.getMemoryLength()), workload);
		} catch (IllegalArgumentException invalid) {
			throw new Unsimulatable(storage, invalid.getMessage());
		}
		VirtualizedStorageScheduler scheduler = new VirtualizedStorageScheduler(storage.getName(), replication,
				statusList, model, definition.name(), config.warmupMeasurements() == 0);
		replication.storages.add(scheduler);
		storages.put(storage, scheduler);
	}

	private void createLink(LinkingResource linking) {
		double latency = Expressions.constant(linking, "latency", linking.getLatency(), "0");
		double throughput = Expressions.constant(linking, "throughput", linking.getThroughput(), null);
		ActiveResource link = new FcfsResource(replication.simulator(), Elements.name(linking), 1);
		replication.resources.add(new Replication.Resource(linking.getId(), Elements.name(linking),
				linking.getResourceType() == null ? "LAN" : Elements.name(linking.getResourceType()), "FCFS", link));
		LinkTransfer transfer = new LinkTransfer(link, latency, throughput);
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

	VirtualizedStorageScheduler scheduler(VirtualizedStorage storage) {
		return storages.get(storage);
	}

	/** @return the bytes of the file set of the storage's configuration, or null if it has none of that name */
	static Long fileSetSize(VirtualizedStorage storage, String fileSet) {
		FileSet named = Wiring.fileSet((IoConfiguration) storage.eContainer(), fileSet);
		return named == null ? null : named.getSize();
	}

	/** @return the link a call between two containers occupies, or null if it occupies none */
	LinkTransfer link(ResourceContainer from, ResourceContainer to) {
		return from == to ? null : links.getOrDefault(from, Map.of()).get(to);
	}
}
