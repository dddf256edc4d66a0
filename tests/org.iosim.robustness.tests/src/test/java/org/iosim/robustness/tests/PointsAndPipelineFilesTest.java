package org.iosim.robustness.tests;

import static org.iosim.robustness.tests.RegressionInputChecks.check;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;

import org.iosim.run.PipelineFile;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.sweep.PointsFile;
import org.iosim.sweep.internal.ParameterTarget;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The two files a user writes by hand to describe runs, a sweep's points CSV ({@link PointsFile}) and
 * a pipeline file ({@link PipelineFile}), over any bytes, over text that looks like them and goes wrong
 * as hand-written files do, and over valid files with some bytes changed: each is read, or refused
 * with a {@link RunFailure} of kind usage whose message names the file and quotes no more of it than
 * a short excerpt, without control characters; never anything else, and in bounded time.
 */
class PointsAndPipelineFilesTest {

	/** Snippets that break files in practice: a byte order mark, broken UTF-8, NUL, escapes, quotes, separators. */
	private static final String[] NASTY = { "\uFEFF", "\u00e9", "\u0000", "\u001b[2J", "\u202e", "\r", "\n", ",", ";",
			"\t", "\"", "'", "{", "}", "[", "]", ":", "\\", "\\u0000", "..", ".", " ", "#", "x".repeat(300), "1e999",
			"NaN", "-1", "population", "io", "../../etc/passwd" };
	private static final String[] NAMES = { "population", "thinkTime", "arrivalRate", "io", "shop.population",
			"database server.CPU.rate", "Catalog.count", "io.disk.memoryLength", "a..b", ".x", "", " ", "delay" };
	private static final String VALID_PIPELINE = """
			{
			  "model": "../minimal",
			  "io": "../minimal/shop-virtualized.ioconfig",
			  "transformations": [
			    {"id": "scale-processing-rate", "after": "complete",
			     "parameters": {"container": "database server", "factor": 2}}
			  ],
			  "simulation": {"seed": 1, "maxMeasurements": 50000, "replications": 2},
			  "out": "results/faster-database"
			}
			""";

	@Property(seed = "8301")
	void anyBytesArePointsOrExplained(@ForAll @Size(max = 400) byte[] content) {
		pointsReadOrExplained(content);
	}

	@Property(seed = "8302")
	void pointsLikeTextIsReadOrExplained(@ForAll("pointsLikeText") byte[] content) {
		pointsReadOrExplained(content);
	}

	@Property(seed = "8303")
	void anyBytesAreAPipelineOrExplained(@ForAll @Size(max = 400) byte[] content) {
		pipelineReadOrExplained(content);
	}

	@Property(seed = "8304")
	void changedPipelineFilesAreReadOrExplained(@ForAll("changedPipelines") byte[] content) {
		pipelineReadOrExplained(content);
	}

	@Provide
	Arbitrary<byte[]> pointsLikeText() {
		return Arbitraries.randomValue(PointsAndPipelineFilesTest::pointsLikeText);
	}

	@Provide
	Arbitrary<byte[]> changedPipelines() {
		return Arbitraries.randomValue(random -> changed(VALID_PIPELINE, random));
	}

	private static void pointsReadOrExplained(byte[] content) {
		Path file = RegressionInputChecks.file("points.csv", content);
		PointsFile points = RegressionInputChecks.readsOrExplains(file, () -> read(file, () -> PointsFile.read(file)),
				RegressionInputChecks.Refused.class);
		if (points != null) {
			check(!points.parameters().isEmpty() && !points.points().isEmpty(), "parameters and points", points);
			check(points.points().stream().allMatch(row -> row.values().size() == points.parameters().size()),
					"a value per parameter in every row", points);
			check(points.parameters().stream().noneMatch(name -> name.startsWith("\uFEFF")),
					"no byte order mark in a name", points.parameters());
		}
	}

	private static void pipelineReadOrExplained(byte[] content) {
		Path file = RegressionInputChecks.file("pipeline.json", content);
		RunConfiguration configuration = RegressionInputChecks.readsOrExplains(file,
				() -> read(file, () -> PipelineFile.read(file)), RegressionInputChecks.Refused.class);
		if (configuration != null) {
			check(!configuration.model().isEmpty(), "a model", configuration.model());
		}
	}

	private interface Read<T> {
		T read() throws RunFailure;
	}

	/** The file read, or its refusal checked for its kind and for quoting no more than an excerpt of the file. */
	private static <T> T read(Path file, Read<T> reading) throws RegressionInputChecks.Refused {
		try {
			return reading.read();
		} catch (RunFailure refused) {
			check(refused.kind() == RunFailure.Kind.USAGE, "a usage error", refused.getMessage());
			// the list of parameter forms is the message's own words
			throw RegressionInputChecks.refused(file, refused.getMessage(), ParameterTarget.FORMS);
		}
	}

	/** Lines of names and values as people type them, with the mistakes of real files mixed in. */
	private static byte[] pointsLikeText(Random random) {
		StringBuilder text = new StringBuilder();
		if (random.nextInt(5) == 0) {
			text.append('\uFEFF');
		}
		String separator = pick(random, ",", ",", ",", ";", "\t");
		int columns = 1 + random.nextInt(4);
		int lines = random.nextInt(8);
		for (int line = 0; line <= lines; line++) {
			int cells = random.nextInt(6) == 0 ? random.nextInt(columns + 2) : columns;
			for (int cell = 0; cell < cells; cell++) {
				if (cell > 0) {
					text.append(separator);
				}
				text.append(line == 0 ? pick(random, NAMES) : String.valueOf(random.nextInt(100)));
				if (random.nextInt(10) == 0) {
					text.append(pick(random, NASTY));
				}
			}
			text.append(pick(random, "\n", "\r\n", "\r", "\n\n"));
		}
		return text.toString().getBytes(StandardCharsets.UTF_8);
	}

	/** The text with a few snippets inserted, bytes deleted or the rest cut off. */
	private static byte[] changed(String valid, Random random) {
		StringBuilder text = new StringBuilder(valid);
		int changes = 1 + random.nextInt(3);
		for (int change = 0; change < changes; change++) {
			int at = random.nextInt(text.length() + 1);
			switch (random.nextInt(4)) {
			case 0 -> text.insert(at, pick(random, NASTY));
			case 1 -> text.delete(at, Math.min(text.length(), at + 1 + random.nextInt(8)));
			case 2 -> text.append(pick(random, "\n# notes\n", "}", "{\"model\": \"n\"}", " trailing", "\u0000", "\n\n"));
			default -> text.setLength(at);
			}
		}
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		bytes.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
		if (random.nextInt(10) == 0) {
			bytes.write(0xFF);
		}
		return bytes.toByteArray();
	}

	@SafeVarargs
	private static <T> T pick(Random random, T... choices) {
		return choices[random.nextInt(choices.length)];
	}
}
