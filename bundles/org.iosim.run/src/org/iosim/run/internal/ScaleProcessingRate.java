package org.iosim.run.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.run.ModelTransformation;

/**
 * A what-if: the resources of one type in one container get faster (or slower) by a factor, e.g.
 * the database server's CPU twice as fast. Their processing rate becomes {@code (rate) * factor}.
 */
public final class ScaleProcessingRate implements ModelTransformation {

	public static final String ID = "scale-processing-rate";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Multiplies the processing rate of a container's resources of one type by a factor. Parameters:"
				+ " 'container' (id or name), 'resource' (resource type name, default CPU), 'factor' (a positive"
				+ " number, e.g. 2 for twice as fast).";
	}

	@Override
	public ArchitectureModel transform(ArchitectureModel model, Map<String, String> parameters) {
		Parameters.requireOnly(ID, parameters, Set.of("container", "resource", "factor"));
		String containerReference = Parameters.required(ID, parameters, "container");
		String resourceType = parameters.getOrDefault("resource", "CPU");
		double factor = Parameters.positiveNumber(ID, parameters, "factor");
		ResourceContainer container = container(model, containerReference);
		List<ProcessingResourceSpecification> scaled = container.getProcessingResources().stream()
				.filter(resource -> resource.getResourceType() != null
						&& resourceType.equalsIgnoreCase(resource.getResourceType().getName()))
				.toList();
		if (scaled.isEmpty()) {
			throw new IllegalArgumentException(ID + ": resource container '" + container.getName() + "' has no "
					+ resourceType + " resource");
		}
		for (ProcessingResourceSpecification resource : scaled) {
			String rate = resource.getProcessingRate() == null ? "1" : resource.getProcessingRate();
			resource.setProcessingRate("(" + rate + ") * " + Parameters.plain(factor));
		}
		return model;
	}

	private static ResourceContainer container(ArchitectureModel model, String reference) {
		List<ResourceContainer> all = Wiring.containers(model);
		List<ResourceContainer> matching = Wiring.named(all, reference);
		if (matching.isEmpty()) {
			throw new IllegalArgumentException(ID + ": no resource container has the id or name '" + reference
					+ "' (containers: " + String.join(", ", all.stream().map(container -> "'" + container.getName() + "'")
							.toList()) + ")");
		}
		if (matching.size() > 1) {
			throw new IllegalArgumentException(ID + ": " + matching.size() + " resource containers are named '"
					+ reference + "'; name one by its id (" + String.join(", ", matching.stream()
							.map(ResourceContainer::getId).toList()) + ")");
		}
		return matching.get(0);
	}
}
