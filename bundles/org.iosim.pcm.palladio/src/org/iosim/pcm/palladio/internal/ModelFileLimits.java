package org.iosim.pcm.palladio.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import org.iosim.files.LimitedFiles;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;

/**
 * The limits on model files (Palladio XMI and {@code .iosim}), opening them within those limits, and
 * wording what goes wrong. Model files are untrusted input: without limits a small file could make
 * the XML parser, the importer or the recursive walks of the validator and simulation exhaust memory
 * or stack, and a path could name a device or pipe that never ends. Every refusal names its limit,
 * so a user can tell a broken file from one too large.
 */
public final class ModelFileLimits {

	/** Real PCM models are at most a few megabytes; larger files are refused before they are parsed. */
	public static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

	/**
	 * The deepest element nesting a model file may have. PCM models nest a few dozen levels (three per
	 * nested control flow), and the validator and simulation walk nested behaviours recursively.
	 */
	public static final int MAX_ELEMENT_DEPTH = 100;

	/**
	 * Elements in one Palladio file; each costs a few hundred bytes once parsed and imported. (An
	 * {@code .iosim} file is bounded by its size, as EMF reads it straight into the model.)
	 */
	public static final int MAX_ELEMENTS = 1_000_000;

	/**
	 * The longest name an element may have; longer ones are shortened (and reported), because every
	 * diagnostic about an element repeats the names of all its ancestors.
	 */
	public static final int MAX_NAME_LENGTH = 1000;

	/**
	 * Problems listed per file; the rest are counted. A file broken throughout would otherwise give
	 * one per element, and each text repeats the names of the element's ancestors.
	 */
	public static final int MAX_LISTED_PROBLEMS = 100;

	private ModelFileLimits() {
	}

	/**
	 * @return the file's content, failing with a readable {@link IOException} (see
	 *         {@link #describe(IOException)}) if it is a folder, no regular file, or larger than
	 *         {@link #MAX_FILE_BYTES}, also while it is read
	 */
	public static InputStream open(Path file) throws IOException {
		return LimitedFiles.open(file, MAX_FILE_BYTES, "a model file");
	}

	/** @return what went wrong reading a model file, in words and without Java class names */
	public static String describe(IOException problem) {
		return LimitedFiles.describe(problem);
	}

	/**
	 * @param found how many problems the file has, more than {@link #MAX_LISTED_PROBLEMS}
	 * @return the diagnostic that says how many of them are not listed
	 */
	public static Diagnostic notListed(Severity severity, String file, int found) {
		return Diagnostic.inFile(severity, file, 0, 0, (found - MAX_LISTED_PROBLEMS) + " more problems in this file"
				+ " are not listed; at most " + MAX_LISTED_PROBLEMS + " are listed per file");
	}

	/** @return the text, shortened to 100 characters (with its length) so that messages stay readable */
	public static String shorten(String text) {
		return shorten(text, 100);
	}

	/** @return the text, shortened to {@code length} characters (with its length) */
	public static String shorten(String text, int length) {
		return text.length() <= length ? text : text.substring(0, length) + "… (" + text.length() + " characters)";
	}
}
