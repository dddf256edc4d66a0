package org.iosim.run.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.UsageScenario;
import org.iosim.run.ModelTransformation;

/** A what-if: a closed workload with another number of users, e.g. to see where the system saturates. */
public final class SetPopulation implements ModelTransformation {

	public static final String ID = "set-population";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Sets the number of users of a closed workload. Parameters: 'population' (a whole number of at least 1),"
				+ " 'scenario' (id or name of the usage scenario; may be left out when there is one closed workload).";
	}

	@Override
	public ArchitectureModel transform(ArchitectureModel model, Map<String, String> parameters) {
		Parameters.requireOnly(ID, parameters, Set.of("scenario", "population"));
		double population = Parameters.positiveNumber(ID, parameters, "population");
		if (population != Math.rint(population) || population > Integer.MAX_VALUE) {
			throw new IllegalArgumentException(ID + ": 'population' must be a whole number of at least 1, got '"
					+ parameters.get("population") + "'");
		}
		String reference = parameters.get("scenario");
		List<UsageScenario> closed = model.getUsageModel() == null ? List.of()
				: model.getUsageModel().getScenarios().stream()
						.filter(scenario -> scenario.getWorkload() instanceof ClosedWorkload)
						.filter(scenario -> reference == null || reference.equals(scenario.getId())
								|| reference.equals(scenario.getName()))
						.toList();
		if (closed.size() != 1) {
			throw new IllegalArgumentException(ID + ": " + (closed.isEmpty()
					? "no usage scenario with a closed workload" + (reference == null ? "" : " has the id or name '" + reference + "'")
					: closed.size() + " usage scenarios have closed workloads; name one with 'scenario'"));
		}
		if (closed.get(0).getWorkload().getLoadProfile() != null) {
			throw new IllegalArgumentException(ID + ": the closed workload of usage scenario '" + closed.get(0).getName()
					+ "' follows a load profile (a usage evolution), which gives its population over time, so a"
					+ " population set here would not be used");
		}
		((ClosedWorkload) closed.get(0).getWorkload()).setPopulation((int) population);
		return model;
	}
}
