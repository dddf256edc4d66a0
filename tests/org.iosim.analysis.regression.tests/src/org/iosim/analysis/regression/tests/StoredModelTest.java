package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A stored model file that is broken, truncated or edited is reported in words, naming the file and the field. */
class StoredModelTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path folder;

	private static final Dataset TRAINING = TestData.uniform("training.csv", 60, 3, 61, 0.1, TestData::delayLike);

	private Path stored(String id) throws IOException {
		return stored(id, Techniques.byId(id).defaults());
	}

	private Path stored(String id, Map<String, Double> parameters) throws IOException {
		Path file = folder.resolve(id + ".json");
		new StoredModel(id, parameters, TRAINING.features(), TRAINING.target(), TRAINING.ranges(), 0.1, 0.05,
				Techniques.byId(id).fit(TRAINING, parameters)).save(file);
		return file;
	}

	private static ObjectNode object(ObjectNode root, String field) {
		return (ObjectNode) root.get(field);
	}

	/** The stored model with one change made to its JSON. */
	private Path edited(String id, Consumer<ObjectNode> edit) throws IOException {
		Path file = stored(id);
		ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
		edit.accept(root);
		return Files.writeString(file, root.toString());
	}

	private static String failure(Path file) {
		String message = assertThrows(DataFormatException.class, () -> StoredModel.load(file)).getMessage();
		assertTrue(message.startsWith(file + ": "), message);
		assertFalse(message.contains("Source") || message.contains("Exception") || message.contains("`"), message);
		return message.substring(file.toString().length() + 2);
	}

	@Test
	void aSavedModelLoadsAndPredictsAsFitted() throws Exception {
		for (Technique technique : Techniques.all()) {
			StoredModel model = StoredModel.load(stored(technique.id()));
			double[] row = { 3, 4, 5 };
			assertEquals(technique.fit(TRAINING, technique.defaults()).predict(row), model.predict(row).value(), 0,
					technique.id());
			assertEquals(0.1, model.cvRmse());
		}
	}

	@Test
	void aTruncatedFileSaysWhereItEnds() throws IOException {
		Path file = stored("lm");
		String text = Files.readString(file);
		Files.writeString(file, text.substring(0, text.indexOf("\"crossValidation\"")));
		assertTrue(failure(file).matches("the JSON ends early at line \\d+, column \\d+; the file looks truncated"));
	}

	@Test
	void brokenJsonNamesLineColumnAndTokenWithoutTheParsersInternals() throws IOException {
		Path nan = Files.writeString(folder.resolve("nan.json"), "{\n  \"technique\": NaN\n}");
		assertEquals("not valid JSON at line 2, column 19: Non-standard token 'NaN'", failure(nan));
		Path deep = Files.writeString(folder.resolve("deep.json"), "[".repeat(2000));
		assertEquals("not valid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)", failure(deep));
		Path latin1 = Files.write(folder.resolve("latin1.json"), new byte[] { '{', '"', 'a', '"', ':', '"', (byte) 0xE9, '"', '}' });
		assertEquals("cannot read the model file: line 1 is not UTF-8 text (byte 0xE9 at column 7, byte offset 6 in the"
				+ " file); save the file as UTF-8", failure(latin1));
	}

	@Test
	void textAfterTheModelIsRefusedRatherThanIgnored() throws IOException {
		Path file = stored("lm");
		Files.writeString(file, Files.readString(file) + "{}");
		assertTrue(failure(file).matches("more text follows the model's JSON object at line \\d+, column 1; the file holds one model"),
				failure(file));
	}

	@Test
	void anEmptyFileOrAnotherShapeIsNamed() throws IOException {
		assertEquals("the file is empty; expected a model stored by 'iosim regression fit'",
				failure(Files.writeString(folder.resolve("empty.json"), " \n")));
		assertEquals("expected a JSON object (a model stored by 'iosim regression fit'), found [1,2]",
				failure(Files.writeString(folder.resolve("array.json"), "[1, 2]")));
		assertEquals("field 'technique': unknown regression technique 'svm'; known: lm, lm-ia, mars, mars-ia, cart, m5, cubist",
				failure(edited("lm", root -> root.put("technique", "svm"))));
		assertEquals("field 'trainingRanges' is missing", failure(edited("lm", root -> root.remove("trainingRanges"))));
		assertEquals("field 'model' must be a JSON object, not [1]",
				failure(edited("lm", root -> root.putArray("model").add(1))));
	}

	@Test
	void invalidNumbersAreNamedWithTheirField() throws IOException {
		assertEquals("field 'trainingRanges.x1' must be a finite number, not \"low\"",
				failure(edited("lm", root -> ((ArrayNode) root.get("trainingRanges").get("x1")).set(0, "low"))));
		assertEquals("field 'trainingRanges.x2': the smallest value 9.0 is above the largest 1.0",
				failure(edited("lm", root -> object(root, "trainingRanges").putArray("x2").add(9).add(1))));
		assertEquals("field 'parameters.maxRules' must be a finite number, not \"many\"",
				failure(edited("m5", root -> object(root, "parameters").put("maxRules", "many"))));
		// JSON has no infinity, but Jackson reads a number beyond the double range as one
		Path overflowing = edited("lm", root -> object(root, "model").put("intercept", 0.125));
		Files.writeString(overflowing, Files.readString(overflowing).replace("0.125", "1e999"));
		assertTrue(failure(overflowing).startsWith("field 'model': model structure: field 'intercept' must be a finite"
				+ " number, not "), failure(overflowing));
		// a negative row count made the smoothed prediction divide by zero
		assertEquals("field 'model': m5 tree node: field 'rows' must be a whole number from 0 up, not -15",
				failure(edited("m5", root -> object(object(root, "model"), "tree").put("rows", -15))));
	}

	@Test
	void modelFeaturesMustBeTheFeaturesOfTheTrainingRanges() throws IOException {
		// a model with a feature more than its ranges indexed past the end of the rows it was given
		assertEquals("field 'model.features' [\"x1\",\"x2\",\"x3\",\"x4\"] does not list the features of 'trainingRanges' [x1, x2, x3]",
				failure(edited("cart", root -> ((ArrayNode) object(root, "model").get("features")).add("x4"))));
	}

	@Test
	void cubistInstancesOfTheWrongShapeAreNamed() throws IOException {
		Map<String, Double> parameters = new HashMap<>(Techniques.byId("cubist").defaults());
		parameters.put("neighbors", 2.0);
		Path file = stored("cubist", parameters);
		ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
		// an object with as many fields as features was read as a row and failed on its missing elements
		((ArrayNode) root.get("model").get("instances").get("x")).set(0, JSON.createObjectNode().put("a", 1).put("b", 2).put("c", 3));
		Files.writeString(file, root.toString());
		assertEquals("field 'model': cubist instance row 1 must hold 3 feature values, not {\"a\":1,\"b\":2,\"c\":3}",
				failure(file));
	}

	@Test
	void cubistRulesEditedToLeaveAGapSayWhyTheyCannotPredict() throws Exception {
		Path file = edited("cubist", root -> {
			for (var committee : root.get("model").get("committees")) {
				for (var rule : committee.get("rules")) {
					((ObjectNode) rule).putArray("conditions").addObject().put("feature", "x1").put("atMost", -1);
				}
			}
		});
		StoredModel model = StoredModel.load(file);
		String message = assertThrows(RegressionInputException.class, () -> model.predict(new double[] { 5, 5, 5 }))
				.getMessage();
		assertEquals("cubist: no rule of committee member 1 covers the row [5.0, 5.0, 5.0]; the stored rules leave a gap"
				+ " (was the model file edited?)", message);
	}
}
