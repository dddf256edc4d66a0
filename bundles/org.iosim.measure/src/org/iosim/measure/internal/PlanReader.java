package org.iosim.measure.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.iosim.files.FileProblems;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.MeasurementPlan.Design;
import org.iosim.measure.MeasurementPlan.Factor;
import org.iosim.measure.MeasurementPlan.FactorLevels;
import org.iosim.measure.PlanException;
import org.iosim.measure.StorageWorkload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads measurement plan files; every key is checked, so a misspelt one is reported rather than ignored. */
public final class PlanReader {

	/** A plan is a few lines; anything much larger is not one. */
	private static final long MAX_FILE_BYTES = 1 << 20;
	private static final int MAX_LEVELS = 1_000;
	private static final int MAX_THREADS = 1_024;
	private static final double MAX_SECONDS = 24 * 3600;
	private static final Set<String> KEYS = Set.of("name", "design", "points", "seed", "repetitions", "warmup", "duration",
			"factors", "precision", "maxRepetitions", "maxOtherLoad");
	private static final Pattern SIZE = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(B|KiB|MiB|GiB|TiB|PiB|kB|KB|MB|GB|TB|PB)?\\s*");

	/** Text after the JSON value is refused by {@link FileProblems#readJson}, in words of its own. */
	private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

	private final Path file;

	private PlanReader(Path file) {
		this.file = file;
	}

	public static MeasurementPlan read(Path file) throws PlanException {
		return new PlanReader(file).read();
	}

	/**
	 * Reads a small JSON file of the measurement's own (a plan, a volume) that must hold one object.
	 *
	 * @param what names the file's kind in messages, e.g. "a measurement plan"
	 * @param example what the object looks like, for the message when the file holds something else
	 */
	static JsonNode readObject(Path file, long maxBytes, String what, String example) throws PlanException {
		JsonNode root;
		try {
			if (Files.size(file) > maxBytes) {
				throw new PlanException(String.format(Locale.ROOT, "%s: not %s (larger than %,d bytes)", file, what,
						maxBytes));
			}
			root = FileProblems.readJson(JSON, FileProblems.readUtf8(file));
		} catch (NoSuchFileException missing) {
			throw new PlanException(file + ": no such file");
		} catch (JsonProcessingException invalid) {
			throw new PlanException(file + ": " + FileProblems.jsonProblem(invalid));
		} catch (IOException unreadable) {
			throw new PlanException(file + ": cannot be read: " + unreadable.getMessage());
		}
		if (root == null || !root.isObject()) {
			throw new PlanException(file + ": " + what + " is a JSON object such as " + example);
		}
		return root;
	}

	private MeasurementPlan read() throws PlanException {
		JsonNode root = readObject(file, MAX_FILE_BYTES, "a measurement plan", "{\"factors\": {\"concurrency\": [1, 4]}}");
		for (Iterator<String> keys = root.fieldNames(); keys.hasNext();) {
			String key = keys.next();
			if (!KEYS.contains(key)) {
				throw error(FileProblems.excerpt(key), "unknown entry (expected one of " + String.join(", ", KEYS.stream().sorted().toList()) + ")");
			}
		}
		String name = root.has("name") ? text(root.get("name"), "name") : fileStem();
		Design design = design(root.get("design"));
		int points = design == Design.FACTORIAL ? 0 : (int) whole(required(root, "points"), "points", 1, MeasurementPlan.MAX_RUNS);
		long seed = root.has("seed") ? whole(root.get("seed"), "seed", Long.MIN_VALUE, Long.MAX_VALUE) : 1;
		int repetitions = root.has("repetitions") ? (int) whole(root.get("repetitions"), "repetitions", 1, 100) : 1;
		double warmup = root.has("warmup") ? seconds(root.get("warmup"), "warmup", true) : 1;
		double duration = root.has("duration") ? seconds(root.get("duration"), "duration", false) : 5;
		List<FactorLevels> factors = factors(root.get("factors"), design);
		long configurations = design == Design.FACTORIAL
				? factors.stream().mapToLong(levels -> levels.levels().size()).reduce(1, Math::multiplyExact)
				: points;
		if (configurations * repetitions > MeasurementPlan.MAX_RUNS) {
			throw error("factors", String.format(Locale.ROOT, "%,d configurations x %d repetitions exceed %,d runs",
					configurations, repetitions, MeasurementPlan.MAX_RUNS));
		}
		double precision = 0;
		if (root.has("precision")) {
			JsonNode node = root.get("precision");
			precision = node.isNumber() ? node.asDouble() : Double.NaN;
			if (!(precision > 0 && precision < 1)) {
				throw error("precision", "must be a number above 0 and below 1: the relative half-width of the 95 %"
						+ " confidence interval of each configuration's mean latency (e.g. 0.05)");
			}
		}
		int maxRepetitions = repetitions;
		if (root.has("maxRepetitions")) {
			maxRepetitions = (int) whole(root.get("maxRepetitions"), "maxRepetitions", Math.max(2, repetitions), 100);
		} else if (precision > 0) {
			maxRepetitions = Math.max(10, repetitions);
		}
		if (precision > 0 && repetitions < 2) {
			throw error("repetitions", "a precision needs at least 2 repetitions to estimate an interval from");
		}
		if (configurations * maxRepetitions > MeasurementPlan.MAX_RUNS) {
			throw error("maxRepetitions", String.format(Locale.ROOT, "%,d configurations x %d repetitions exceed %,d runs",
					configurations, maxRepetitions, MeasurementPlan.MAX_RUNS));
		}
		double maxOtherLoad = MeasurementPlan.DEFAULT_MAX_OTHER_LOAD;
		if (root.has("maxOtherLoad")) {
			JsonNode node = root.get("maxOtherLoad");
			maxOtherLoad = node.isNumber() ? node.asDouble() : Double.NaN;
			if (!(maxOtherLoad >= 0 && maxOtherLoad <= 1024)) {
				throw error("maxOtherLoad", "must be a number of CPUs from 0 to 1024: how much CPU other processes may use"
						+ " during a run before it runs again (e.g. 0.5)");
			}
		}
		MeasurementPlan plan = new MeasurementPlan(name, design, points, seed, repetitions, warmup, duration, factors,
				precision, maxRepetitions, maxOtherLoad);
		try {
			plan.configurations();
		} catch (IllegalArgumentException impossible) {
			throw error("factors", impossible.getMessage());
		}
		return plan;
	}

	private Design design(JsonNode node) throws PlanException {
		if (node == null) {
			return Design.FACTORIAL;
		}
		String id = text(node, "design");
		for (Design design : Design.values()) {
			if (design.id().equals(id)) {
				return design;
			}
		}
		throw error("design", "'" + FileProblems.excerpt(id) + "' is not a design (expected factorial, latin-hypercube or random)");
	}

	private List<FactorLevels> factors(JsonNode node, Design design) throws PlanException {
		Map<Factor, FactorLevels> byFactor = new EnumMap<>(Factor.class);
		if (node != null) {
			if (!node.isObject()) {
				throw error("factors", "must be an object of factor names to levels");
			}
			for (Iterator<Map.Entry<String, JsonNode>> entries = node.fields(); entries.hasNext();) {
				Map.Entry<String, JsonNode> entry = entries.next();
				Factor factor = factor(entry.getKey());
				byFactor.put(factor, levels(factor, entry.getValue(), design));
			}
		}
		List<FactorLevels> factors = new ArrayList<>();
		for (Factor factor : Factor.values()) {
			factors.add(byFactor.getOrDefault(factor, new FactorLevels(factor, List.of(defaultLevel(factor)), 0, 0, false)));
		}
		return factors;
	}

	/** The value of a factor a plan leaves out. */
	private static double defaultLevel(Factor factor) {
		return switch (factor) {
		case REQUEST_SIZE -> 4096;
		case READ_RATIO -> 1;
		case PATTERN -> 0;
		case FILE_SET_SIZE -> 64 << 20;
		case CONCURRENCY, QUEUE_DEPTH -> 1;
		case IO, THREADS, SYNC, FILES -> 0; // buffered; threads mixing reads and writes; no flush; existing files
		};
	}

	private Factor factor(String key) throws PlanException {
		for (Factor factor : Factor.values()) {
			if (factor.key().equals(key)) {
				return factor;
			}
		}
		throw error("factors." + FileProblems.excerpt(key), "unknown factor (expected requestSize, readRatio, pattern, fileSetSize,"
				+ " concurrency, queueDepth, io, threads, sync or files)");
	}

	private FactorLevels levels(Factor factor, JsonNode node, Design design) throws PlanException {
		String where = "factors." + factor.key();
		if (node.isObject()) {
			if (design == Design.FACTORIAL) {
				throw error(where, "a factorial design needs levels (a list), not a range");
			}
			if (factor == Factor.PATTERN || factor == Factor.IO || factor == Factor.THREADS || factor == Factor.SYNC
					|| factor == Factor.FILES) {
				throw error(where, "takes a list of levels, not a range");
			}
			for (Iterator<String> keys = node.fieldNames(); keys.hasNext();) {
				String key = keys.next();
				if (!Set.of("min", "max", "scale").contains(key)) {
					throw error(where + "." + FileProblems.excerpt(key), "unknown entry (expected min, max, scale)");
				}
			}
			double min = value(factor, required(node, "min", where), where + ".min");
			double max = value(factor, required(node, "max", where), where + ".max");
			if (!(min <= max)) {
				throw error(where, "min must not exceed max");
			}
			String scale = node.has("scale") ? text(node.get("scale"), where + ".scale") : "linear";
			if (!scale.equals("linear") && !scale.equals("log")) {
				throw error(where + ".scale", "must be linear or log");
			}
			if (scale.equals("log") && min <= 0) {
				throw error(where, "a log scale needs min above 0");
			}
			return new FactorLevels(factor, null, min, max, scale.equals("log"));
		}
		List<Double> levels = new ArrayList<>();
		JsonNode list = node.isArray() ? node : JSON.createArrayNode().add(node);
		if (list.isEmpty() || list.size() > MAX_LEVELS) {
			throw error(where, "needs between 1 and " + MAX_LEVELS + " levels");
		}
		for (int index = 0; index < list.size(); index++) {
			levels.add(value(factor, list.get(index), where + "[" + index + "]"));
		}
		return new FactorLevels(factor, levels, 0, 0, false);
	}

	private double value(Factor factor, JsonNode node, String where) throws PlanException {
		return switch (factor) {
		case REQUEST_SIZE, FILE_SET_SIZE -> size(node, where);
		case READ_RATIO -> {
			if (!node.isNumber() || !(node.asDouble() >= 0 && node.asDouble() <= 1)) {
				throw error(where, "must be a number in [0, 1]");
			}
			yield node.asDouble();
		}
		case PATTERN -> category(node, where, "random", "sequential");
		case IO -> category(node, where, "buffered", "direct");
		case THREADS -> category(node, where, "mixed", "separate");
		case SYNC -> {
			StorageWorkload.Sync sync = node.isTextual() ? StorageWorkload.Sync.of(node.asText()) : null;
			if (sync == null) {
				throw error(where, "must be \"none\", \"fdatasync\" (after each write) or \"osync\" (O_SYNC writes)");
			}
			yield sync.ordinal();
		}
		case FILES -> category(node, where, "existing", "growing");
		case CONCURRENCY, QUEUE_DEPTH -> whole(node, where, 1, MAX_THREADS);
		};
	}

	private double size(JsonNode node, String where) throws PlanException {
		double bytes;
		if (node.isNumber()) {
			bytes = node.asDouble();
		} else if (node.isTextual()) {
			bytes = bytes(node.asText());
			if (Double.isNaN(bytes)) {
				throw error(where, "'" + FileProblems.excerpt(node.asText()) + "' is not a size (e.g. 4096, \"16 KiB\", \"1 GiB\")");
			}
		} else {
			throw error(where, "must be a size in bytes or a text such as \"64 MiB\"");
		}
		if (!(bytes >= StorageWorkload.SECTOR && bytes <= 1L << 50)) {
			throw error(where, "must lie between 512 bytes and 1 PiB");
		}
		return bytes;
	}

	/** @return the bytes a size text such as "16 KiB" or "1.5 GB" stands for, or NaN if it is none */
	static double bytes(String text) {
		Matcher matcher = SIZE.matcher(text);
		return matcher.matches() ? Double.parseDouble(matcher.group(1)) * unit(matcher.group(2)) : Double.NaN;
	}

	private static double unit(String unit) {
		if (unit == null || unit.equals("B")) {
			return 1;
		}
		return switch (unit) {
		case "KiB" -> 1L << 10;
		case "MiB" -> 1L << 20;
		case "GiB" -> 1L << 30;
		case "TiB" -> 1L << 40;
		case "PiB" -> 1L << 50; // the largest file set a plan may name, so that its bound can be written as it is said
		case "kB", "KB" -> 1e3;
		case "MB" -> 1e6;
		case "GB" -> 1e9;
		case "TB" -> 1e12;
		default -> 1e15;
		};
	}

	private double category(JsonNode node, String where, String zero, String one) throws PlanException {
		String value = node.isTextual() ? node.asText() : "";
		if (value.equals(zero)) {
			return 0;
		}
		if (value.equals(one)) {
			return 1;
		}
		throw error(where, "must be \"" + zero + "\" or \"" + one + "\"");
	}

	private long whole(JsonNode node, String where, long min, long max) throws PlanException {
		if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < min || node.asLong() > max) {
			throw error(where, String.format(Locale.ROOT, "must be a whole number between %,d and %,d", min, max));
		}
		return node.asLong();
	}

	private double seconds(JsonNode node, String where, boolean zeroAllowed) throws PlanException {
		double value = node.isNumber() ? node.asDouble() : Double.NaN;
		if (!(value >= 0 && value <= MAX_SECONDS) || !zeroAllowed && value == 0) {
			throw error(where, "must be a number of seconds " + (zeroAllowed ? "from 0" : "above 0") + " up to 86400");
		}
		return value;
	}

	private String text(JsonNode node, String where) throws PlanException {
		if (!node.isTextual() || node.asText().isBlank()) {
			throw error(where, "must be a non-empty text");
		}
		return node.asText();
	}

	private JsonNode required(JsonNode node, String key) throws PlanException {
		return required(node, key, null);
	}

	private JsonNode required(JsonNode node, String key, String parent) throws PlanException {
		JsonNode value = node.get(key);
		if (value == null) {
			String where = parent == null ? key : parent + "." + key;
			throw error(where, key.equals("points") ? "a sampling design needs the number of configurations to draw" : "missing");
		}
		return value;
	}

	private String fileStem() {
		String name = file.getFileName().toString();
		return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
	}

	private PlanException error(String where, String what) {
		return new PlanException(file + ": '" + where + "': " + what);
	}
}
