package org.iosim.analysis.san.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.analysis.san.IoRequest;
import org.iosim.analysis.san.Resource;
import org.iosim.analysis.san.Resource.ResourceStatistics;
import org.iosim.analysis.san.SanConfiguration;
import org.iosim.analysis.san.SanConfiguration.Volume;
import org.iosim.analysis.san.SanConfigurationReader;
import org.iosim.analysis.san.SanException;
import org.iosim.analysis.san.SanModel;
import org.iosim.analysis.san.SpcTrace;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.IoType;

/**
 * Kind {@code san}: the component-based SAN model embedded on the simulation clock. Each I/O request
 * of the architecture simulation becomes a host request on a volume of the SAN configuration: the
 * volume named like the request's file set, else the one given by {@code asu}, else the first. Its
 * address continues the file set's previous request with the request's sequentiality as probability,
 * and is otherwise a random block in the file set (at most the volume).
 */
public final class SanModelKind implements IoAnalysisModelKind {

	public static final String ID = "san";
	private static final Set<String> PARAMETERS = Set.of("config", "asu");

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Component-based SAN storage model embedded in the simulation: 'config' (a SAN configuration JSON file:"
				+ " hosts with LVM, disk driver and adapters, fabric ports and channels, storage nodes with cache, NVS,"
				+ " adapters and RAID ranks, and volumes), optionally 'asu' (the volume requests go to when no volume"
				+ " is named like their file set; default: the first). Outside a simulation its prediction is the"
				+ " unloaded response time, reads counted as cache misses.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(PARAMETERS);
		String file = definition.required("config", "a SAN configuration JSON file");
		SanConfiguration configuration;
		try {
			configuration = SanConfigurationReader.read(definition.resolve(file));
		} catch (SanException invalid) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': " + invalid.getMessage());
		}
		Volume fallback = configuration.volumes().get(0);
		if (definition.parameter("asu").isPresent()) {
			String text = definition.parameter("asu").get().strip();
			fallback = configuration.volumes().stream().filter(v -> String.valueOf(v.asu()).equals(text)).findFirst()
					.orElseThrow(() -> new AnalysisModelException("analysis model '" + definition.name() + "': parameter"
							+ " 'asu' must be the ASU number of a volume of " + file + " ("
							+ configuration.volumes().stream().map(Volume::asu).toList() + "), got '" + FileProblems.excerpt(text) + "'"));
		}
		return new Embedded(definition.name(), configuration, fallback, context);
	}

	private static final class Embedded implements EmbeddedIoModel {
		private final String name;
		private final SanConfiguration configuration;
		private final Volume fallback;
		private final ModelContext context;
		private final SanModel model;
		private final Map<String, Long> nextOffset = new HashMap<>();

		Embedded(String name, SanConfiguration configuration, Volume fallback, ModelContext context) {
			this.name = name;
			this.configuration = configuration;
			this.fallback = fallback;
			this.context = context;
			this.model = new SanModel(configuration, context.clock(), false);
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return EnumSet.of(WorkloadInput.TYPE, WorkloadInput.REQUEST_SIZE);
		}

		private Volume volumeOf(String fileSet) {
			return configuration.volumes().stream().filter(v -> v.name().equals(fileSet)).findFirst().orElse(fallback);
		}

		@Override
		public double delay(WorkloadState state) {
			long size = Math.max(1, Math.min(Math.round(state.requestSize()), fallback.size()));
			return model.unloadedResponseTime(fallback.asu(), size, state.type() == IoType.READ);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished)
				throws AnalysisModelException {
			Volume volume = volumeOf(request.fileSet());
			long size = Math.max(1, Math.min(Math.round(request.size()), volume.size()));
			long limit = request.fileSetSize() >= size ? Math.min(volume.size(), (long) request.fileSetSize())
					: volume.size();
			UniformRandomProvider random = context.random();
			Long next = nextOffset.get(request.fileSet());
			long offset;
			if (next != null && next + size <= limit && random.nextDouble() < request.sequentiality()) {
				offset = next;
			} else {
				long blocks = Math.max(1, (limit - size) / SpcTrace.BLOCK + 1);
				offset = random.nextLong(blocks) * SpcTrace.BLOCK;
			}
			nextOffset.put(request.fileSet(), offset + size);
			IoRequest io = new IoRequest(volume.asu(), offset, size, request.type() == IoType.READ, context.clock().now());
			String problem = model.check(io);
			if (problem != null) {
				throw new AnalysisModelException("analysis model '" + name + "': " + problem);
			}
			model.submit(io, finished);
		}

		@Override
		public void startMeasuring() {
			model.restartStatistics();
		}

		@Override
		public List<SubModelResource> resources() {
			List<Resource> resources = model.resources();
			List<ResourceStatistics> statistics = model.resourceStatistics();
			List<SubModelResource> result = new ArrayList<>();
			for (int i = 0; i < resources.size(); i++) {
				ResourceStatistics measured = statistics.get(i);
				result.add(new SubModelResource(measured.name(), resources.get(i).type(), "FCFS", measured.servers(),
						measured.served(), measured.utilization(), measured.waiting(), measured.inSystem()));
			}
			return result;
		}

		@Override
		public String describe() {
			return ID + ": " + configuration.hosts().size() + " host(s), " + configuration.storage().nodes()
					+ " storage node(s), " + configuration.storage().ranks().size() + " RAID rank(s), volumes "
					+ List.copyOf(configuration.volumes().stream().map(Volume::name).toList());
		}
	}
}
