package org.iosim.robustness.tests;

import static org.iosim.robustness.tests.RegressionInputChecks.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Collectors;

import org.iosim.analysis.san.SanConfigurationReader;
import org.iosim.analysis.san.SanException;
import org.iosim.analysis.san.SpcTrace;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The SAN model's inputs (an SPC block trace, a SAN configuration) and a measurement plan, over any
 * bytes and over the bundled examples with some bytes changed, as files edited by hand or cut short
 * go wrong: each is read, or refused with its reader's own exception whose message begins with the
 * file, is short, names nothing of Java, and quotes no more of the file than an excerpt without
 * control characters; never anything else, and in bounded time.
 */
class SanAndPlanFilesTest {

	private static final Path EXAMPLES = Path.of(System.getProperty("iosim.repository.root", "../.."), "examples")
			.toAbsolutePath().normalize();
	/** Snippets that break files in practice: a byte order mark, NUL, escapes, separators, huge numbers. */
	private static final String[] NASTY = { "\uFEFF", "\u0000", "\u001b[2J", "\u202e", "\r", "\n", ",", ":", "\"",
			"{", "}", "[", "]", "-1", "1e999", "NaN", "9".repeat(40), "x".repeat(300), "w", "r", "0.0", " " };

	@Property(seed = "8401")
	void anyBytesAreASanTraceOrExplained(@ForAll @Size(max = 400) byte[] content) {
		traceReadOrExplained(content);
	}

	@Property(seed = "8402")
	void changedSanTracesAreReadOrExplained(@ForAll("changedTraces") byte[] content) {
		traceReadOrExplained(content);
	}

	@Property(seed = "8403")
	void anyBytesAreASanConfigurationOrExplained(@ForAll @Size(max = 400) byte[] content) {
		configurationReadOrExplained(content);
	}

	@Property(seed = "8404")
	void changedSanConfigurationsAreReadOrExplained(@ForAll("changedConfigurations") byte[] content) {
		configurationReadOrExplained(content);
	}

	@Property(seed = "8405")
	void anyBytesAreAMeasurementPlanOrExplained(@ForAll @Size(max = 400) byte[] content) {
		planReadOrExplained(content);
	}

	@Property(seed = "8406")
	void changedMeasurementPlansAreReadOrExplained(@ForAll("changedPlans") byte[] content) {
		planReadOrExplained(content);
	}

	@Provide
	Arbitrary<byte[]> changedTraces() {
		String firstLines = example("san/small.spc").lines().limit(30).collect(Collectors.joining("\n", "", "\n"));
		return Arbitraries.randomValue(random -> changed(firstLines, random));
	}

	@Provide
	Arbitrary<byte[]> changedConfigurations() {
		String valid = example("san/san.json");
		return Arbitraries.randomValue(random -> changed(valid, random));
	}

	@Provide
	Arbitrary<byte[]> changedPlans() {
		String valid = example("storage/direct-test.json");
		return Arbitraries.randomValue(random -> changed(valid, random));
	}

	private static void traceReadOrExplained(byte[] content) {
		Path file = RegressionInputChecks.file("trace.spc", content);
		var requests = RegressionInputChecks.readsOrExplains(file, () -> {
			try {
				return SpcTrace.read(file);
			} catch (SanException refused) {
				throw RegressionInputChecks.refused(file, refused.getMessage());
			}
		}, RegressionInputChecks.Refused.class);
		if (requests != null) {
			check(!requests.isEmpty(), "a trace read holds requests", requests);
		}
	}

	private static void configurationReadOrExplained(byte[] content) {
		Path file = RegressionInputChecks.file("san.json", content);
		RegressionInputChecks.readsOrExplains(file, () -> {
			try {
				return SanConfigurationReader.read(file);
			} catch (SanException refused) {
				throw RegressionInputChecks.refused(file, refused.getMessage());
			}
		}, RegressionInputChecks.Refused.class);
	}

	private static void planReadOrExplained(byte[] content) {
		Path file = RegressionInputChecks.file("plan.json", content);
		MeasurementPlan plan = RegressionInputChecks.readsOrExplains(file, () -> {
			try {
				return MeasurementPlan.load(file);
			} catch (PlanException refused) {
				throw RegressionInputChecks.refused(file, refused.getMessage());
			}
		}, RegressionInputChecks.Refused.class);
		if (plan != null) {
			check(!plan.runs().isEmpty(), "a plan read has runs", plan.name());
		}
	}

	private static String example(String path) {
		try {
			return Files.readString(EXAMPLES.resolve(path));
		} catch (IOException missing) {
			throw new UncheckedIOException(missing);
		}
	}

	/** The text with a few snippets inserted, characters deleted or the rest cut off. */
	private static byte[] changed(String valid, Random random) {
		StringBuilder text = new StringBuilder(valid);
		int changes = 1 + random.nextInt(3);
		for (int change = 0; change < changes; change++) {
			int at = random.nextInt(text.length() + 1);
			switch (random.nextInt(4)) {
			case 0 -> text.insert(at, NASTY[random.nextInt(NASTY.length)]);
			case 1 -> text.delete(at, Math.min(text.length(), at + 1 + random.nextInt(8)));
			case 2 -> text.append(NASTY[random.nextInt(NASTY.length)]);
			default -> text.setLength(at);
			}
		}
		return text.toString().getBytes(StandardCharsets.UTF_8);
	}
}
