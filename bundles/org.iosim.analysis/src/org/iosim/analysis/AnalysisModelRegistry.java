package org.iosim.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.iosim.analysis.internal.ExpressionModelKind;
import org.iosim.analysis.internal.StoredModels;
import org.iosim.analysis.internal.QueueModelKind;
import org.iosim.analysis.internal.TableModelKind;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.FeatureConfiguration;

/**
 * The kinds of analysis models available, and the selection of a model by its features (001,
 * Sect. 8.3.4, step 2).
 * <p>
 * Kinds come from three sources, in this order: the built-in kinds {@value #EXPRESSION_KIND},
 * {@value #TABLE_KIND} and {@value #QUEUE_KIND}; providers of {@link IoAnalysisModelKind} found by {@link java.util.ServiceLoader}
 * (on a plain class path: {@code META-INF/services/org.iosim.analysis.IoAnalysisModelKind}); and,
 * when running in Eclipse/OSGi, contributions to the extension point
 * {@value #EXTENSION_POINT_ID} ({@code <kind class="..."/>}). Kind ids are compared ignoring case;
 * a discovered kind whose id is taken already is left out and reported in {@link #problems()}, as
 * is a provider or contribution that cannot be instantiated, so one broken plug-in does not
 * disable the others.
 * <p>
 * A registry is not thread-safe while kinds are being registered; afterwards it may be shared.
 */
public final class AnalysisModelRegistry {

	/** Id of the built-in kind whose delays are formulas over the workload inputs. */
	public static final String EXPRESSION_KIND = ExpressionModelKind.ID;
	/** Id of the built-in kind whose delays are interpolated in a CSV table of measured points. */
	public static final String TABLE_KIND = TableModelKind.ID;
	/** The built-in kind of an FCFS queue embedded in the simulation. */
	public static final String QUEUE_KIND = QueueModelKind.ID;
	/** The extension point through which Eclipse plug-ins contribute kinds. */
	public static final String EXTENSION_POINT_ID = "org.iosim.analysis.modelKinds";

	private final Map<String, IoAnalysisModelKind> kindsById = new LinkedHashMap<>();
	private final List<String> problems = new ArrayList<>();

	/** A registry of the built-in kinds only. */
	public AnalysisModelRegistry() {
		register(new ExpressionModelKind());
		register(new TableModelKind());
		register(new QueueModelKind());
	}

	/**
	 * Discovers kinds anew on every call, so that plug-ins installed meanwhile are seen and callers
	 * that {@link #register} their own kinds do not affect each other.
	 *
	 * @return a registry of the built-in kinds and of those found by {@link java.util.ServiceLoader} and
	 *         through the extension point
	 */
	public static AnalysisModelRegistry standard() {
		AnalysisModelRegistry registry = new AnalysisModelRegistry();
		for (IoAnalysisModelKind kind : Contributions.discover(IoAnalysisModelKind.class, EXTENSION_POINT_ID, "kind",
				registry.problems::add)) {
			registry.addDiscovered(kind);
		}
		return registry;
	}

	private void addDiscovered(IoAnalysisModelKind kind) {
		String source = kind.getClass().getName();
		String id = kind.id();
		if (id == null || id.isBlank()) {
			problems.add(source + " has no id and is left out");
			return;
		}
		IoAnalysisModelKind existing = kindsById.get(key(id));
		if (existing != null) {
			problems.add(source + " is left out: the id '" + id
					+ "' is taken by " + existing.getClass().getName());
			return;
		}
		kindsById.put(key(id), kind);
	}

	private static String key(String id) {
		return id.strip().toLowerCase(Locale.ROOT);
	}

	/**
	 * @param kind a kind to offer
	 * @return this registry
	 * @throws IllegalArgumentException if the kind's id is blank or taken
	 */
	public AnalysisModelRegistry register(IoAnalysisModelKind kind) {
		Objects.requireNonNull(kind, "kind");
		String id = kind.id();
		if (id == null || id.isBlank()) {
			throw new IllegalArgumentException(kind.getClass().getName() + " has no id");
		}
		IoAnalysisModelKind existing = kindsById.putIfAbsent(key(id), kind);
		if (existing != null) {
			throw new IllegalArgumentException("the analysis model kind id '" + id + "' is taken by "
					+ existing.getClass().getName());
		}
		return this;
	}

	/** @return the kinds, built-in ones first, then in the order they were found or registered */
	public List<IoAnalysisModelKind> kinds() {
		return List.copyOf(kindsById.values());
	}

	/** @return the kind with this id, ignoring case, or empty */
	public Optional<IoAnalysisModelKind> kind(String id) {
		Objects.requireNonNull(id, "id");
		return Optional.ofNullable(kindsById.get(key(id)));
	}

	/** @return why discovered kinds were left out, one message each; empty if none were */
	public List<String> problems() {
		return List.copyOf(problems);
	}

	/**
	 * Creates a model for predictions outside a simulation ({@link ModelContext#outsideSimulation()}).
	 *
	 * @see #create(ModelDefinition, ModelContext)
	 */
	public IoAnalysisModel create(ModelDefinition definition) throws AnalysisModelException {
		return create(definition, ModelContext.outsideSimulation());
	}

	/**
	 * @param definition the model to create
	 * @param context    the random stream and clock of the run the model serves
	 * @return the model, {@link IoAnalysisModel#validated validated} under the definition's name
	 * @throws AnalysisModelException if the kind is unknown or the kind cannot create the model
	 */
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		Objects.requireNonNull(definition, "definition");
		Objects.requireNonNull(context, "context");
		IoAnalysisModelKind kind = kind(definition.kind()).orElseThrow(() -> new AnalysisModelException(
				"analysis model '" + FileProblems.excerpt(definition.name()) + "': unknown kind '"
						+ FileProblems.excerpt(definition.kind()) + "'; known kinds: "
						+ kindsById.values().stream().map(IoAnalysisModelKind::id).collect(Collectors.joining(", "))
						+ (problems.isEmpty() ? "" : "; left out: " + String.join("; ", problems))));
		IoAnalysisModel model;
		try {
			model = kind.create(definition, context);
		} catch (RuntimeException e) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': kind '" + kind.id()
					+ "' failed to create it: " + (e.getMessage() == null ? "an error in the kind" : e.getMessage()), e);
		}
		if (model == null) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': kind '" + kind.id()
					+ "' created no model");
		}
		return IoAnalysisModel.validated(definition.name(), model);
	}

	/** How many of the known file sets a message lists before it says how many more there are. */
	private static final int FILE_SETS_LISTED = 20;

	/**
	 * Checks the file sets that a definition's parameters name, as its kind declares in
	 * {@link IoAnalysisModelKind#perFileSetParameters()}, against the file sets there are.
	 *
	 * @param definition a definition, e.g. of an I/O configuration
	 * @param fileSets   the names of the file sets of the I/O configuration the definition serves
	 * @return one message per parameter that names a file set not among {@code fileSets}, naming the
	 *         model, the parameter and the file sets there are; empty if there is none or the kind is
	 *         unknown (then {@link #create} says so)
	 */
	public List<String> unknownFileSets(ModelDefinition definition, Collection<String> fileSets) {
		Objects.requireNonNull(definition, "definition");
		Objects.requireNonNull(fileSets, "fileSets");
		Optional<IoAnalysisModelKind> kind = kind(definition.kind());
		if (kind.isEmpty()) {
			return List.of();
		}
		Set<String> perFileSet = kind.get().perFileSetParameters();
		List<String> problems = new ArrayList<>();
		// sorted, so that the messages come in the same order whatever order the file held the parameters in
		for (String parameter : new TreeSet<>(definition.parameters().keySet())) {
			ModelDefinition.fileSetNamedBy(parameter, perFileSet).filter(fileSet -> !fileSets.contains(fileSet))
					.ifPresent(fileSet -> problems.add("analysis model '" + FileProblems.excerpt(definition.name())
							+ "' (kind '" + kind.get().id() + "'): parameter '" + FileProblems.excerpt(parameter)
							+ "' names file set '" + FileProblems.excerpt(fileSet)
							+ "', which the I/O configuration does not have (" + describeFileSets(fileSets) + ")"));
		}
		return problems;
	}

	private static String describeFileSets(Collection<String> fileSets) {
		if (fileSets.isEmpty()) {
			return "it has no file sets";
		}
		List<String> sorted = new ArrayList<>(new TreeSet<>(fileSets));
		String listed = sorted.stream().limit(FILE_SETS_LISTED).map(name -> "'" + FileProblems.excerpt(name) + "'")
				.collect(Collectors.joining(", "));
		int more = sorted.size() - FILE_SETS_LISTED;
		return "its file sets: " + listed + (more > 0 ? " and " + more + " more" : "");
	}

	/**
	 * Chooses the model for a feature configuration, by {@link Features#matches}.
	 *
	 * @param candidates the models to choose from, e.g. {@link #loadStored stored} ones
	 * @param requested  the static I/O information of the system to simulate
	 * @return the only candidate that matches
	 * @throws AnalysisModelException if none matches (the message lists the candidates and their
	 *                                features) or several do (the message starts with
	 *                                "ambiguous" and names them; set
	 *                                the requested {@code modelReference} to choose)
	 */
	public ModelDefinition select(List<ModelDefinition> candidates, FeatureConfiguration requested)
			throws AnalysisModelException {
		Objects.requireNonNull(candidates, "candidates");
		List<ModelDefinition> matching = candidates.stream()
				.filter(candidate -> Features.matches(requested, candidate)).toList();
		if (matching.size() == 1) {
			return matching.get(0);
		}
		if (matching.isEmpty()) {
			throw new AnalysisModelException("no analysis model matches the requested features ("
					+ Features.describe(requested) + "); " + (candidates.isEmpty() ? "there are no candidates"
							: "candidates: " + describe(candidates)));
		}
		throw new AnalysisModelException("ambiguous: " + matching.size()
				+ " analysis models match the requested features (" + Features.describe(requested) + "): "
				+ describe(matching) + "; request more features or name one as modelReference");
	}

	private static String describe(List<ModelDefinition> definitions) {
		return definitions.stream()
				.map(definition -> "'" + definition.name() + "' (" + definition.kind() + "; "
						+ Features.describe(definition.features()) + ")")
				.collect(Collectors.joining(", "));
	}

	/**
	 * Reads stored model definitions, one JSON object per {@code *.json} file in a folder:
	 *
	 * <pre>
	 * {"name": "ffsb-formula", "kind": "expression",
	 *  "features": {"systemUnderStudy": "System z", "virtualization": "z/VM",
	 *               "ioScheduler": "CFQ", "fileSystem": "ext4", "formalism": "formula"},
	 *  "parameters": {"delay": "0.002 + 0.0005 * concurrency"}}
	 * </pre>
	 *
	 * {@code name} and {@code kind} are required, {@code features} and each feature optional;
	 * parameter values may be strings, numbers or booleans and are kept as text; unknown keys are
	 * errors. Relative paths in parameters resolve against the folder. Sub-folders are not read.
	 *
	 * @param folder the folder
	 * @return the definitions in file name order
	 * @throws AnalysisModelException naming the file and the problem, if the folder cannot be
	 *                                read, a file is not valid JSON or not a valid definition, or
	 *                                two files define the same name
	 */
	public static List<ModelDefinition> loadStored(Path folder) throws AnalysisModelException {
		Objects.requireNonNull(folder, "folder");
		return StoredModels.load(folder);
	}
}
