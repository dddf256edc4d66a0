package org.iosim.pcm.palladio.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed Palladio model file: its root model elements (several when the file wraps them in
 * {@code xmi:XMI}) and an index of its elements by id, so references into it can be resolved.
 */
final class XmiFile {

	private final Path path;
	private final String displayName;
	private final List<XmlElement> roots = new ArrayList<>();
	private final Map<String, XmlElement> elementsById = new HashMap<>();
	private final Map<XmlElement, ChildIndex> childIndexes = new IdentityHashMap<>();

	XmiFile(Path path, String displayName) {
		this.path = path;
		this.displayName = displayName;
	}

	/** @return the absolute, normalized path; identifies the file */
	Path path() {
		return path;
	}

	/** @return the file as the user named it, or relative to a file the user named */
	String displayName() {
		return displayName;
	}

	List<XmlElement> roots() {
		return Collections.unmodifiableList(roots);
	}

	void addRoot(XmlElement root) {
		roots.add(root);
	}

	void index(XmlElement element) {
		String id = element.attribute("id");
		if (id == null) {
			id = element.attribute("xmi:id");
		}
		if (id != null && !id.isEmpty()) {
			elementsById.putIfAbsent(id, element);
		}
	}

	/**
	 * @param fragment what follows {@code #} in a reference: an id, {@code /} for the first root, or an
	 *                 EMF path such as {@code //@dataTypes__Repository.0}
	 * @return the element, or null if there is none
	 */
	XmlElement resolveFragment(String fragment) {
		if (fragment.isEmpty() || fragment.equals("/")) {
			return roots.isEmpty() ? null : roots.get(0);
		}
		if (fragment.startsWith("/")) {
			return resolvePath(fragment.substring(1).split("/", -1));
		}
		return elementsById.get(fragment);
	}

	private XmlElement resolvePath(String[] segments) {
		int rootIndex;
		try {
			rootIndex = segments[0].isEmpty() ? 0 : Integer.parseInt(segments[0]);
		} catch (NumberFormatException notAnIndex) {
			return null;
		}
		if (rootIndex < 0 || rootIndex >= roots.size()) {
			return null;
		}
		XmlElement current = roots.get(rootIndex);
		for (int i = 1; i < segments.length && current != null; i++) {
			current = child(current, segments[i]);
		}
		return current;
	}

	/**
	 * Follows one path segment {@code @feature.index}. Older PCM versions named some features
	 * differently (e.g. {@code signatures__Interface} for today's {@code signatures__OperationInterface}),
	 * so when no child has the exact name, children whose feature has the same name before the class
	 * suffix are taken.
	 */
	private XmlElement child(XmlElement parent, String segment) {
		if (!segment.startsWith("@")) {
			return null;
		}
		String feature = segment.substring(1);
		int index = 0;
		int dot = feature.lastIndexOf('.');
		if (dot > 0) {
			try {
				index = Integer.parseInt(feature.substring(dot + 1));
				feature = feature.substring(0, dot);
			} catch (NumberFormatException notAnIndex) {
				return null;
			}
		}
		ChildIndex children = childIndexes.computeIfAbsent(parent, ChildIndex::of);
		List<XmlElement> matches = children.byName().getOrDefault(feature, List.of());
		if (matches.isEmpty()) {
			matches = children.byBaseName().getOrDefault(baseName(feature), List.of());
		}
		return index >= 0 && index < matches.size() ? matches.get(index) : null;
	}

	/**
	 * The children of an element by feature name and by the name's part before the class suffix, so
	 * that resolving many references into a large element does not search its children each time.
	 */
	private record ChildIndex(Map<String, List<XmlElement>> byName, Map<String, List<XmlElement>> byBaseName) {

		static ChildIndex of(XmlElement parent) {
			Map<String, List<XmlElement>> byName = new HashMap<>();
			Map<String, List<XmlElement>> byBaseName = new HashMap<>();
			for (XmlElement child : parent.children()) {
				byName.computeIfAbsent(child.localName(), name -> new ArrayList<>()).add(child);
				byBaseName.computeIfAbsent(baseName(child.localName()), name -> new ArrayList<>()).add(child);
			}
			return new ChildIndex(byName, byBaseName);
		}
	}

	private static String baseName(String feature) {
		int underscore = feature.indexOf('_');
		return underscore < 0 ? feature : feature.substring(0, underscore);
	}

	@Override
	public String toString() {
		return displayName;
	}
}
