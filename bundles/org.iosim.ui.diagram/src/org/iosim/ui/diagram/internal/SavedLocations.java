package org.iosim.ui.diagram.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.files.WholeFiles;
import org.iosim.pcm.Identified;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Where the user put the nodes of a viewer's diagrams, by element key, relative to the node's
 * region. One layout file beside a model holds the locations of all its diagrams, each under its
 * diagram's key (the kind, and for a behaviour the id of what is drawn):
 * <pre>{"diagrams": {"SYSTEM": {"assembly.id": {"x": 40.0, "y": 20.0}}, "RDSEFF seff.id": {...}}}</pre>
 * A viewer owns the diagrams of its kind: reading takes those, writing replaces those and keeps the
 * other kinds' entries of the file, which other viewers of the same model write.
 */
public final class SavedLocations {

	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
	private static final String DIAGRAMS = "diagrams";

	private final String kind;
	private final Map<String, Map<String, double[]>> diagrams = new TreeMap<>();
	private String diagramKey;

	/** @param kind the name of the viewer's kind of diagram, which starts the keys of its diagrams */
	public SavedLocations(String kind) {
		this.kind = kind;
		this.diagramKey = kind;
	}

	/** Chooses the diagram that {@link #get} and {@link #put} concern. */
	public void setDiagram(String key) {
		if (!owns(key)) {
			throw new IllegalArgumentException(key + " is not a diagram of kind " + kind);
		}
		diagramKey = key;
	}

	private boolean owns(String key) {
		return key.equals(kind) || key.startsWith(kind + " ");
	}

	/**
	 * The key of an element in a layout file: its id, which survives saving and reading the model
	 * again; an element without an id is named by its path from the model's root.
	 */
	public static String keyOf(EObject element) {
		if (element instanceof Identified identified && identified.getId() != null && !identified.getId().isEmpty()) {
			return identified.getId();
		}
		return EcoreUtil.getRelativeURIFragmentPath(EcoreUtil.getRootContainer(element), element);
	}

	/** Where the user put an element's node in the current diagram; null when ELK places it. */
	public double[] get(EObject element) {
		double[] location = diagrams.getOrDefault(diagramKey, Map.of()).get(keyOf(element));
		return location == null ? null : location.clone();
	}

	/** Sets (a null location: forgets) where the user put an element's node in the current diagram. */
	public void put(EObject element, double[] location) {
		if (location == null) {
			Map<String, double[]> diagram = diagrams.get(diagramKey);
			if (diagram != null) {
				diagram.remove(keyOf(element));
				if (diagram.isEmpty()) {
					diagrams.remove(diagramKey);
				}
			}
		} else {
			diagrams.computeIfAbsent(diagramKey, key -> new TreeMap<>()).put(keyOf(element), location.clone());
		}
	}

	/** Whether the user moved a node of the current diagram. */
	public boolean isEmpty() {
		return !diagrams.containsKey(diagramKey);
	}

	/** A copy of all locations, to restore them with {@link #replaceAll(Map)}. */
	public Map<String, Map<String, double[]>> snapshot() {
		Map<String, Map<String, double[]>> copy = new TreeMap<>();
		diagrams.forEach((key, diagram) -> {
			Map<String, double[]> locations = new TreeMap<>();
			diagram.forEach((element, location) -> locations.put(element, location.clone()));
			copy.put(key, locations);
		});
		return copy;
	}

	public void replaceAll(Map<String, Map<String, double[]>> snapshot) {
		diagrams.clear();
		snapshot.forEach((key, diagram) -> {
			if (!diagram.isEmpty()) {
				Map<String, double[]> locations = new TreeMap<>();
				diagram.forEach((element, location) -> locations.put(element, location.clone()));
				diagrams.put(key, locations);
			}
		});
	}

	/** Reads the locations of this kind's diagrams from a layout file; none when the file does not exist. */
	public void read(Path file) throws IOException {
		Map<String, Map<String, double[]>> read = new TreeMap<>();
		if (Files.exists(file)) {
			for (Iterator<Map.Entry<String, JsonNode>> entries = readFile(file).path(DIAGRAMS).fields(); entries.hasNext();) {
				Map.Entry<String, JsonNode> diagram = entries.next();
				if (owns(diagram.getKey())) {
					read.put(diagram.getKey(), locations(file, diagram.getKey(), diagram.getValue()));
				}
			}
		}
		replaceAll(read);
	}

	private static Map<String, double[]> locations(Path file, String diagramKey, JsonNode diagram) throws IOException {
		Map<String, double[]> locations = new TreeMap<>();
		for (Iterator<Map.Entry<String, JsonNode>> entries = diagram.fields(); entries.hasNext();) {
			Map.Entry<String, JsonNode> entry = entries.next();
			JsonNode x = entry.getValue().get("x");
			JsonNode y = entry.getValue().get("y");
			if (x == null || !x.isNumber() || y == null || !y.isNumber()) {
				throw new IOException(file + ": the location of " + entry.getKey() + " in diagram " + diagramKey
						+ " needs numbers x and y");
			}
			locations.put(entry.getKey(), new double[] { x.asDouble(), y.asDouble() });
		}
		return locations;
	}

	/**
	 * Writes the locations of this kind's diagrams into a layout file, keeping the other kinds'
	 * entries. Creates no file when no node was moved, and deletes the file when nothing is left in it.
	 * The file is written beside and then moved into place, so a failed write leaves the previous one.
	 */
	public void write(Path file) throws IOException {
		ObjectNode root = Files.exists(file) ? readFile(file) : JSON.createObjectNode();
		ObjectNode written = JSON.createObjectNode();
		if (root.get(DIAGRAMS) instanceof ObjectNode previous) {
			previous.fields().forEachRemaining(diagram -> {
				if (!owns(diagram.getKey())) {
					written.set(diagram.getKey(), diagram.getValue());
				}
			});
		}
		diagrams.forEach((key, diagram) -> {
			ObjectNode locations = written.putObject(key);
			diagram.forEach((element, location) -> locations.putObject(element).put("x", location[0]).put("y", location[1]));
		});
		if (written.isEmpty()) {
			Files.deleteIfExists(file);
			return;
		}
		root.set(DIAGRAMS, written);
		WholeFiles.write(file, temporary -> JSON.writeValue(temporary.toFile(), root));
	}

	private static ObjectNode readFile(Path file) throws IOException {
		JsonNode root = JSON.readTree(file.toFile());
		if (!(root instanceof ObjectNode object)) {
			throw new IOException(file + " is not a diagram layout file: it holds no JSON object");
		}
		return object;
	}
}
