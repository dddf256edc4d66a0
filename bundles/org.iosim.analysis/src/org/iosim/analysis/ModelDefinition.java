package org.iosim.analysis;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FeatureConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.ModelParameter;

/**
 * A configured analysis model: which kind creates it, the features it was built for, and the
 * kind's parameters as text.
 *
 * @param name          unique name, e.g. {@code ffsb-mars}; a feature configuration's
 *                      {@code modelReference} refers to it
 * @param kind          id of the {@link IoAnalysisModelKind} that creates the model
 * @param features      the static I/O information the model is valid for (not changed by IOSim)
 * @param parameters    the kind's parameters (copied)
 * @param baseDirectory where files named by relative paths in parameters are found, e.g. the
 *                      folder of the stored definition
 */
public record ModelDefinition(String name, String kind, FeatureConfiguration features, Map<String, String> parameters,
		Path baseDirectory) {

	/** @throws IllegalArgumentException if the name or kind is blank */
	public ModelDefinition {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(features, "features");
		Objects.requireNonNull(baseDirectory, "baseDirectory");
		if (name.isBlank()) {
			throw new IllegalArgumentException("an analysis model needs a name");
		}
		if (kind.isBlank()) {
			throw new IllegalArgumentException("analysis model '" + name + "' needs a kind");
		}
		parameters = Map.copyOf(parameters);
	}

	/** A definition whose relative paths resolve against the working directory. */
	public ModelDefinition(String name, String kind, FeatureConfiguration features, Map<String, String> parameters) {
		this(name, kind, features, parameters, Path.of(""));
	}

	/** @return the parameter's value, or empty if it is not given */
	public Optional<String> parameter(String parameterName) {
		return Optional.ofNullable(parameters.get(parameterName));
	}

	/*
	 * How a kind reads its parameters, so that every kind checks them alike and says the same of a
	 * wrong one: the model's name, the parameter, what it must be, and an excerpt of what it is.
	 */

	/** Rejects parameters the kind does not know, since a misspelt one would otherwise be ignored silently. */
	public void requireOnly(Set<String> known) throws AnalysisModelException {
		requireOnly(known, Set.of());
	}

	/**
	 * Rejects parameters the kind does not know, since a misspelt one would otherwise be ignored silently.
	 *
	 * @param perFileSet parameters a file set may have its own of, as NAME.FILESET (see
	 *                   {@link #fileSetNamedBy}); which file sets there are is the analysis binding's check
	 */
	public void requireOnly(Set<String> known, Set<String> perFileSet) throws AnalysisModelException {
		Set<String> unknown = new TreeSet<>();
		for (String parameter : parameters.keySet()) {
			if (!known.contains(parameter) && fileSetNamedBy(parameter, perFileSet).isEmpty()) {
				unknown.add(parameter);
			}
		}
		if (!unknown.isEmpty()) {
			throw new AnalysisModelException("analysis model '" + name + "' of kind '" + kind + "': unknown parameter"
					+ (unknown.size() == 1 ? " " : "s ")
					+ String.join(", ", unknown.stream().map(unknownName -> "'" + FileProblems.excerpt(unknownName) + "'").toList())
					+ "; known parameters: " + String.join(", ", new TreeSet<>(known))
					+ (perFileSet.isEmpty() ? "" : ", and for one file set: " + String.join(", ",
							new TreeSet<>(perFileSet).stream().map(perName -> perName + ".FILESET").toList())));
		}
	}

	/** @return the parameter's value, which must be given and not blank */
	public String required(String parameterName) throws AnalysisModelException {
		return required(parameterName, null);
	}

	/**
	 * @param whatItIs what the value names, e.g. "a volume file", for the message when it is missing; or null
	 * @return the parameter's value, which must be given and not blank
	 */
	public String required(String parameterName, String whatItIs) throws AnalysisModelException {
		String value = parameters.get(parameterName);
		if (value == null || value.isBlank()) {
			throw new AnalysisModelException("analysis model '" + name + "' of kind '" + kind + "' needs the parameter '"
					+ parameterName + "'" + (whatItIs == null ? "" : " (" + whatItIs + ")"));
		}
		return value;
	}

	/**
	 * @param otherwise the value when the parameter is not given
	 * @param atLeast   the smallest value allowed, {@link Double#NEGATIVE_INFINITY} for any finite number
	 * @return the parameter as a finite number of at least {@code atLeast}
	 */
	public double number(String parameterName, double otherwise, double atLeast) throws AnalysisModelException {
		String text = parameters.get(parameterName);
		if (text == null) {
			return otherwise;
		}
		double value;
		try {
			value = Double.parseDouble(text.strip());
		} catch (NumberFormatException notANumber) {
			value = Double.NaN;
		}
		if (!Double.isFinite(value) || value < atLeast) {
			throw wrong(parameterName, "a finite number" + (atLeast == Double.NEGATIVE_INFINITY ? "" : " of at least "
					+ (atLeast == Math.rint(atLeast) ? Long.toString((long) atLeast) : Double.toString(atLeast))), text);
		}
		return value;
	}

	/**
	 * @param otherwise the value when the parameter is not given
	 * @return the parameter as a whole number of at least {@code atLeast}
	 */
	public int wholeNumber(String parameterName, int otherwise, int atLeast) throws AnalysisModelException {
		String text = parameters.get(parameterName);
		if (text == null) {
			return otherwise;
		}
		try {
			int value = Integer.parseInt(text.strip());
			if (value >= atLeast) {
				return value;
			}
		} catch (NumberFormatException notAWholeNumber) {
			// named below
		}
		throw wrong(parameterName, "a whole number of at least " + atLeast, text);
	}

	/**
	 * @param otherwise the value when the parameter is not given
	 * @return the parameter, which must be {@code true} or {@code false}
	 */
	public boolean bool(String parameterName, boolean otherwise) throws AnalysisModelException {
		String text = parameters.get(parameterName);
		if (text == null) {
			return otherwise;
		}
		return switch (text.strip()) {
			case "true" -> true;
			case "false" -> false;
			default -> throw wrong(parameterName, "true or false", text);
		};
	}

	/**
	 * @param perFileSetParameters the parameters a kind lets each file set have its own of, as
	 *                             NAME.FILESET ({@link IoAnalysisModelKind#perFileSetParameters()})
	 * @return the file set the parameter names, or empty if it is none of those ({@code NAME.} alone names none)
	 */
	public static Optional<String> fileSetNamedBy(String parameter, Collection<String> perFileSetParameters) {
		for (String name : perFileSetParameters) {
			String prefix = name + ".";
			if (parameter.startsWith(prefix) && parameter.length() > prefix.length()) {
				return Optional.of(parameter.substring(prefix.length()));
			}
		}
		return Optional.empty();
	}

	private AnalysisModelException wrong(String parameterName, String mustBe, String text) {
		return new AnalysisModelException("analysis model '" + name + "': parameter '" + FileProblems.excerpt(parameterName)
				+ "' must be " + mustBe + ", not '" + FileProblems.excerpt(text) + "'");
	}

	/**
	 * @param element        an analysis model definition of an I/O configuration or a refined model
	 * @param configFolder   the folder of the configuration file, for a definition that does not
	 *                       name its own {@code baseDirectory} or names one relative to it
	 * @return the definition as analysis model kinds read it
	 * @throws IllegalArgumentException if the name or kind is missing
	 */
	public static ModelDefinition of(AnalysisModelDefinition element, Path configFolder) {
		Map<String, String> parameters = new LinkedHashMap<>();
		for (ModelParameter parameter : element.getParameters()) {
			parameters.put(String.valueOf(parameter.getName()), String.valueOf(parameter.getValue()));
		}
		if (element.getName() == null) {
			throw new IllegalArgumentException("an analysis model needs a name");
		}
		if (element.getKind() == null) {
			throw new IllegalArgumentException("analysis model '" + element.getName() + "' needs a kind");
		}
		// unset is the configuration's folder, and a relative one is relative to it, as the metamodel says
		Path base = element.getBaseDirectory() == null ? configFolder : configFolder.resolve(element.getBaseDirectory());
		return new ModelDefinition(element.getName(), element.getKind(),
				element.getFeatures() == null ? Features.any() : element.getFeatures(), parameters, base);
	}

	/**
	 * @return this definition as an element of the I/O metamodel, e.g. to put a stored model into a
	 *         refined model; its base directory is absolute, so the model may be saved anywhere
	 */
	public AnalysisModelDefinition toElement() {
		AnalysisModelDefinition element = IoFactory.eINSTANCE.createAnalysisModelDefinition();
		element.setName(name);
		element.setKind(kind);
		element.setFeatures(EcoreUtil.copy(features));
		parameters.forEach((parameterName, value) -> {
			ModelParameter parameter = IoFactory.eINSTANCE.createModelParameter();
			parameter.setName(parameterName);
			parameter.setValue(value);
			element.getParameters().add(parameter);
		});
		element.setBaseDirectory(baseDirectory.toAbsolutePath().normalize().toString());
		return element;
	}

	/** @return {@code file} resolved against {@link #baseDirectory()}; absolute paths stay as they are */
	public Path resolve(String file) {
		return baseDirectory.resolve(file);
	}
}
