package org.iosim.run.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ResourceContainer;
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
		List<ResourceContainer> all = new ArrayList<>();
		if (model.getResourceEnvironment() != null) {
			for (var contents = model.getResourceEnvironment().eAllContents(); contents.hasNext();) {
				EObject element = contents.next();
				if (element instanceof ResourceContainer container) {
					all.add(container);
				}
			}
		}
		return all.stream().filter(container -> reference.equals(container.getId())).findFirst()
				.or(() -> all.stream().filter(container -> reference.equals(container.getName())).findFirst())
				.orElseThrow(() -> new IllegalArgumentException(ID + ": no resource container has the id or name '"
						+ reference + "' (containers: " + String.join(", ",
								all.stream().map(container -> "'" + container.getName() + "'").toList()) + ")"));
	}
}
