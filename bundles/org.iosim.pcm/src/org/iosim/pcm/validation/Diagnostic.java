package org.iosim.pcm.validation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Entity;
import org.iosim.pcm.Identified;
import org.iosim.pcm.ResourceDemandingSeff;

/**
 * A problem found while reading or validating a model, with enough context for a user to find the
 * element: the file it came from, its line where known, the path of named ancestors, its type, name
 * and id. Parts that are unknown are {@code null} (or 0 for line and column) and left out of
 * {@link #format()}.
 *
 * @param severity    whether the model can still be used
 * @param file        the file as the user named it (or relative to a file the user named)
 * @param line        1-based line in {@code file}, 0 if unknown
 * @param column      1-based column in {@code line}, 0 if unknown
 * @param elementPath names of the element's named ancestors and its own, joined by {@code /}, e.g.
 *                    {@code AComponent/do/compute}
 * @param elementType the element's metamodel class, e.g. {@code InternalAction}
 * @param elementName the element's name
 * @param elementId   the element's id
 * @param message     what is wrong
 * @param rule        the validation rule that found it, or null for a problem found elsewhere (reading a
 *                    file, compiling a model)
 */
public record Diagnostic(Severity severity, String file, int line, int column, String elementPath,
		String elementType, String elementName, String elementId, String message, ValidationRule rule) {

	public enum Severity {
		ERROR, WARNING
	}

	public Diagnostic {
		Objects.requireNonNull(severity, "severity");
		Objects.requireNonNull(message, "message");
	}

	/** A diagnostic no validation rule found. */
	public Diagnostic(Severity severity, String file, int line, int column, String elementPath, String elementType,
			String elementName, String elementId, String message) {
		this(severity, file, line, column, elementPath, elementType, elementName, elementId, message, null);
	}

	/** A diagnostic without line and column. */
	public Diagnostic(Severity severity, String file, String elementPath, String elementType, String elementName,
			String elementId, String message) {
		this(severity, file, 0, 0, elementPath, elementType, elementName, elementId, message);
	}

	/** A problem with a whole file (e.g. unreadable), or at a position in it (e.g. malformed XML). */
	public static Diagnostic inFile(Severity severity, String file, int line, int column, String message) {
		return new Diagnostic(severity, file, line, column, null, null, null, null, message);
	}

	/**
	 * A problem with a model element; file and line come from the nearest {@link SourceLocation} of the
	 * element or its containers (so the line may be that of a container).
	 */
	public static Diagnostic of(Severity severity, EObject element, String message) {
		return of(null, severity, element, message);
	}

	/** A problem a validation rule found with a model element, located as {@link #of(Severity, EObject, String)} says. */
	public static Diagnostic of(ValidationRule rule, Severity severity, EObject element, String message) {
		SourceLocation location = SourceLocation.of(element).orElse(null);
		String file = location == null ? null : location.file();
		int line = location == null ? 0 : location.line();
		String name = nameOf(element);
		String id = element instanceof Identified identified ? blankToNull(identified.getId()) : null;
		return new Diagnostic(severity, file, line, 0, pathOf(element), element.eClass().getName(), name, id,
				message, rule);
	}

	public static Diagnostic error(EObject element, String message) {
		return of(Severity.ERROR, element, message);
	}

	public static Diagnostic warning(EObject element, String message) {
		return of(Severity.WARNING, element, message);
	}

	/** Characters of a model text (an expression, a name) quoted in a message. */
	public static final int QUOTED_LENGTH = 80;

	/**
	 * @return the text as messages quote it: whole when short, else its beginning and its length, so
	 *         that a huge expression does not make a huge message
	 */
	public static String excerpt(String text) {
		if (text == null || text.length() <= QUOTED_LENGTH) {
			return text;
		}
		return text.substring(0, QUOTED_LENGTH - 1) + "… (" + String.format(java.util.Locale.ROOT, "%,d", text.length())
				+ " characters)";
	}

	public boolean isError() {
		return severity == Severity.ERROR;
	}

	/**
	 * @return {@code FILE: PATH (TYPE 'NAME', ID): MESSAGE}, with {@code line L, column C} after the
	 *         file where known, and unknown parts left out
	 */
	public String format() {
		String where = where();
		return where.isEmpty() ? message : where + ": " + message;
	}

	/**
	 * @return where the problem is, as in {@link #format()} without the message, e.g.
	 *         {@code shop.repository: line 29: Catalog/find/query (InternalAction 'query', q1)}
	 */
	public String where() {
		StringBuilder text = new StringBuilder();
		if (file != null) {
			text.append(file);
		}
		if (line > 0) {
			text.append(text.isEmpty() ? "" : ": ").append("line ").append(line);
			if (column > 0) {
				text.append(", column ").append(column);
			}
		}
		String element = describeElement();
		if (!element.isEmpty()) {
			text.append(text.isEmpty() ? "" : ": ").append(element);
		}
		return text.toString();
	}

	/**
	 * @return an element a message mentions besides the one it is about, by type, name and id, e.g.
	 *         {@code BasicComponent 'Server' (_x1)}
	 */
	public static String describe(EObject element) {
		StringBuilder text = new StringBuilder(element.eClass().getName());
		String name = nameOf(element);
		if (name != null) {
			text.append(" '").append(name).append('\'');
		}
		if (element instanceof Identified identified && blankToNull(identified.getId()) != null) {
			text.append(" (").append(identified.getId()).append(')');
		}
		return text.toString();
	}

	/** @return where an element is, as {@link #where()} says it, e.g. for messages of later stages */
	public static String where(EObject element) {
		return of(Severity.ERROR, element, "").where();
	}

	@Override
	public String toString() {
		return format();
	}

	private String describeElement() {
		StringBuilder text = new StringBuilder();
		if (elementPath != null && !elementPath.isEmpty()) {
			text.append(elementPath);
		}
		if (elementType != null) {
			if (!text.isEmpty()) {
				text.append(' ');
			}
			text.append('(').append(elementType);
			if (elementName != null) {
				text.append(" '").append(elementName).append('\'');
			}
			if (elementId != null) {
				text.append(", ").append(elementId);
			}
			text.append(')');
		}
		return text.toString();
	}

	/**
	 * Names of the element and its named ancestors below the top-level model parts (repository,
	 * system, ...), whose file already identifies them. A SEFF is named after the service it describes.
	 */
	static String pathOf(EObject element) {
		Deque<String> names = new ArrayDeque<>();
		for (EObject current = element; current != null; current = current.eContainer()) {
			boolean topLevel = current.eContainer() == null || current.eContainer() instanceof ArchitectureModel;
			if (topLevel && current != element) {
				break;
			}
			String label = labelOf(current);
			if (label != null) {
				names.addFirst(label);
			}
		}
		return String.join("/", names);
	}

	private static String labelOf(EObject element) {
		if (element instanceof ArchitectureModel) {
			return null;
		}
		if (element instanceof ResourceDemandingSeff seff && seff.getDescribedService() != null) {
			return blankToNull(seff.getDescribedService().getName());
		}
		return nameOf(element);
	}

	/**
	 * @return the element's name: an {@link Entity}'s, or the {@code name} attribute other classes
	 *         have (a resource demanding internal behaviour, the I/O extension's storages and file
	 *         sets); null if it has none
	 */
	static String nameOf(EObject element) {
		if (element instanceof Entity entity) {
			return blankToNull(entity.getName());
		}
		EStructuralFeature name = element.eClass().getEStructuralFeature("name");
		return name != null && element.eGet(name) instanceof String text ? blankToNull(text) : null;
	}

	private static String blankToNull(String text) {
		return text == null || text.isBlank() ? null : text;
	}
}
