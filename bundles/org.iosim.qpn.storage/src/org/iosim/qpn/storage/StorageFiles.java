package org.iosim.qpn.storage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.files.FileProblems;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.qpn.storage.ServiceTimeModel.Term;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Calibrated storage templates as JSON files ({@value #FORMAT}): what {@code iosim qpn calibrate
 * --template cache|cache-raid} writes and the 'qpn' analysis model kind and {@code iosim qpn
 * instantiate} read. Thresholds without a limit are {@code null}; service times are in seconds,
 * sizes in bytes; the entry {@code calibration} (the fit per class) is for people and not read back.
 */
public final class StorageFiles {

	public static final String FORMAT = "iosim-storage-qpn";
	public static final String SCHEDULER_FORMAT = "iosim-scheduler-qpn";
	private static final Set<String> SCHEDULER_KEYS = Set.of("format", "version", "storage", "weightModel", "precision",
			"correction", "multiVm", "calibration");
	private static final long MAX_FILE_BYTES = 1 << 20;
	private static final Set<String> KEYS = Set.of("format", "version", "template", "readThreshold", "writeThreshold",
			"raidProbability", "serviceTimeVariation", "cacheServers", "classes", "calibration");
	private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
			.enable(SerializationFeature.INDENT_OUTPUT);

	/** A calibration file that cannot be used; the message names the file and the entry. */
	public static final class StorageFileException extends Exception {
		private static final long serialVersionUID = 1L;

		public StorageFileException(String message) {
			super(message);
		}
	}

	private StorageFiles() {
	}

	/** The file's text; {@code fits} (may be empty) adds each class's calibration error for readers. */
	public static String write(CalibratedStorage storage, List<StorageCalibration.RowFit> fits) {
		ObjectNode root = JSON.createObjectNode();
		root.put("format", FORMAT);
		root.put("version", 1);
		root.put("template", storage.template().label());
		threshold(root, "readThreshold", storage.readThreshold());
		threshold(root, "writeThreshold", storage.writeThreshold());
		ObjectNode routing = root.putObject("raidProbability");
		routing.put("atOrBelow", storage.raidRouting().atOrBelow());
		routing.put("threads", storage.raidRouting().threads());
		routing.put("above", storage.raidRouting().above());
		root.put("serviceTimeVariation", storage.serviceTimeVariation());
		root.put("cacheServers", storage.cacheServers());
		ObjectNode classes = root.putObject("classes");
		for (StorageClass storageClass : StorageClass.values()) {
			ClassModel model = storage.classes().get(storageClass);
			if (model != null) {
				ObjectNode entry = classes.putObject(storageClass.label());
				model(entry.putObject("cached"), model.cached());
				if (model.uncached() != null) {
					model(entry.putObject("uncached"), model.uncached());
				}
			}
		}
		if (!fits.isEmpty()) {
			ObjectNode calibration = root.putObject("calibration");
			for (StorageClass storageClass : StorageClass.values()) {
				List<StorageCalibration.RowFit> own = fits.stream()
						.filter(fit -> fit.row().storageClass() == storageClass).toList();
				if (!own.isEmpty()) {
					ObjectNode entry = calibration.putObject(storageClass.label());
					entry.put("rows", own.size());
					entry.put("meanRelativeError", own.stream().mapToDouble(StorageCalibration.RowFit::relativeError)
							.average().orElse(0));
					entry.put("uncachedRows", own.stream().filter(StorageCalibration.RowFit::uncached).count());
				}
			}
		}
		try {
			return JSON.writeValueAsString(root) + "\n";
		} catch (JsonProcessingException impossible) {
			throw new IllegalStateException(impossible);
		}
	}

	private static void threshold(ObjectNode root, String name, double value) {
		if (Double.isInfinite(value)) {
			root.putNull(name);
		} else {
			root.put(name, value);
		}
	}

	private static void model(ObjectNode entry, ServiceTimeModel model) {
		entry.put("formula", model.formula());
		ObjectNode terms = entry.putObject("terms");
		for (int index = 0; index < model.terms().size(); index++) {
			terms.put(model.terms().get(index).label(), model.coefficients()[index]);
		}
		entry.put("rSquared", model.rSquared());
		entry.put("rows", model.rows());
	}

	public static CalibratedStorage read(Path file) throws StorageFileException {
		return new Reader(file).storage(root(file));
	}

	private static JsonNode root(Path file) throws StorageFileException {
		JsonNode root;
		try (InputStream in = Files.newInputStream(file)) {
			byte[] bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
			if (bytes.length > MAX_FILE_BYTES) {
				throw new StorageFileException(file + ": not a calibrated storage template (larger than 1 MiB)");
			}
			root = FileProblems.readJson(JSON, new String(bytes, StandardCharsets.UTF_8));
		} catch (NoSuchFileException missing) {
			throw new StorageFileException(file + ": no such file");
		} catch (JsonProcessingException invalid) {
			throw new StorageFileException(file + ": " + FileProblems.jsonProblem(invalid));
		} catch (IOException unreadable) {
			throw new StorageFileException(file + ": cannot be read: " + FileProblems.reason(unreadable));
		}
		if (root == null) {
			throw new StorageFileException(file + ": the file is empty; expected a calibrated template or scheduler model");
		}
		return root;
	}

	/**
	 * A calibrated scheduler model ({@value #SCHEDULER_FORMAT}): its storage and weight model are files
	 * named relative to it, {@code storage} and {@code weightModel} the names to write.
	 */
	public static String writeScheduler(SchedulerModel model, String storage, String weightModel,
			SchedulerCalibration.Result calibration) {
		ObjectNode root = JSON.createObjectNode();
		root.put("format", SCHEDULER_FORMAT);
		root.put("version", 1);
		root.put("storage", storage);
		root.put("weightModel", weightModel);
		root.put("precision", model.precision());
		ObjectNode correction = root.putObject("correction");
		ServiceTimeCorrection delta = model.correction();
		correction.putObject("read").put("constant", delta.readConstant()).put("perLogSize", delta.readPerLogSize());
		correction.putObject("write").put("constant", delta.writeConstant()).put("perLogSize", delta.writePerLogSize());
		ObjectNode multiVm = root.putObject("multiVm");
		multiVm.put("algorithm", model.multiVm().algorithm());
		multiVm.put("descent", model.multiVm().descent());
		multiVm.put("epsilon", model.multiVm().epsilon());
		multiVm.put("c", model.multiVm().c());
		if (calibration != null) {
			ObjectNode fit = root.putObject("calibration");
			fit.put("singleVmConfigurations", calibration.fits().size());
			fit.put("meanRelativeError", calibration.modelError());
			if (!Double.isNaN(calibration.multiVmError())) {
				fit.put("multiVmMeanRelativeError", calibration.multiVmError());
			}
		}
		try {
			return JSON.writeValueAsString(root) + "\n";
		} catch (JsonProcessingException impossible) {
			throw new IllegalStateException(impossible);
		}
	}

	/**
	 * Reads either kind of calibration file, by its format: a calibrated storage, or a scheduler model
	 * with its storage and weight model, which are resolved beside it.
	 */
	public static CalibratedModel readModel(Path file) throws StorageFileException {
		JsonNode root = root(file);
		Reader reader = new Reader(file);
		return SCHEDULER_FORMAT.equals(root.path("format").asText(null)) ? reader.scheduler(root) : reader.storage(root);
	}

	private static final class Reader {
		private final Path file;

		Reader(Path file) {
			this.file = file;
		}

		CalibratedStorage storage(JsonNode root) throws StorageFileException {
			if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
				throw error("format", "not a calibrated storage template (expected \"format\": \"" + FORMAT + "\")");
			}
			if (root.path("version").asInt(0) != 1) {
				throw error("version", "only version 1 is known");
			}
			for (Iterator<String> keys = root.fieldNames(); keys.hasNext();) {
				String key = keys.next();
				if (!KEYS.contains(key)) {
					throw error(FileProblems.excerpt(key),
							"unknown entry (expected one of " + KEYS.stream().sorted().toList() + ")");
				}
			}
			String label = root.path("template").asText("");
			StorageTemplate template = StorageTemplate.byLabel(label).orElseThrow(() -> error("template",
					"must be one of " + StorageTemplate.labels() + ", not '" + FileProblems.excerpt(label) + "'"));
			double readThreshold = threshold(root, "readThreshold");
			double writeThreshold = threshold(root, "writeThreshold");
			JsonNode routing = root.path("raidProbability");
			RaidRouting raidRouting;
			try {
				raidRouting = new RaidRouting(number(routing, "raidProbability.atOrBelow"),
						(int) whole(routing, "raidProbability.threads"), number(routing, "raidProbability.above"));
			} catch (IllegalArgumentException invalid) {
				throw error("raidProbability", invalid.getMessage());
			}
			double variation = number(root, "serviceTimeVariation");
			int servers = root.has("cacheServers") ? (int) whole(root, "cacheServers") : 1;
			JsonNode classes = root.path("classes");
			if (!classes.isObject()) {
				throw error("classes", "must be an object with an entry per class (rr, rs, wr, ws)");
			}
			Map<StorageClass, ClassModel> models = new EnumMap<>(StorageClass.class);
			for (Iterator<Map.Entry<String, JsonNode>> entries = classes.fields(); entries.hasNext();) {
				Map.Entry<String, JsonNode> entry = entries.next();
				String path = "classes." + FileProblems.excerpt(entry.getKey());
				StorageClass storageClass = StorageClass.byLabel(entry.getKey())
						.orElseThrow(() -> error(path, "unknown class (expected rr, rs, wr or ws)"));
				ServiceTimeModel cached = model(entry.getValue().get("cached"), path + ".cached");
				JsonNode uncachedNode = entry.getValue().get("uncached");
				ServiceTimeModel uncached = uncachedNode == null ? null : model(uncachedNode, path + ".uncached");
				if (cached == null) {
					throw error(path + ".cached", "missing");
				}
				models.put(storageClass, new ClassModel(cached, uncached));
			}
			try {
				return new CalibratedStorage(template, models, readThreshold, writeThreshold, raidRouting, variation,
						servers);
			} catch (IllegalArgumentException invalid) {
				throw new StorageFileException(file + ": " + invalid.getMessage());
			}
		}

		SchedulerModel scheduler(JsonNode root) throws StorageFileException {
			if (root == null || !root.isObject() || !SCHEDULER_FORMAT.equals(root.path("format").asText(null))) {
				throw error("format", "not a calibrated scheduler model (expected \"format\": \"" + SCHEDULER_FORMAT
						+ "\")");
			}
			if (root.path("version").asInt(0) != 1) {
				throw error("version", "only version 1 is known");
			}
			for (Iterator<String> keys = root.fieldNames(); keys.hasNext();) {
				String key = keys.next();
				if (!SCHEDULER_KEYS.contains(key)) {
					throw error(FileProblems.excerpt(key),
							"unknown entry (expected one of " + SCHEDULER_KEYS.stream().sorted().toList() + ")");
				}
			}
			CalibratedStorage storage = read(beside(root, "storage"));
			Path weightFile = beside(root, "weightModel");
			StoredModel weights;
			try {
				weights = StoredModel.load(weightFile);
			} catch (DataFormatException unusable) {
				throw new StorageFileException(unusable.getMessage());
			}
			JsonNode correction = root.path("correction");
			JsonNode multiVm = root.path("multiVm");
			try {
				return new SchedulerModel(storage, new ServiceTimeCorrection(
						number(correction.path("read"), "correction.read.constant"),
						number(correction.path("read"), "correction.read.perLogSize"),
						number(correction.path("write"), "correction.write.constant"),
						number(correction.path("write"), "correction.write.perLogSize")), weights,
						(int) whole(root, "precision"), new SchedulerModel.MultiVm((int) whole(multiVm, "multiVm.algorithm"),
								number(multiVm, "multiVm.descent"), number(multiVm, "multiVm.epsilon"),
								(int) whole(multiVm, "multiVm.c")));
			} catch (IllegalArgumentException invalid) {
				throw new StorageFileException(file + ": " + invalid.getMessage());
			}
		}

		/** A file named by an entry, beside this file (never elsewhere: the name must be a plain file name). */
		private Path beside(JsonNode root, String name) throws StorageFileException {
			JsonNode node = root.get(name);
			if (node == null || !node.isTextual() || node.asText().isBlank()) {
				throw error(name, "must name a file beside this one");
			}
			Path relative;
			try {
				relative = Path.of(node.asText()).normalize();
			} catch (java.nio.file.InvalidPathException invalid) {
				throw error(name, "is not a file name");
			}
			if (relative.isAbsolute() || relative.startsWith("..")) {
				throw error(name, "must name a file beside this one or in a folder below it");
			}
			Path folder = file.toAbsolutePath().getParent();
			return folder.resolve(relative);
		}

		private ServiceTimeModel model(JsonNode node, String path) throws StorageFileException {
			if (node == null) {
				return null;
			}
			JsonNode terms = node.path("terms");
			if (!terms.isObject() || terms.isEmpty()) {
				throw error(path + ".terms", "must map terms (1, s, ln(f), s*ln(f)) to coefficients");
			}
			List<Term> kept = new ArrayList<>();
			double[] coefficients = new double[terms.size()];
			for (Iterator<Map.Entry<String, JsonNode>> entries = terms.fields(); entries.hasNext();) {
				Map.Entry<String, JsonNode> entry = entries.next();
				String termPath = path + ".terms." + FileProblems.excerpt(entry.getKey());
				Term term = Term.byLabel(entry.getKey())
						.orElseThrow(() -> error(termPath, "unknown term (expected 1, s, ln(f) or s*ln(f))"));
				coefficients[kept.size()] = finite(entry.getValue(), termPath);
				kept.add(term);
			}
			return new ServiceTimeModel(kept, coefficients, node.path("rSquared").asDouble(Double.NaN),
					node.path("rows").asInt(0));
		}

		private double threshold(JsonNode root, String name) throws StorageFileException {
			JsonNode node = root.get(name);
			if (node == null || node.isNull()) {
				return Double.POSITIVE_INFINITY;
			}
			double value = finite(node, name);
			if (!(value > 0)) {
				throw error(name, "must be a positive number of bytes or null");
			}
			return value;
		}

		private double number(JsonNode parent, String path) throws StorageFileException {
			return finite(parent.get(path.substring(path.lastIndexOf('.') + 1)), path);
		}

		private double whole(JsonNode parent, String path) throws StorageFileException {
			double value = number(parent, path);
			if (value != Math.rint(value) || value < 0 || value > 1_000_000) {
				throw error(path, "must be a whole number from 0 to 1,000,000");
			}
			return value;
		}

		private double finite(JsonNode node, String path) throws StorageFileException {
			if (node == null || !node.isNumber() || !Double.isFinite(node.asDouble())) {
				throw error(path, "must be a finite number");
			}
			return node.asDouble();
		}

		private StorageFileException error(String path, String problem) {
			return new StorageFileException(file + ": '" + path + "': " + problem);
		}
	}
}
