package org.iosim.files.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.files.FileProblems;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The one way messages quote a user's file, and the one way a JSON file is read whole. */
class FileProblemsTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void anExcerptIsShortPrintableAndMarkedWhereCut() {
		assertEquals("delay", FileProblems.excerpt("delay"));
		assertEquals("x".repeat(40), FileProblems.excerpt("x".repeat(40)));
		assertEquals("x".repeat(39) + "…", FileProblems.excerpt("x".repeat(20_000)));
		assertEquals("?[31mred?[0m ?evil? ?", FileProblems.excerpt("\u001b[31mred\u001b[0m \u202eevil\u0007 \t"));
		// a character beyond the BMP counts once and is never cut in half
		assertEquals("😀".repeat(39) + "…", FileProblems.excerpt("😀".repeat(41)));
		assertEquals("?", FileProblems.excerpt("\uD800"));
	}

	private static String problem(String text) {
		return FileProblems.jsonProblem(assertThrows(JsonProcessingException.class, () -> FileProblems.readJson(JSON, text)));
	}

	@Test
	void jsonIsOneValueWithNothingAfterIt() throws Exception {
		assertEquals(2, FileProblems.readJson(JSON, "  {\"a\": 1, \"b\": 2}\n\n").size());
		assertNull(FileProblems.readJson(JSON, " \n"));
		String notes = problem("{\"a\": 1}\n\n# notes\n");
		assertTrue(notes.startsWith("more text follows the JSON value at line 3, column "), notes);
		assertEquals("more text follows the JSON value at line 1, column 10; the file holds one JSON value",
				problem("{\"a\": 1} {\"b\": 2}"));
	}

	@Test
	void aTokenOfAnotherFileIsQuotedAsAnExcerpt() {
		String line = "Loremipsumdolorsitametconsecteturadipiscingelitseddoeiusmodtempor";
		String message = problem(line + "\n");
		assertTrue(message.startsWith("not valid JSON at line 1, column "), message);
		assertTrue(message.contains("Unrecognized token '" + line.substring(0, 39) + "…'"), message);
		assertFalse(message.contains(line.substring(0, 41)), message);
		assertEquals("not valid JSON at line 1, column 3: Unexpected character ('?' (code 8238 / 0x202e)): was"
				+ " expecting double-quote to start field name", problem("{ \u202e }"));
	}
}
