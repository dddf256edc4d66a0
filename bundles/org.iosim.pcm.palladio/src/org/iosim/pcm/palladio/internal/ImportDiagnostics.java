package org.iosim.pcm.palladio.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.SourceLocation;

/**
 * The diagnostics of importing one model set. They are put into words only when the model is
 * complete: while a file is converted, an element is not yet inside its parents, so the path of
 * named ancestors is not known. Unsupported constructs are reported once per file and construct,
 * at their first occurrence with a count, so that e.g. a reliability annotation on every action
 * does not bury the other messages. At most {@link ModelFileLimits#MAX_LISTED_PROBLEMS} problems
 * are listed per file and the rest counted; only the texts listed are put together.
 */
final class ImportDiagnostics {

	/** Something to report, put into words by {@link #toDiagnostic()} once the model is complete. */
	private sealed interface Entry permits Ready, Finding, Occurrences {
		Diagnostic toDiagnostic();

		Severity severity();

		/** @return the file the problem is in, as diagnostics name it, or null if unknown */
		String file();
	}

	/** A diagnostic already in words, e.g. about a whole file. */
	private record Ready(Diagnostic diagnostic) implements Entry {
		@Override
		public Diagnostic toDiagnostic() {
			return diagnostic;
		}

		@Override
		public Severity severity() {
			return diagnostic.severity();
		}

		@Override
		public String file() {
			return diagnostic.file();
		}
	}

	/** A problem with {@code owner} (may be null for problems of an element not imported) at {@code where}. */
	private record Finding(Severity severity, EObject owner, XmlElement where, String message) implements Entry {
		@Override
		public Diagnostic toDiagnostic() {
			return at(severity, owner, where, message);
		}

		@Override
		public String file() {
			return where != null ? where.file().displayName()
					: SourceLocation.of(owner).map(SourceLocation::file).orElse(null);
		}
	}

	/** The first occurrence of a construct reported once per file, and how often it occurs there. */
	private static final class Occurrences implements Entry {
		private final Finding first;
		private int count = 1;

		Occurrences(Finding first) {
			this.first = first;
		}

		@Override
		public Diagnostic toDiagnostic() {
			String suffix = count == 1 ? "" : " (" + count + " occurrences in this file; this is the first)";
			return at(first.severity(), first.owner(), first.where(), first.message() + suffix);
		}

		@Override
		public Severity severity() {
			return first.severity();
		}

		@Override
		public String file() {
			return first.file();
		}
	}

	private final List<Entry> entries = new ArrayList<>();
	private final Map<String, Occurrences> reportedOnce = new LinkedHashMap<>();

	void error(EObject owner, XmlElement where, String message) {
		entries.add(new Finding(Severity.ERROR, owner, where, message));
	}

	void warning(EObject owner, XmlElement where, String message) {
		entries.add(new Finding(Severity.WARNING, owner, where, message));
	}

	void add(Diagnostic diagnostic) {
		entries.add(new Ready(diagnostic));
	}

	/**
	 * @param construct names the construct, e.g. {@code internalFailureOccurrenceDescriptions__InternalAction};
	 *                  occurrences of the same construct in the same file are reported together
	 * @param message   the text after {@code unsupported: }
	 */
	void unsupported(Severity severity, EObject owner, XmlElement where, String construct, String message) {
		once(severity, owner, where, construct, "unsupported: " + message);
	}

	/**
	 * Reports something about a construct once per file, at its first occurrence with a count (e.g.
	 * how a construct IOSim maps onto its own is simulated).
	 *
	 * @param construct names the construct; occurrences of the same construct in the same file are
	 *                  reported together
	 */
	void once(Severity severity, EObject owner, XmlElement where, String construct, String message) {
		String key = severity + "|" + where.file().displayName() + "|" + construct;
		Occurrences occurrences = reportedOnce.get(key);
		if (occurrences == null) {
			Occurrences first = new Occurrences(new Finding(severity, owner, where, message));
			reportedOnce.put(key, first);
			entries.add(first);
		} else {
			occurrences.count++;
		}
	}

	/**
	 * @return the diagnostics in the order found, the first {@link ModelFileLimits#MAX_LISTED_PROBLEMS}
	 *         of each file, followed by how many more each file has; call once the model is complete
	 */
	List<Diagnostic> all() {
		List<Diagnostic> listed = new ArrayList<>();
		Map<String, Integer> foundPerFile = new LinkedHashMap<>();
		Map<String, Severity> worstNotListed = new LinkedHashMap<>();
		for (Entry entry : entries) {
			if (foundPerFile.merge(entry.file(), 1, Integer::sum) <= ModelFileLimits.MAX_LISTED_PROBLEMS) {
				listed.add(entry.toDiagnostic());
			} else {
				worstNotListed.merge(entry.file(), entry.severity(),
						(one, other) -> one == Severity.ERROR ? one : other);
			}
		}
		worstNotListed.forEach((file, severity) -> listed
				.add(ModelFileLimits.notListed(severity, file, foundPerFile.get(file))));
		return listed;
	}

	/** A diagnostic about {@code owner} (may be null) at the position of {@code where} in its file. */
	static Diagnostic at(Severity severity, EObject owner, XmlElement where, String message) {
		if (owner == null) {
			return Diagnostic.inFile(severity, where.file().displayName(), where.line(), 0, message);
		}
		Diagnostic about = Diagnostic.of(severity, owner, message);
		if (where == null) {
			return about;
		}
		return new Diagnostic(severity, where.file().displayName(), where.line(), 0, about.elementPath(),
				about.elementType(), about.elementName(), about.elementId(), message);
	}
}
