package org.iosim.pcm.validation;

import java.util.Objects;
import java.util.Optional;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.EObject;

/**
 * Where a model element was read from: the file (as the user named it) and, where known, the line.
 * Kept as an EMF adapter so it travels with the element without being part of the model (it is not
 * saved, copied or compared).
 */
public final class SourceLocation extends AdapterImpl {

	private final String file;
	private final int line;

	private SourceLocation(String file, int line) {
		this.file = Objects.requireNonNull(file, "file");
		this.line = line;
	}

	/**
	 * Records that {@code element} was read from {@code file} at {@code line} (0 if unknown),
	 * replacing an earlier record.
	 */
	public static void attach(EObject element, String file, int line) {
		element.eAdapters().removeIf(SourceLocation.class::isInstance);
		element.eAdapters().add(new SourceLocation(file, line));
	}

	/** @return the location recorded on the element or, failing that, on its nearest container that has one */
	public static Optional<SourceLocation> of(EObject element) {
		for (EObject current = element; current != null; current = current.eContainer()) {
			for (Adapter adapter : current.eAdapters()) {
				if (adapter instanceof SourceLocation location) {
					return Optional.of(location);
				}
			}
		}
		return Optional.empty();
	}

	public String file() {
		return file;
	}

	/** @return the 1-based line, 0 if unknown */
	public int line() {
		return line;
	}

	@Override
	public boolean isAdapterForType(Object type) {
		return type == SourceLocation.class;
	}

	@Override
	public String toString() {
		return line > 0 ? file + ":" + line : file;
	}
}
