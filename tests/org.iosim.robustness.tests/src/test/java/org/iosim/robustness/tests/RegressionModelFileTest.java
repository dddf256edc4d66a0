package org.iosim.robustness.tests;

import static org.iosim.robustness.tests.RegressionInputChecks.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Loading a stored regression model ({@link StoredModel#load}) from any bytes and from models of every
 * technique with their JSON changed: a model or a {@link DataFormatException} naming the file, nothing
 * else. A model that loads predicts a row, or says with a {@link RegressionInputException} why its
 * stored structure cannot.
 */
class RegressionModelFileTest {

	private static final ObjectMapper JSON = new ObjectMapper();
	private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
	/** A model of every technique, fitted on small data and saved as 'iosim regression fit' saves it. */
	private static final List<String> STORED = storedModels();

	@Property(seed = "8201")
	void anyBytesLoadOrAreExplained(@ForAll @Size(max = 400) byte[] content) {
		loadsOrExplains(content);
	}

	@Property(seed = "8202")
	void changedJsonOfEveryTechniqueLoadsOrIsExplained(@ForAll("changedModels") String json) {
		loadsOrExplains(json.getBytes(StandardCharsets.UTF_8));
	}

	@Property(seed = "8203")
	void changedTextOfEveryTechniqueLoadsOrIsExplained(@ForAll("changedModelTexts") byte[] content) {
		loadsOrExplains(content);
	}

	@Provide
	Arbitrary<String> changedModels() {
		return Arbitraries.randomValue(random -> {
			JsonNode root = parse(STORED.get(random.nextInt(STORED.size())));
			int changes = 1 + random.nextInt(3);
			for (int change = 0; change < changes; change++) {
				change(root, random);
			}
			return root.toString();
		});
	}

	@Provide
	Arbitrary<byte[]> changedModelTexts() {
		return Arbitraries.randomValue(random -> {
			byte[] text = STORED.get(random.nextInt(STORED.size())).getBytes(StandardCharsets.UTF_8);
			int at = random.nextInt(text.length);
			return switch (random.nextInt(4)) {
			case 0 -> java.util.Arrays.copyOf(text, at);
			case 1 -> {
				text[at] = (byte) random.nextInt(256);
				yield text;
			}
			case 2 -> new String(text, StandardCharsets.UTF_8)
					.replaceFirst("(?<=: )-?[0-9][0-9.E-]*", pick(random, "1e999", "-1e999", "1" + "0".repeat(400), "NaN",
							"-0", "01", "1.", "\"1\"", "null", "[]", "true"))
					.getBytes(StandardCharsets.UTF_8);
			default -> (new String(text, StandardCharsets.UTF_8) + pick(random, "{}", "x", "\n\n", "]", "// end"))
					.getBytes(StandardCharsets.UTF_8);
			};
		});
	}

	private static void loadsOrExplains(byte[] content) {
		Path file = RegressionInputChecks.file("model.json", content);
		StoredModel model = RegressionInputChecks.readsOrExplains(file, () -> StoredModel.load(file),
				DataFormatException.class);
		if (model == null) {
			return;
		}
		check(model.features().size() == model.ranges().length, "a training range per feature", model.features());
		for (double[] row : rowsToPredict(model)) {
			// the model does not know its file: the caller names it, the message names the technique
			RegressionInputChecks.readsOrExplains(model.technique(), () -> model.predict(row),
					RegressionInputException.class);
		}
	}

	/** The middle and the corners of the training ranges, and a row far outside them. */
	private static List<double[]> rowsToPredict(StoredModel model) {
		List<double[]> rows = new ArrayList<>();
		int features = model.features().size();
		for (int corner = 0; corner < 4; corner++) {
			double[] row = new double[features];
			for (int feature = 0; feature < features; feature++) {
				double[] range = model.ranges()[feature];
				row[feature] = switch (corner) {
				case 0 -> range[0];
				case 1 -> range[1];
				case 2 -> range[0] / 2 + range[1] / 2;
				default -> 1e6 * (feature % 2 == 0 ? 1 : -1);
				};
			}
			rows.add(row);
		}
		return rows;
	}

	/**
	 * One change somewhere in the tree: a value removed, replaced by a value of another kind or by
	 * another part of the model, an array element doubled, or a field added.
	 */
	private static void change(JsonNode root, Random random) {
		List<JsonNode> containers = new ArrayList<>();
		collectContainers(root, containers);
		JsonNode container = containers.get(random.nextInt(containers.size()));
		if (container.isEmpty()) {
			if (container instanceof ObjectNode object) {
				object.set("extra", replacement(root, random));
			} else {
				((ArrayNode) container).add(replacement(root, random));
			}
			return;
		}
		if (container instanceof ObjectNode object) {
			List<String> fields = new ArrayList<>();
			object.fieldNames().forEachRemaining(fields::add);
			String field = fields.get(random.nextInt(fields.size()));
			switch (random.nextInt(4)) {
			case 0 -> object.remove(field);
			case 1 -> object.set("extra", replacement(root, random));
			default -> object.set(field, replacement(root, random));
			}
		} else {
			ArrayNode array = (ArrayNode) container;
			int index = random.nextInt(array.size());
			switch (random.nextInt(4)) {
			case 0 -> array.remove(index);
			case 1 -> array.add(array.get(index).deepCopy());
			default -> array.set(index, replacement(root, random));
			}
		}
	}

	private static JsonNode replacement(JsonNode root, Random random) {
		return switch (random.nextInt(16)) {
		case 0 -> NODES.nullNode();
		case 1 -> NODES.booleanNode(true);
		case 2 -> NODES.textNode(pick(random, "", "x1", "lm", "x-knot", "knot-x", "delay", "NaN", "Infinity"));
		case 3 -> NODES.numberNode(0);
		case 4 -> NODES.numberNode(-1);
		case 5 -> NODES.numberNode(-15);
		case 6 -> NODES.numberNode(Double.MAX_VALUE);
		case 7 -> NODES.numberNode(-0.0);
		case 8 -> NODES.numberNode(new BigInteger("1" + "0".repeat(30)));
		case 9 -> NODES.numberNode(2147483648L);
		case 10 -> NODES.numberNode(0.5);
		case 11 -> NODES.arrayNode();
		case 12 -> NODES.objectNode();
		case 13 -> NODES.arrayNode().add("x1").add("x1");
		default -> {
			// a part of the model in the wrong place, e.g. a node where a number belongs
			List<JsonNode> containers = new ArrayList<>();
			collectContainers(root, containers);
			yield containers.get(random.nextInt(containers.size())).deepCopy();
		}
		};
	}

	private static void collectContainers(JsonNode node, List<JsonNode> into) {
		if (node.isContainerNode()) {
			into.add(node);
			node.forEach(child -> collectContainers(child, into));
		}
	}

	private static List<String> storedModels() {
		Random random = new Random(1);
		int rows = 60;
		double[][] x = new double[rows][];
		double[] y = new double[rows];
		for (int row = 0; row < rows; row++) {
			x[row] = new double[] { 1 + random.nextInt(50), 4 << random.nextInt(5), random.nextInt(11) / 10.0 };
			y[row] = 0.002 * x[row][0] + 1e-6 * x[row][1] * (1 - x[row][2]) + 0.001 * random.nextGaussian();
		}
		Dataset data = new Dataset("training.csv", List.of("concurrency", "meanReadSize", "readRatio"), "delay", x, y);
		List<String> stored = new ArrayList<>();
		try {
			Path folder = Files.createDirectories(Path.of("target", "regression-inputs"));
			for (Technique technique : Techniques.all()) {
				stored.add(save(technique, technique.defaults(), data, folder));
			}
			// Cubist with committees and neighbours stores more: several rule sets and the training rows
			Map<String, Double> committees = new HashMap<>(Techniques.byId("cubist").defaults());
			committees.put("committees", 2.0);
			committees.put("neighbors", 3.0);
			stored.add(save(Techniques.byId("cubist"), committees, data, folder));
		} catch (IOException failed) {
			throw new UncheckedIOException(failed);
		}
		return stored;
	}

	private static String save(Technique technique, Map<String, Double> parameters, Dataset data, Path folder)
			throws IOException {
		Path file = folder.resolve("stored-" + technique.id() + ".json");
		new StoredModel(technique.id(), parameters, data.features(), data.target(), data.ranges(), 0.001, 0.1,
				technique.fit(data, parameters)).save(file);
		return Files.readString(file);
	}

	private static JsonNode parse(String json) {
		try {
			return JSON.readTree(json);
		} catch (IOException invalid) {
			throw new UncheckedIOException(invalid);
		}
	}

	private static String pick(Random random, String... choices) {
		return choices[random.nextInt(choices.length)];
	}
}
