package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.SimulationConfig;
import org.iosim.pcm.Workload;
import org.iosim.pcm.validation.Diagnostic;

/**
 * A model compiled once, for all the replications of its runs: what a replication is made of
 * (resources, measurements, steps with their parsed expressions, workloads), as a program of
 * instructions that builds a fresh {@link Replication} without reading the EMF model. The
 * instructions are kept in the order the compiler met the objects they create, so a replication
 * draws its random streams for the same sources in the same order as one compiled on its own.
 * <p>
 * Immutable once compiled and safe to instantiate from several threads at once: instructions hold
 * only texts, numbers, parsed (thread-safe) expressions and the slots of objects they create. An
 * instruction that can fail keeps the model element it names, read only to report the failure.
 * <p>
 * A usage scenario's workload is one instruction of its own, which {@link #withWorkloads} replaces:
 * a sweep along a load curve compiles its model once and each point only its workloads.
 */
public final class ModelPlan {

	/** Where a replication keeps one object an instruction created, for the instructions after it. */
	static final class Slot<T> {
		private final int index;

		private Slot(int index) {
			this.index = index;
		}

		@SuppressWarnings("unchecked")
		T in(Building building) {
			return (T) building.objects[index];
		}
	}

	/** A replication being built: the objects the instructions run so far created. */
	static final class Building {
		final Replication replication;
		final SimulationConfig config;
		private final Object[] objects;

		private Building(Replication replication, SimulationConfig config, int slots) {
			this.replication = replication;
			this.config = config;
			this.objects = new Object[slots];
		}

		/** The object of a slot that the plan may leave out (null), e.g. the link a local call does not occupy. */
		<T> T optional(Slot<T> slot) {
			return slot == null ? null : slot.in(this);
		}

		/** The steps of a compiled behaviour, in this replication. */
		Step[] steps(List<Slot<Step>> behaviour) {
			Step[] steps = new Step[behaviour.size()];
			for (int i = 0; i < steps.length; i++) {
				steps[i] = behaviour.get(i).in(this);
			}
			return steps;
		}

		Step[][] branches(List<List<Slot<Step>>> behaviours) {
			Step[][] steps = new Step[behaviours.size()][];
			for (int i = 0; i < steps.length; i++) {
				steps[i] = steps(behaviours.get(i));
			}
			return steps;
		}
	}

	/** Compiles a workload of one usage scenario into the instruction that starts its driver. */
	@FunctionalInterface
	interface WorkloadCompilation {
		/** @throws Unsimulatable naming the element that cannot be simulated */
		Consumer<Building> compile(Workload workload);
	}

	/** Where a scenario's workload instruction is, and how to compile another workload for it. */
	private record WorkloadInstruction(int index, WorkloadCompilation compilation) {
	}

	/** Collects the instructions while the compiler walks the model. */
	static final class Builder {
		private final List<Consumer<Building>> instructions = new ArrayList<>();
		private final List<Diagnostic> warnings = new ArrayList<>();
		private final Map<String, WorkloadInstruction> workloads = new HashMap<>();
		private int slots;

		/** Appends an instruction that creates an object; the slot names it for later instructions. */
		<T> Slot<T> create(Function<Building, T> creation) {
			Slot<T> slot = new Slot<>(slots++);
			instructions.add(building -> building.objects[slot.index] = creation.apply(building));
			return slot;
		}

		/** Appends an instruction that creates nothing new, e.g. completes an object created earlier. */
		void then(Consumer<Building> instruction) {
			instructions.add(instruction);
		}

		/**
		 * Appends the instruction that starts the workload of the usage scenario with this id, which
		 * {@link ModelPlan#withWorkloads} may replace by one {@code compilation} makes.
		 */
		void workload(String scenarioId, WorkloadCompilation compilation, Consumer<Building> instruction) {
			if (scenarioId != null) {
				workloads.put(scenarioId, new WorkloadInstruction(instructions.size(), compilation));
			}
			instructions.add(instruction);
		}

		void warn(Diagnostic warning) {
			warnings.add(warning);
		}

		ModelPlan build() {
			return new ModelPlan(instructions, warnings, slots, workloads);
		}
	}

	private final List<Consumer<Building>> instructions;
	private final List<Diagnostic> warnings;
	private final int slots;
	private final Map<String, WorkloadInstruction> workloads;

	private ModelPlan(List<Consumer<Building>> instructions, List<Diagnostic> warnings, int slots,
			Map<String, WorkloadInstruction> workloads) {
		this.instructions = List.copyOf(instructions);
		this.warnings = List.copyOf(warnings);
		this.slots = slots;
		this.workloads = Map.copyOf(workloads);
	}

	/**
	 * The plan of the same model with other workloads for some of its usage scenarios. Only their
	 * instructions change, in place, so a replication draws its random streams in the same order as
	 * one of the model with these workloads compiled on its own, and its results are the same.
	 *
	 * @param workloadsByScenarioId the new workloads, by the id of their usage scenario; read, not kept
	 * @throws ModelCompilationException naming the scenario when a workload cannot be simulated
	 * @throws IllegalArgumentException  when no usage scenario of the plan has one of the ids
	 */
	public ModelPlan withWorkloads(Map<String, ? extends Workload> workloadsByScenarioId)
			throws ModelCompilationException {
		List<Consumer<Building>> changed = new ArrayList<>(instructions);
		for (Map.Entry<String, ? extends Workload> workload : workloadsByScenarioId.entrySet()) {
			WorkloadInstruction instruction = workloads.get(workload.getKey());
			if (instruction == null) {
				throw new IllegalArgumentException("no usage scenario has the id '" + workload.getKey() + "'");
			}
			try {
				changed.set(instruction.index(), instruction.compilation().compile(workload.getValue()));
			} catch (Unsimulatable problem) {
				throw new ModelCompilationException(problem.element, problem.getMessage());
			}
		}
		return new ModelPlan(changed, warnings, slots, workloads);
	}

	/** @return what compiling the model found that changes what is simulated, e.g. a policy simulated as another */
	public List<Diagnostic> warnings() {
		return warnings;
	}

	/**
	 * Builds replication {@code index} of a run: its own simulator, resources, random streams,
	 * measurements and workloads.
	 *
	 * @throws ModelCompilationException when the model cannot be simulated with this run's settings, e.g.
	 *                                   a population that does not fit in memory with this many replications
	 */
	public Replication instantiate(SimulationConfig config, int index) throws ModelCompilationException {
		Replication replication = new Replication(index, config);
		Building building = new Building(replication, config, slots);
		try {
			for (Consumer<Building> instruction : instructions) {
				instruction.accept(building);
			}
		} catch (Unsimulatable problem) {
			throw new ModelCompilationException(problem.element, problem.getMessage());
		}
		return replication;
	}
}
