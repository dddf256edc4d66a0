package org.iosim.robustness.tests;

import static org.iosim.robustness.tests.RegressionInputChecks.check;

import java.nio.charset.StandardCharsets;

import org.iosim.files.FileProblems;

/**
 * What a message may show of a file that was not what the command expected (issue 23): a short
 * excerpt of a value, never a line of it, and no control characters that would disturb a terminal.
 */
final class Echoes {

	/** Lines up to this long may appear in a message by chance, e.g. a number or a parameter's name. */
	private static final int COINCIDENT_LINE = 12;

	private Echoes() {
	}

	/** Checks that the output shows no line of the content and no piece of it longer than an excerpt. */
	static void checkNone(String output, byte[] content) {
		check(output.codePoints().allMatch(c -> c == '\n' || (!Character.isISOControl(c)
				&& Character.getType(c) != Character.FORMAT)), "no control characters", output);
		for (String line : new String(content, StandardCharsets.UTF_8).split("\\R")) {
			String shown = line.strip();
			check(shown.length() <= COINCIDENT_LINE || !output.contains(shown), "no whole line '" + shown + "'", output);
			for (int start = 0; start + FileProblems.EXCERPT_LENGTH < shown.length(); start++) {
				String piece = shown.substring(start, start + FileProblems.EXCERPT_LENGTH + 1);
				check(!output.contains(piece), "no more than an excerpt, not '" + piece + "'", output);
			}
		}
	}
}
