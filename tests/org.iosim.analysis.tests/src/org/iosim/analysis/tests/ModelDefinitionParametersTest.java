package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.Features;
import org.iosim.analysis.ModelDefinition;
import org.junit.jupiter.api.Test;

/** How every analysis model kind reads its parameters: the values it accepts and what it says of the others. */
class ModelDefinitionParametersTest {

	private static ModelDefinition definition(Map<String, String> parameters) {
		return new ModelDefinition("disk", "volume", Features.any(), parameters);
	}

	@Test
	void numbersAreFiniteAndAtLeastTheirLowestValue() throws AnalysisModelException {
		ModelDefinition given = definition(Map.of("deviceTime", " 0.00016 ", "offset", "-3"));
		assertEquals(0.00016, given.number("deviceTime", 1, 0));
		assertEquals(-3, given.number("offset", 0, Double.NEGATIVE_INFINITY));
		assertEquals(7, given.number("window", 7, 0), "not given: the default");

		Map<String, String> wrong = Map.of("-1", "a finite number of at least 0, not '-1'", "Infinity",
				"a finite number of at least 0, not 'Infinity'", "NaN", "a finite number of at least 0, not 'NaN'",
				"fast", "a finite number of at least 0, not 'fast'", "", "a finite number of at least 0, not ''");
		for (Map.Entry<String, String> value : wrong.entrySet()) {
			AnalysisModelException refused = assertThrows(AnalysisModelException.class,
					() -> definition(Map.of("deviceTime", value.getKey())).number("deviceTime", 0, 0));
			assertEquals("analysis model 'disk': parameter 'deviceTime' must be " + value.getValue(), refused.getMessage());
		}
		AnalysisModelException anySign = assertThrows(AnalysisModelException.class,
				() -> definition(Map.of("runLength", "long")).number("runLength", 0, Double.NEGATIVE_INFINITY));
		assertEquals("analysis model 'disk': parameter 'runLength' must be a finite number, not 'long'", anySign.getMessage());
	}

	@Test
	void wholeNumbersAndBooleans() throws AnalysisModelException {
		ModelDefinition given = definition(Map.of("servers", "4", "groupCommit", "true"));
		assertEquals(4, given.wholeNumber("servers", 1, 1));
		assertEquals(1, given.wholeNumber("replicas", 1, 1));
		assertTrue(given.bool("groupCommit", false));
		assertFalse(given.bool("pacing", false));

		assertEquals("analysis model 'disk': parameter 'servers' must be a whole number of at least 1, not '0'",
				assertThrows(AnalysisModelException.class,
						() -> definition(Map.of("servers", "0")).wholeNumber("servers", 1, 1)).getMessage());
		assertEquals("analysis model 'disk': parameter 'servers' must be a whole number of at least 1, not '2.5'",
				assertThrows(AnalysisModelException.class,
						() -> definition(Map.of("servers", "2.5")).wholeNumber("servers", 1, 1)).getMessage());
		assertEquals("analysis model 'disk': parameter 'groupCommit' must be true or false, not 'yes'",
				assertThrows(AnalysisModelException.class,
						() -> definition(Map.of("groupCommit", "yes")).bool("groupCommit", false)).getMessage());
	}

	@Test
	void requiredAndUnknownParametersAreNamedWithoutEchoingALongValue() throws AnalysisModelException {
		assertEquals("w500.json", definition(Map.of("volume", "w500.json")).required("volume"));
		assertEquals("analysis model 'disk' of kind 'volume' needs the parameter 'volume' (a volume file)",
				assertThrows(AnalysisModelException.class,
						() -> definition(Map.of("volume", "  ")).required("volume", "a volume file")).getMessage());

		String longName = "x".repeat(5_000);
		AnalysisModelException unknown = assertThrows(AnalysisModelException.class,
				() -> definition(Map.of(longName, "1", "volume", "w500.json")).requireOnly(Set.of("volume", "window")));
		assertTrue(unknown.getMessage().startsWith("analysis model 'disk' of kind 'volume': unknown parameter 'xxx"),
				unknown.getMessage());
		assertTrue(unknown.getMessage().endsWith("'; known parameters: volume, window"), unknown.getMessage());
		assertTrue(unknown.getMessage().length() < 300, "the name is cut: " + unknown.getMessage().length());

		Set<String> perFileSet = Set.of("flushWrites", "deviceTime");
		definition(Map.of("volume", "w500.json", "flushWrites.wal", "1.04", "deviceTime.new files", "0"))
				.requireOnly(Set.of("volume"), perFileSet);
		AnalysisModelException noFileSet = assertThrows(AnalysisModelException.class,
				() -> definition(Map.of("flushWrites.", "1")).requireOnly(Set.of("volume"), perFileSet));
		assertEquals("analysis model 'disk' of kind 'volume': unknown parameter 'flushWrites.'; known parameters: volume,"
				+ " and for one file set: deviceTime.FILESET, flushWrites.FILESET", noFileSet.getMessage());

		String longValue = "9".repeat(5_000) + "x";
		AnalysisModelException wrongValue = assertThrows(AnalysisModelException.class,
				() -> definition(Map.of("window", longValue)).number("window", 0.1, 0));
		assertTrue(wrongValue.getMessage().length() < 300, "the value is cut: " + wrongValue.getMessage().length());
	}
}
