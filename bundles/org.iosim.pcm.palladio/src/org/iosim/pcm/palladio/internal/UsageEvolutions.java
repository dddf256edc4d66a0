package org.iosim.pcm.palladio.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.DlimBurst;
import org.iosim.pcm.DlimCombinator;
import org.iosim.pcm.DlimExponentialIncreaseLogarithmicDecline;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimLogarithmicTrend;
import org.iosim.pcm.DlimNoise;
import org.iosim.pcm.DlimNormalNoise;
import org.iosim.pcm.DlimOperator;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.DlimSin;
import org.iosim.pcm.DlimTrend;
import org.iosim.pcm.DlimUniformNoise;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.UsageScenario;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.SourceLocation;

/**
 * Reads Palladio's usage evolutions ({@code .usageevolution}, as SimuLizar reads them) and the DLIM
 * load profiles ({@code .dlim}) their usages refer to, and attaches each profile to the workload of the
 * usage scenario it names (an open workload's arrival rate, a closed workload's population follow it),
 * in every model set built from that scenario's usage model. What
 * IOSim cannot evaluate is refused, naming the file, line and element; nothing is left out silently.
 */
final class UsageEvolutions {

	static final String USAGE_EVOLUTION_NAMESPACE = "http://usageevolution/1.0";
	static final String DLIM_NAMESPACE = "http://descartes.tools/dlim/0.1";
	private static final String OLD_DLIM_NAMESPACE = "http://sdq.ipd.uka.de/dlimm/0.1";

	/** Attributes DLIM's editor derives and saves; they are computed again from durations and termination. */
	private static final Set<String> DERIVED = Set.of("firstIterationStart", "firstIterationEnd", "loopDuration",
			"finalDuration");

	private final ParsedFiles files;
	private final List<Diagnostic> problems = new ArrayList<>();
	private final Set<Path> usedProfiles = new HashSet<>();
	/** The files each model set gains, by model set name. */
	private final Map<String, Set<Path>> addedFiles = new LinkedHashMap<>();

	UsageEvolutions(ParsedFiles files) {
		this.files = files;
	}

	/**
	 * @param evolutions the usage evolution files, absolute path to display name
	 * @param profiles   the .dlim files found beside the models, absolute path to display name; those
	 *                   no usage evolution uses get a warning
	 * @return the model sets, those that gained a load profile with the files it came from
	 */
	List<ModelSet> apply(Map<Path, String> evolutions, Map<Path, String> profiles, List<ModelSet> modelSets) {
		evolutions.forEach((path, display) -> {
			XmiFile file = files.get(path, display);
			if (file != null) {
				for (XmlElement root : file.roots()) {
					evolution(root, modelSets);
				}
			}
		});
		profiles.forEach((path, display) -> {
			if (!usedProfiles.contains(path)) {
				problems.add(Diagnostic.inFile(Severity.WARNING, display, 0, 0, "no usage evolution (.usageevolution)"
						+ " refers to this load profile, so it is not used"));
			}
		});
		List<ModelSet> result = new ArrayList<>();
		for (ModelSet set : modelSets) {
			Set<Path> extra = addedFiles.get(set.name());
			if (extra == null) {
				result.add(set);
			} else {
				List<Path> all = new ArrayList<>(set.files());
				extra.stream().filter(added -> !all.contains(added)).forEach(all::add);
				result.add(new ModelSet(set.name(), set.model(), all));
			}
		}
		return result;
	}

	List<Diagnostic> problems() {
		return List.copyOf(problems);
	}

	// ------------------------------------------------------------------ usage evolutions

	private void evolution(XmlElement root, List<ModelSet> modelSets) {
		if (!"UsageEvolution".equals(root.localName()) || !USAGE_EVOLUTION_NAMESPACE.equals(root.namespace())) {
			error(root, "the root element is '" + root.localName() + "' of namespace '"
					+ ModelFileLimits.shorten(String.valueOf(root.namespace())) + "', not a UsageEvolution of '"
					+ USAGE_EVOLUTION_NAMESPACE + "'");
			return;
		}
		for (XmlElement child : root.children()) {
			if (child.localName().equals("usages")) {
				usage(child, modelSets);
			} else {
				error(child, "unsupported: element '" + child.localName() + "' of a usage evolution");
			}
		}
	}

	private void usage(XmlElement usage, List<ModelSet> modelSets) {
		XmlElement scenarioReference = null;
		XmlElement loadReference = null;
		for (XmlElement child : usage.children()) {
			switch (child.localName()) {
			case "scenario" -> scenarioReference = child;
			case "loadEvolution" -> loadReference = child;
			case "workEvolutions" -> {
				error(child, "unsupported: work parameter evolutions (a parameter of the usage model following a"
						+ " DLIM sequence) are not simulated; remove the workEvolutions to simulate the load"
						+ " evolution alone");
				return;
			}
			default -> {
				error(child, "unsupported: element '" + child.localName() + "' of a usage");
				return;
			}
			}
		}
		if (scenarioReference == null || blank(scenarioReference.attribute("href"))) {
			error(usage, "the usage names no usage scenario ('scenario' with an href)");
			return;
		}
		if (loadReference == null || blank(loadReference.attribute("href"))) {
			problems.add(at(Severity.WARNING, usage, "the usage has no loadEvolution, so the scenario's workload"
					+ " stays as the usage model writes it"));
			return;
		}
		List<UsageScenario> scenarios = scenarios(scenarioReference, modelSets);
		if (scenarios.isEmpty()) {
			return;
		}
		// from here on, errors in the usage evolution and its profile concern the model sets of the scenarios
		for (UsageScenario scenario : scenarios) {
			addedFiles(scenario, modelSets).add(Path.of(usage.file().displayName()));
		}
		XmlElement sequenceElement = target(loadReference);
		if (sequenceElement == null) {
			ReferenceTarget written = ReferenceTarget.parse(loadReference.attribute("href").trim(), loadReference.file());
			if (written.display() != null) {
				scenarios.forEach(scenario -> addedFiles(scenario, modelSets).add(Path.of(written.display())));
			}
			return;
		}
		usedProfiles.add(sequenceElement.file().path());
		for (UsageScenario scenario : scenarios) {
			addedFiles(scenario, modelSets).add(Path.of(sequenceElement.file().displayName()));
		}
		int before = problems.size();
		DlimSequence sequence = sequence(sequenceElement);
		if (problems.size() > before) {
			return;
		}
		boolean repeating = Boolean.parseBoolean(usage.attribute("repeatingPattern"));
		double stepWidth = stepWidth(usage);
		if (Double.isNaN(stepWidth)) {
			return;
		}
		boolean anyClosed = false;
		boolean anyOpen = false;
		for (UsageScenario scenario : scenarios) {
			if (scenario.getWorkload() == null) {
				error(scenarioReference, "usage scenario " + Diagnostic.describe(scenario) + " has no workload");
				continue;
			}
			// an open workload's arrival rate, a closed workload's population (as SimuLizar evolves them)
			anyClosed |= scenario.getWorkload() instanceof ClosedWorkload;
			anyOpen |= scenario.getWorkload() instanceof OpenWorkload;
			LoadProfile profile = PcmFactory.eINSTANCE.createLoadProfile();
			profile.setId(usage.attribute("id"));
			profile.setName(usage.attribute("entityName"));
			profile.setRepeating(repeating);
			profile.setStepWidth(stepWidth);
			profile.setSequence(org.eclipse.emf.ecore.util.EcoreUtil.copy(sequence));
			SourceLocation.attach(profile, usage.file().displayName(), usage.line());
			attachLocations(sequence, profile.getSequence());
			scenario.getWorkload().setLoadProfile(profile);
		}
		if (!repeating) {
			problems.add(at(Severity.WARNING, usage, "repeatingPattern is not set: SimuLizar stretches such a profile"
					+ " over the simulation's maximum time, IOSim runs it in simulated time as written and "
					+ (anyClosed && !anyOpen ? "lets the closed population fall to 0 at its end (each user leaving as it"
							+ " finishes its run)"
							: anyClosed ? "lets no user arrive after its end (a closed population falls to 0 then)"
									: "lets no user arrive after its end")
					+ "; set repeatingPattern=\"true\" to repeat it"));
		}
		String written = usage.attribute("evolutionStepWidth");
		if (written != null && !written.isBlank() && !hasNoise(sequence) && !anyClosed) {
			problems.add(at(Severity.WARNING, usage, "evolutionStepWidth " + ModelFileLimits.shorten(written)
					+ " is not used: IOSim follows the profile's rate at every instant, not in steps (the step width"
					+ " only says how often a profile's noise is drawn, and this profile has none)"));
		}
	}

	/**
	 * SimuLizar's step width: how often the profile is evaluated there, and here how often its noise is
	 * drawn. Not set or 0 means 1, as in SimuLizar.
	 *
	 * @return the width, or NaN after reporting a value that is not a positive finite number
	 */
	private double stepWidth(XmlElement usage) {
		String text = usage.attribute("evolutionStepWidth");
		if (text == null || text.isBlank()) {
			return 1;
		}
		try {
			double width = Double.parseDouble(text.trim());
			if (width == 0) {
				return 1;
			}
			if (width > 0 && width < Double.POSITIVE_INFINITY) {
				return width;
			}
		} catch (NumberFormatException notANumber) {
			// reported below
		}
		error(usage, "evolutionStepWidth is '" + ModelFileLimits.shorten(text) + "', not a positive finite number");
		return Double.NaN;
	}

	private static boolean hasNoise(DlimSequence sequence) {
		for (var contents = sequence.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof DlimNoise) {
				return true;
			}
		}
		return false;
	}

	/** @return the scenario the reference names in every model set built from its usage model */
	private List<UsageScenario> scenarios(XmlElement reference, List<ModelSet> modelSets) {
		XmlElement element = target(reference);
		if (element == null) {
			return List.of();
		}
		String id = element.attribute("id");
		Path usageModel = element.file().path();
		List<UsageScenario> found = new ArrayList<>();
		for (ModelSet set : modelSets) {
			boolean fromThatFile = set.files().stream().anyMatch(file -> file.toAbsolutePath().normalize().equals(usageModel));
			if (!fromThatFile || set.model().getUsageModel() == null) {
				continue;
			}
			set.model().getUsageModel().getScenarios().stream().filter(scenario -> id != null && id.equals(scenario.getId()))
					.forEach(found::add);
		}
		if (found.isEmpty()) {
			error(reference, "reference 'scenario' points to '" + ModelFileLimits.shorten(reference.attribute("href"))
					+ "', which is not a usage scenario of any model set imported (a '" + element.localName()
					+ "' element of " + element.file().displayName() + ")");
		}
		return found;
	}

	/** @return the files the model set of the scenario gains */
	private Set<Path> addedFiles(UsageScenario scenario, List<ModelSet> modelSets) {
		ModelSet set = modelSets.stream().filter(candidate -> candidate.model().getUsageModel() == scenario.eContainer())
				.findFirst().orElseThrow();
		return addedFiles.computeIfAbsent(set.name(), key -> new LinkedHashSet<>());
	}

	/** @return the element an href names, or null after reporting why there is none */
	private XmlElement target(XmlElement reference) {
		String href = reference.attribute("href").trim();
		ReferenceTarget target = ReferenceTarget.parse(href, reference.file());
		XmiFile file;
		switch (target.kind()) {
		case SAME_FILE -> file = reference.file();
		case OTHER_FILE -> {
			file = files.get(target.path(), target.display());
			if (file == null) {
				error(reference, "reference '" + reference.localName() + "' points to '" + ModelFileLimits.shorten(href)
						+ "', but that file cannot be read");
				return null;
			}
		}
		default -> {
			error(reference, "reference '" + reference.localName() + "' points to '" + ModelFileLimits.shorten(href)
					+ "', a location IOSim cannot open");
			return null;
		}
		}
		XmlElement element = file.resolveFragment(target.fragment());
		if (element == null) {
			error(reference, "reference '" + reference.localName() + "' points to '" + ModelFileLimits.shorten(href)
					+ "', which does not exist");
		}
		return element;
	}

	// ------------------------------------------------------------------ DLIM

	private DlimSequence sequence(XmlElement element) {
		if (OLD_DLIM_NAMESPACE.equals(element.file().roots().get(0).namespace())) {
			error(element, "unsupported: the DLIM format of namespace '" + OLD_DLIM_NAMESPACE + "' (WorkLoadSequence);"
					+ " IOSim reads DLIM sequences of '" + DLIM_NAMESPACE + "', as LIMBO and SimuLizar write them today");
			return null;
		}
		String type = element.parent() == null ? element.localName() : element.declaredType();
		if (!DLIM_NAMESPACE.equals(element.file().roots().get(0).namespace()) || !"Sequence".equals(type)) {
			error(element, "the load evolution must be a DLIM Sequence of '" + DLIM_NAMESPACE + "', but "
					+ path(element) + " is " + (type == null ? "'" + element.localName() + "'" : "a '" + type + "'"));
			return null;
		}
		DlimFunction function = function(element);
		return function instanceof DlimSequence sequence ? sequence : null;
	}

	/** @return the function the element describes, or null after reporting why it is not supported */
	private DlimFunction function(XmlElement element) {
		String type = element.parent() == null ? element.localName() : element.declaredType();
		if (type == null) {
			error(element, path(element) + " has no xsi:type naming its kind of function");
			return null;
		}
		PcmFactory factory = PcmFactory.eINSTANCE;
		Fields fields = new Fields(element);
		DlimFunction function = switch (type) {
		case "Sequence" -> {
			DlimSequence sequence = factory.createDlimSequence();
			sequence.setName(fields.text("name"));
			sequence.setTerminateAfterLoops((int) fields.number("terminateAfterLoops", -1, true));
			sequence.setTerminateAfterTime(fields.number("terminateAfterTime", 0, false));
			DERIVED.forEach(fields::ignore);
			yield sequence;
		}
		case "Constant" -> {
			var constant = factory.createDlimConstant();
			constant.setConstant(fields.number("constant", 0, false));
			yield constant;
		}
		case "LinearTrend" -> trend(factory.createDlimLinearTrend(), fields);
		case "ExponentialTrend" -> trend(factory.createDlimExponentialTrend(), fields);
		case "LogarithmicTrend" -> {
			DlimLogarithmicTrend trend = trend(factory.createDlimLogarithmicTrend(), fields);
			trend.setOrder(fields.number("order", 4, false));
			yield trend;
		}
		case "SinTrend" -> trend(factory.createDlimSinTrend(), fields);
		case "Sin" -> sin(factory.createDlimSin(), fields);
		case "AbsoluteSin" -> sin(factory.createDlimAbsoluteSin(), fields);
		case "LinearIncreaseAndDecline" -> burst(factory.createDlimLinearIncreaseAndDecline(), fields);
		case "ExponentialIncreaseAndDecline" -> burst(factory.createDlimExponentialIncreaseAndDecline(), fields);
		case "ExponentialIncreaseLogarithmicDecline" -> {
			DlimExponentialIncreaseLogarithmicDecline burst = burst(
					factory.createDlimExponentialIncreaseLogarithmicDecline(), fields);
			burst.setLogarithmicOrder(fields.number("logarithmicOrder", 4, false));
			yield burst;
		}
		case "UniformNoise" -> {
			DlimUniformNoise noise = factory.createDlimUniformNoise();
			noise.setMin(fields.number("min", 1, false));
			noise.setMax(fields.number("max", 1, false));
			yield noise;
		}
		case "NormalNoise" -> {
			DlimNormalNoise noise = factory.createDlimNormalNoise();
			noise.setMean(fields.number("mean", 1, false));
			noise.setStandardDeviation(fields.number("standardDeviation", 1, false));
			yield noise;
		}
		default -> {
			error(element, "unsupported: " + path(element) + " is a '" + ModelFileLimits.shorten(type) + "'; IOSim"
					+ " evaluates Sequence, Constant, LinearTrend, ExponentialTrend, LogarithmicTrend, SinTrend,"
					+ " Sin, AbsoluteSin, LinearIncreaseAndDecline, ExponentialIncreaseAndDecline,"
					+ " ExponentialIncreaseLogarithmicDecline, UniformNoise and NormalNoise");
			yield null;
		}
		};
		if (function == null) {
			return null;
		}
		SourceLocation.attach(function, element.file().displayName(), element.line());
		for (XmlElement child : element.children()) {
			switch (child.localName()) {
			case "combine" -> combinator(child, function);
			case "sequenceFunctionContainers" -> {
				if (function instanceof DlimSequence sequence) {
					container(child, sequence);
				} else {
					unexpected(child);
				}
			}
			case "referenceClock" -> error(child, "unsupported: reference clocks (" + path(child) + "); IOSim runs"
					+ " every function on the clock of its container");
			default -> unexpected(child);
			}
		}
		fields.rejectOthers();
		return function;
	}

	private <T extends DlimTrend> T trend(T trend, Fields fields) {
		trend.setFunctionOutputAtStart(fields.number("functionOutputAtStart", 0, false));
		trend.setFunctionOutputAtEnd(fields.number("functionOutputAtEnd", 1, false));
		return trend;
	}

	private <T extends DlimSin> T sin(T sin, Fields fields) {
		sin.setMin(fields.number("min", 1, false));
		sin.setMax(fields.number("max", 1, false));
		sin.setPeriod(fields.number("period", 10, false));
		sin.setPhase(fields.number("phase", 0, false));
		return sin;
	}

	private <T extends DlimBurst> T burst(T burst, Fields fields) {
		burst.setPeak(fields.number("peak", 2, false));
		burst.setBase(fields.number("base", 0, false));
		burst.setPeakTime(fields.number("peakTime", 1, false));
		return burst;
	}

	private void container(XmlElement element, DlimSequence sequence) {
		DlimFunctionContainer container = PcmFactory.eINSTANCE.createDlimFunctionContainer();
		SourceLocation.attach(container, element.file().displayName(), element.line());
		Fields fields = new Fields(element);
		container.setName(fields.text("name"));
		container.setDuration(fields.number("duration", 1, false));
		fields.ignore("firstIterationStart");
		fields.ignore("firstIterationEnd");
		String clock = fields.text("pointOfReferenceClockType");
		if (clock != null && !clock.equals("CONTAINERCLOCK")) {
			error(element, "unsupported: pointOfReferenceClockType '" + ModelFileLimits.shorten(clock) + "' of "
					+ path(element) + "; IOSim runs every function on the clock of its container (CONTAINERCLOCK)");
		}
		if (fields.text("pointOfReferenceClockObject") != null) {
			error(element, "unsupported: pointOfReferenceClockObject of " + path(element)
					+ "; IOSim runs every function on the clock of its container");
		}
		fields.rejectOthers();
		for (XmlElement child : element.children()) {
			if (child.localName().equals("function") && container.getFunction() == null) {
				container.setFunction(function(child));
			} else if (child.localName().equals("pointOfReferenceClockObject")) {
				error(child, "unsupported: pointOfReferenceClockObject of " + path(element)
						+ "; IOSim runs every function on the clock of its container");
			} else {
				unexpected(child);
			}
		}
		sequence.getContainers().add(container);
	}

	private void combinator(XmlElement element, DlimFunction owner) {
		DlimCombinator combinator = PcmFactory.eINSTANCE.createDlimCombinator();
		SourceLocation.attach(combinator, element.file().displayName(), element.line());
		Fields fields = new Fields(element);
		String operator = fields.text("operator");
		if (operator == null || operator.equals("ADD")) {
			combinator.setOperator(DlimOperator.ADD);
		} else if (operator.equals("SUB") || operator.equals("SUBTRACT")) {
			combinator.setOperator(DlimOperator.SUB);
		} else if (operator.equals("MULT")) {
			combinator.setOperator(DlimOperator.MULT);
		} else {
			error(element, "operator '" + ModelFileLimits.shorten(operator) + "' of " + path(element)
					+ " is none of ADD, SUB and MULT");
		}
		fields.rejectOthers();
		for (XmlElement child : element.children()) {
			if (child.localName().equals("function") && combinator.getFunction() == null) {
				combinator.setFunction(function(child));
			} else {
				unexpected(child);
			}
		}
		owner.getCombine().add(combinator);
	}

	private void unexpected(XmlElement child) {
		error(child, "unsupported: element '" + child.localName() + "' (" + path(child) + ") of a DLIM model");
	}

	/** Copies the source locations of a parsed sequence onto its copy, element by element. */
	private static void attachLocations(DlimSequence original, DlimSequence copy) {
		var from = original.eAllContents();
		var to = copy.eAllContents();
		SourceLocation.of(original).ifPresent(location -> SourceLocation.attach(copy, location.file(), location.line()));
		while (from.hasNext() && to.hasNext()) {
			var source = from.next();
			var target = to.next();
			SourceLocation.of(source).ifPresent(location -> SourceLocation.attach(target, location.file(), location.line()));
		}
	}

	/** @return e.g. {@code Sequence 'daily'/sequenceFunctionContainers[2]/function}, the element's place in its file */
	static String path(XmlElement element) {
		List<String> segments = new ArrayList<>();
		for (XmlElement current = element; current != null; current = current.parent()) {
			String segment = current.localName();
			String name = current.attribute("name");
			if (current.parent() != null) {
				String localName = current.localName();
				List<XmlElement> same = current.parent().children().stream()
						.filter(child -> child.localName().equals(localName)).toList();
				if (same.size() > 1) {
					segment += "[" + (same.indexOf(current) + 1) + "]";
				}
			}
			if (name != null && !name.isBlank()) {
				segment += " '" + ModelFileLimits.shorten(name) + "'";
			}
			segments.add(0, segment);
		}
		return String.join("/", segments);
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

	private void error(XmlElement element, String message) {
		problems.add(at(Severity.ERROR, element, message));
	}

	private static Diagnostic at(Severity severity, XmlElement element, String message) {
		return Diagnostic.inFile(severity, element.file().displayName(), element.line(), 0, message);
	}

	/** The attributes of one DLIM element: each read once, numbers checked, the rest refused. */
	private final class Fields {
		private final XmlElement element;
		private final Set<String> read = new HashSet<>();

		Fields(XmlElement element) {
			this.element = element;
		}

		void ignore(String name) {
			read.add(name);
		}

		String text(String name) {
			read.add(name);
			return element.attribute(name);
		}

		double number(String name, double absent, boolean whole) {
			String text = text(name);
			if (text == null) {
				return absent;
			}
			try {
				double value = Double.parseDouble(text.trim());
				if (!Double.isFinite(value) || whole && value != Math.rint(value)) {
					throw new NumberFormatException();
				}
				return value;
			} catch (NumberFormatException notANumber) {
				error(element, "attribute '" + name + "' of " + path(element) + " is '" + ModelFileLimits.shorten(text)
						+ "', not a finite " + (whole ? "whole number" : "number"));
				return absent;
			}
		}

		void rejectOthers() {
			for (String name : element.attributes().keySet()) {
				if (!read.contains(name) && !name.startsWith("xmi:") && !name.startsWith("xsi:") && !name.equals("id")) {
					error(element, "unsupported: attribute '" + name + "' of " + path(element));
				}
			}
		}
	}
}
