package org.iosim.sweep.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.files.FileProblems;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.Entity;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.VariableCharacterisation;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.Workload;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.ModelParameter;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.wiring.Wiring;
import org.iosim.stoex.StoEx;

/**
 * What a sweep parameter's name points at in a model, and how a value is set there. The names:
 * <ul>
 * <li>{@code io}: which I/O configuration file the point uses (not a model change);</li>
 * <li>{@code population}, {@code thinkTime}, {@code arrivalRate}: of the model's only workload of
 * that kind, or {@code SCENARIO.population} etc. of a usage scenario (id or name);</li>
 * <li>{@code CONTAINER.TYPE.rate} and {@code CONTAINER.TYPE.replicas}: a container's processing
 * resources of a type (e.g. {@code server.CPU.rate});</li>
 * <li>{@code COMPONENT.RESOURCE.capacity}: a passive resource's capacity;</li>
 * <li>{@code io.STORAGE.memoryLength} (a fixed status list length) and
 * {@code io.STORAGE.defaultSequentiality} of a virtualized storage, and {@code io.MODEL.PARAMETER}
 * of an I/O analysis model definition, in the model refined by the I/O configuration;</li>
 * <li>{@code ELEMENT.VARIABLE}: a component parameter, of a component (its default, and every
 * assembly context's own value of it) or of one assembly context.</li>
 * </ul>
 * Think times and inter-arrival times keep the shape of their distribution: the model's expression
 * is scaled to the new mean (a constant when the model's mean is 0 or not known exactly).
 */
public abstract sealed class ParameterTarget {

	/** Where in the run pipeline a target's setting happens. */
	public enum Stage {
		/** Chooses the run's I/O configuration file. */
		CONFIGURATION,
		/** Changes the model as read, before the I/O configuration is applied. */
		LOADED_MODEL,
		/** Changes the model refined by the I/O configuration, with its analysis models. */
		REFINED_MODEL
	}

	public static final String IO_CONFIGURATION = "io";

	private static final List<String> WORKLOAD_FIGURES = List.of("population", "thinkTime", "arrivalRate");

	/** The forms a name may take, for error messages. */
	public static final String FORMS = "io, population, thinkTime, arrivalRate, SCENARIO.population,"
			+ " SCENARIO.thinkTime, SCENARIO.arrivalRate, CONTAINER.TYPE.rate, CONTAINER.TYPE.replicas,"
			+ " COMPONENT.PASSIVERESOURCE.capacity, io.STORAGE.memoryLength, io.STORAGE.defaultSequentiality,"
			+ " io.ANALYSISMODEL.PARAMETER, COMPONENT.PARAMETER or ASSEMBLYCONTEXT.PARAMETER";

	final String name;

	private ParameterTarget(String name) {
		this.name = name;
	}

	/**
	 * @throws IllegalArgumentException if the name has none of the forms
	 */
	public static ParameterTarget of(String name) {
		if (name.isBlank() || name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
			throw new IllegalArgumentException(
					"'" + FileProblems.excerpt(name) + "' is not a parameter name; the forms are: " + FORMS);
		}
		if (name.equals(IO_CONFIGURATION)) {
			return new IoConfigurationChoice(name);
		}
		if (WORKLOAD_FIGURES.contains(name)) {
			return new WorkloadFigure(name, null, name);
		}
		List<String> parts = List.of(name.split("\\."));
		String last = parts.get(parts.size() - 1);
		if (parts.get(0).equals(IO_CONFIGURATION) && parts.size() >= 3) {
			return new IoValue(name, String.join(".", parts.subList(1, parts.size() - 1)), last);
		}
		if (WORKLOAD_FIGURES.contains(last)) {
			return new WorkloadFigure(name, name.substring(0, name.length() - last.length() - 1), last);
		}
		if (parts.size() >= 3 && (last.equals("rate") || last.equals("replicas"))) {
			return new ProcessingResourceValue(name, String.join(".", parts.subList(0, parts.size() - 2)),
					parts.get(parts.size() - 2), last);
		}
		if (parts.size() >= 3 && last.equals("capacity")) {
			return new PassiveResourceCapacity(name, String.join(".", parts.subList(0, parts.size() - 2)),
					parts.get(parts.size() - 2));
		}
		if (parts.size() >= 2) {
			return new ComponentParameter(name, name.substring(0, name.length() - last.length() - 1), last);
		}
		throw new IllegalArgumentException("unknown parameter '" + FileProblems.excerpt(name) + "'; the forms are: " + FORMS);
	}

	public abstract Stage stage();

	/**
	 * Sets the value in the model (a copy the pipeline owns).
	 *
	 * @throws IllegalArgumentException naming the parameter, the model element and what is wrong
	 */
	public abstract void apply(ArchitectureModel model, String value);

	IllegalArgumentException wrong(String value, String problem) {
		return new IllegalArgumentException("parameter '" + FileProblems.excerpt(name) + "' = '"
				+ FileProblems.excerpt(value) + "': " + problem);
	}

	IllegalArgumentException matchesNothing(String problem) {
		return new IllegalArgumentException("parameter '" + FileProblems.excerpt(name) + "' matches nothing in the model: " + problem);
	}

	double number(String value, boolean zeroAllowed) {
		double number;
		try {
			number = Double.parseDouble(value);
		} catch (NumberFormatException notANumber) {
			throw wrong(value, "not a number");
		}
		if (!Double.isFinite(number) || number < 0 || (!zeroAllowed && number == 0)) {
			throw wrong(value, zeroAllowed ? "must not be negative" : "must be positive");
		}
		return number;
	}

	int wholeNumber(String value) {
		double number = number(value, false);
		if (number != Math.rint(number) || number > Integer.MAX_VALUE) {
			throw wrong(value, "must be a whole number of at least 1");
		}
		return (int) number;
	}

	/** e.g. {@code 2} or {@code 0.5}: how a number is written into a stochastic expression. */
	static String plain(double value) {
		return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
				: String.format(Locale.ROOT, "%s", value);
	}

	/** The one element whose id or name is the reference. */
	<E extends Entity> E one(List<E> candidates, String reference, String kind) {
		List<E> matching = candidates.stream()
				.filter(element -> reference.equals(element.getId()) || reference.equals(element.getName())).toList();
		if (matching.isEmpty()) {
			throw matchesNothing("no " + kind + " has the id or name '" + FileProblems.excerpt(reference) + "' (" + kind
					+ "s: " + names(candidates) + ")");
		}
		if (matching.size() > 1) {
			throw matchesNothing(matching.size() + " " + kind + "s are named '" + FileProblems.excerpt(reference)
					+ "'; name one by its id ("
					+ String.join(", ", matching.stream().map(Entity::getId).toList()) + ")");
		}
		return matching.get(0);
	}

	static String names(List<? extends Entity> elements) {
		return elements.isEmpty() ? "none"
				: String.join(", ", elements.stream().map(element -> "'" + element.getName() + "'").toList());
	}

	static final class IoConfigurationChoice extends ParameterTarget {
		IoConfigurationChoice(String name) {
			super(name);
		}

		@Override
		public Stage stage() {
			return Stage.CONFIGURATION;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			throw new IllegalStateException("the I/O configuration is chosen by the run configuration");
		}
	}

	/** A closed workload's population or think time, an open workload's arrival rate. */
	public static final class WorkloadFigure extends ParameterTarget {
		private final String scenarioReference;
		private final String figure;

		WorkloadFigure(String name, String scenarioReference, String figure) {
			super(name);
			this.scenarioReference = scenarioReference;
			this.figure = figure;
		}

		@Override
		public Stage stage() {
			return Stage.LOADED_MODEL;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			applyTo(scenario(model).getWorkload(), value);
		}

		/** Sets the value on a workload of the {@link #scenario} (its own, or a copy of it). */
		public void applyTo(Workload workload, String value) {
			switch (figure) {
			case "population" -> {
				if (workload.getLoadProfile() != null) {
					throw wrong(value, "the closed workload follows a load profile (a usage evolution), which gives its"
							+ " population over time, so a swept population would not be used");
				}
				((ClosedWorkload) workload).setPopulation(wholeNumber(value));
			}
			case "thinkTime" -> {
				ClosedWorkload closed = (ClosedWorkload) workload;
				closed.setThinkTime(withMean(closed.getThinkTime(), number(value, true)));
			}
			default -> {
				OpenWorkload openWorkload = (OpenWorkload) workload;
				double rate = number(value, false);
				String scaled = withMean(openWorkload.getInterArrivalTime(), 1 / rate);
				openWorkload.setInterArrivalTime(scaled.equals(plain(1 / rate)) ? "Exp(" + plain(rate) + ")" : scaled);
			}
			}
		}

		/** The usage scenario whose workload the parameter names, with a workload of the figure's kind. */
		public UsageScenario scenario(ArchitectureModel model) {
			boolean open = figure.equals("arrivalRate");
			Class<? extends Workload> kind = open ? OpenWorkload.class : ClosedWorkload.class;
			String kindName = open ? "an open workload" : "a closed workload";
			List<UsageScenario> scenarios = model.getUsageModel() == null ? List.of()
					: model.getUsageModel().getScenarios();
			if (scenarioReference != null) {
				UsageScenario scenario = one(scenarios, scenarioReference, "usage scenario");
				if (!kind.isInstance(scenario.getWorkload())) {
					throw matchesNothing("usage scenario '" + scenario.getName() + "' has no " + kindName.substring(
							kindName.indexOf(' ') + 1));
				}
				return scenario;
			}
			List<UsageScenario> withKind = scenarios.stream().filter(s -> kind.isInstance(s.getWorkload())).toList();
			if (withKind.size() != 1) {
				throw matchesNothing(withKind.isEmpty() ? "no usage scenario has " + kindName
						: withKind.size() + " usage scenarios have " + kindName.replace("a ", "") + "s (" + names(withKind)
								+ "); name one as SCENARIO." + figure);
			}
			return withKind.get(0);
		}

		/** The expression scaled to the mean, so that its distribution keeps its shape. */
		private static String withMean(String expression, double mean) {
			if (mean == 0) {
				return "0";
			}
			OptionalDouble current = OptionalDouble.empty();
			try {
				current = expression == null ? OptionalDouble.empty() : StoEx.parse(expression).mean();
			} catch (RuntimeException unparsable) {
				// the validator names the broken expression; the new value replaces it
			}
			if (current.isEmpty() || !(current.getAsDouble() > 0)) {
				return plain(mean);
			}
			return "(" + expression + ") * " + plain(mean / current.getAsDouble());
		}
	}

	static final class ProcessingResourceValue extends ParameterTarget {
		private final String containerReference;
		private final String type;
		private final String field;

		ProcessingResourceValue(String name, String containerReference, String type, String field) {
			super(name);
			this.containerReference = containerReference;
			this.type = type;
			this.field = field;
		}

		@Override
		public Stage stage() {
			return Stage.LOADED_MODEL;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			ResourceContainer container = one(Wiring.containers(model), containerReference, "resource container");
			List<ProcessingResourceSpecification> resources = container.getProcessingResources().stream()
					.filter(resource -> resource.getResourceType() != null
							&& type.equalsIgnoreCase(resource.getResourceType().getName()))
					.toList();
			if (resources.isEmpty()) {
				throw matchesNothing("resource container '" + container.getName() + "' has no " + type + " resource");
			}
			for (ProcessingResourceSpecification resource : resources) {
				if (field.equals("rate")) {
					resource.setProcessingRate(plain(number(value, false)));
				} else {
					resource.setNumberOfReplicas(wholeNumber(value));
				}
			}
		}
	}

	static final class PassiveResourceCapacity extends ParameterTarget {
		private final String componentReference;
		private final String resourceReference;

		PassiveResourceCapacity(String name, String componentReference, String resourceReference) {
			super(name);
			this.componentReference = componentReference;
			this.resourceReference = resourceReference;
		}

		@Override
		public Stage stage() {
			return Stage.LOADED_MODEL;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			List<BasicComponent> components = model.getRepositories().stream()
					.flatMap(repository -> repository.getComponents().stream()).filter(BasicComponent.class::isInstance)
					.map(BasicComponent.class::cast).toList();
			BasicComponent component = one(components, componentReference, "basic component");
			PassiveResource resource = one(component.getPassiveResources(), resourceReference,
					"passive resource of '" + component.getName() + "'");
			resource.setCapacity(Integer.toString(wholeNumber(value)));
		}
	}

	/** A component parameter's VALUE, of a component (default and all its assembly contexts) or one assembly context. */
	static final class ComponentParameter extends ParameterTarget {
		private final String elementReference;
		private final String variable;

		ComponentParameter(String name, String elementReference, String variable) {
			super(name);
			this.elementReference = elementReference;
			this.variable = variable;
		}

		@Override
		public Stage stage() {
			return Stage.LOADED_MODEL;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			try {
				StoEx.parse(value);
			} catch (RuntimeException unparsable) {
				throw wrong(value, "not a stochastic expression: " + unparsable.getMessage());
			}
			List<AssemblyContext> assemblies = new ArrayList<>();
			EcoreUtil.getAllContents(model, true).forEachRemaining(element -> {
				if (element instanceof AssemblyContext assembly) {
					assemblies.add(assembly);
				}
			});
			List<AssemblyContext> namedAssemblies = assemblies.stream()
					.filter(a -> elementReference.equals(a.getId()) || elementReference.equals(a.getName())).toList();
			List<RepositoryComponent> components = model.getRepositories().stream()
					.flatMap(repository -> repository.getComponents().stream())
					.filter(c -> elementReference.equals(c.getId()) || elementReference.equals(c.getName())).toList();
			int set = 0;
			for (RepositoryComponent component : components) {
				if (set(component.getComponentParameters(), value, false)) {
					set++;
					for (AssemblyContext assembly : assemblies) {
						if (assembly.getComponent() == component) {
							set(assembly.getConfigParameterUsages(), value, false);
						}
					}
				}
			}
			for (AssemblyContext assembly : namedAssemblies) {
				if (set(assembly.getConfigParameterUsages(), value, declares(assembly.getComponent()))) {
					set++;
				}
			}
			if (set == 0) {
				throw components.isEmpty() && namedAssemblies.isEmpty()
						? new IllegalArgumentException("unknown parameter '" + FileProblems.excerpt(name)
								+ "': no component or assembly context has the id or name '"
								+ FileProblems.excerpt(elementReference) + "'; the forms are: " + FORMS)
						: matchesNothing("'" + FileProblems.excerpt(elementReference) + "' has no component parameter '"
								+ FileProblems.excerpt(variable) + "'");
			}
		}

		private boolean declares(RepositoryComponent component) {
			return component != null && component.getComponentParameters().stream()
					.anyMatch(usage -> variable.equals(usage.getVariable()));
		}

		/** Sets the variable's VALUE; adds the usage when {@code add} and it is not there. */
		private boolean set(List<VariableUsage> usages, String value, boolean add) {
			VariableUsage usage = usages.stream().filter(u -> variable.equals(u.getVariable())).findFirst().orElse(null);
			if (usage == null) {
				if (!add) {
					return false;
				}
				usage = PcmFactory.eINSTANCE.createVariableUsage();
				usage.setVariable(variable);
				usages.add(usage);
			}
			VariableCharacterisation characterisation = usage.getCharacterisations().stream()
					.filter(c -> c.getType() == VariableCharacterisationType.VALUE).findFirst().orElse(null);
			if (characterisation == null) {
				characterisation = PcmFactory.eINSTANCE.createVariableCharacterisation();
				characterisation.setType(VariableCharacterisationType.VALUE);
				usage.getCharacterisations().add(characterisation);
			}
			characterisation.setSpecification(value);
			return true;
		}
	}

	/** A value of the I/O configuration as the refined model holds it. */
	static final class IoValue extends ParameterTarget {
		private final String elementReference;
		private final String field;

		IoValue(String name, String elementReference, String field) {
			super(name);
			this.elementReference = elementReference;
			this.field = field;
		}

		@Override
		public Stage stage() {
			return Stage.REFINED_MODEL;
		}

		@Override
		public void apply(ArchitectureModel model, String value) {
			List<VirtualizedStorage> storages = contents(model, VirtualizedStorage.class);
			List<VirtualizedStorage> namedStorages = storages.stream()
					.filter(storage -> elementReference.equals(storage.getName())).toList();
			if (!namedStorages.isEmpty() && (field.equals("memoryLength") || field.equals("defaultSequentiality"))) {
				for (VirtualizedStorage storage : namedStorages) {
					if (field.equals("memoryLength")) {
						FixedMemoryLength length = IoFactory.eINSTANCE.createFixedMemoryLength();
						length.setRequests(wholeNumber(value));
						storage.setMemoryLength(length);
					} else {
						double sequentiality = number(value, true);
						if (sequentiality > 1) {
							throw wrong(value, "a sequentiality lies between 0 and 1");
						}
						storage.setDefaultSequentiality(plain(sequentiality));
					}
				}
				return;
			}
			List<AnalysisModelDefinition> definitions = contents(model, AnalysisModelDefinition.class).stream()
					.filter(definition -> elementReference.equals(definition.getName())).toList();
			List<ModelParameter> parameters = definitions.stream().flatMap(d -> d.getParameters().stream())
					.filter(parameter -> field.equals(parameter.getName())).toList();
			if (parameters.isEmpty()) {
				throw matchesNothing(storages.isEmpty() ? "the model has no virtualized storage (give --io CONFIG)"
						: "no virtualized storage (with memoryLength or defaultSequentiality) nor analysis model"
								+ " parameter is named so; storages: " + String.join(", ", storages.stream()
										.map(storage -> "'" + storage.getName() + "'").toList())
								+ ", analysis models: " + String.join(", ", contents(model, AnalysisModelDefinition.class)
										.stream().map(d -> "'" + d.getName() + "'").distinct().toList()));
			}
			parameters.forEach(parameter -> parameter.setValue(value));
		}

		private static <T> List<T> contents(ArchitectureModel model, Class<T> type) {
			List<T> found = new ArrayList<>();
			EcoreUtil.getAllContents(model, true).forEachRemaining(element -> {
				if (type.isInstance(element)) {
					found.add(type.cast(element));
				}
			});
			return found;
		}
	}
}
