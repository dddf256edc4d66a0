package org.iosim.sweep.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.iosim.files.FileProblems;
import org.iosim.files.WholeFiles;
import org.iosim.run.RunFailure;
import org.iosim.sweep.ReplicationResult;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepPoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The folder a sweep works in, which makes it resumable: {@value #DEFINITION} says which sweep it
 * is (its definition and a digest of the model files it reads), and each finished point's
 * replications are one file in {@value #POINTS}, written whole and moved into place, so a killed
 * sweep leaves only complete points. A rerun of the same sweep skips them; a different sweep in
 * the same folder is refused rather than mixed in.
 */
public final class SweepFolder {

	public static final String DEFINITION = "sweep-definition.json";
	public static final String POINTS = "points";

	/** Reading refuses more after the value: a damaged file must not pass for the sweep's. */
	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
			.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

	private final Path folder;

	private SweepFolder(Path folder) {
		this.folder = folder;
	}

	/**
	 * Opens the folder for the sweep: creates it with the definition, or checks that the one there is
	 * the same sweep.
	 *
	 * @throws RunFailure (usage) if the folder holds another sweep or other files
	 */
	public static SweepFolder open(Path folder, SweepDefinition definition) throws RunFailure {
		ObjectNode wanted = definitionJson(definition);
		Path file = folder.resolve(DEFINITION);
		try {
			if (Files.isRegularFile(file)) {
				JsonNode existing;
				try {
					existing = FileProblems.readJson(JSON, FileProblems.readUtf8(file));
				} catch (JsonProcessingException broken) {
					throw new RunFailure(RunFailure.Kind.INVALID, file + ": " + FileProblems.jsonProblem(broken)
							+ "; delete " + folder + " to start this sweep afresh");
				}
				if (existing == null) {
					throw new RunFailure(RunFailure.Kind.INVALID, file + ": the file is empty; delete " + folder
							+ " to start this sweep afresh");
				}
				// compared as read back, so that numbers have the node types reading gives them
				JsonNode wantedAsRead = JSON.readTree(JSON.writeValueAsString(wanted));
				if (!existing.equals(wantedAsRead)) {
					throw new RunFailure(RunFailure.Kind.USAGE, folder + " holds a different sweep (differing in: "
							+ difference(existing, wantedAsRead) + "); give another --out folder, or delete " + folder
							+ " to start this sweep afresh");
				}
			} else if (Files.isDirectory(folder) && !isEmpty(folder)) {
				throw new RunFailure(RunFailure.Kind.USAGE, folder + " is not empty and holds no sweep ("
						+ DEFINITION + " is missing); give an empty or new --out folder");
			} else {
				WholeFiles.write(file, temporary -> JSON.writeValue(temporary.toFile(), wanted));
			}
			Files.createDirectories(folder.resolve(POINTS));
		} catch (IOException unwritable) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot use the sweep folder " + folder + ": "
					+ FileProblems.reason(unwritable));
		}
		return new SweepFolder(folder);
	}

	public Path path() {
		return folder;
	}

	/** @return the replications of every finished point, by point index */
	public Map<Integer, List<ReplicationResult>> finishedPoints(SweepDefinition definition) throws RunFailure {
		Map<Integer, List<ReplicationResult>> finished = new TreeMap<>();
		for (SweepPoint point : definition.points()) {
			Path file = pointFile(point.index());
			if (Files.isRegularFile(file)) {
				try {
					List<ReplicationResult> replications = JSON.readValue(file.toFile(),
							new TypeReference<List<ReplicationResult>>() {
							});
					if (replications.size() == definition.replications()) {
						finished.put(point.index(), replications);
					}
				} catch (JsonProcessingException broken) {
					throw new RunFailure(RunFailure.Kind.INVALID, file + ": " + FileProblems.jsonProblem(broken)
							+ "; delete it to run the point again");
				} catch (IOException unreadable) {
					throw new RunFailure(RunFailure.Kind.INVALID, "cannot read the finished point " + file + ": "
							+ FileProblems.reason(unreadable) + "; delete it to run the point again");
				}
			}
		}
		return finished;
	}

	/** Writes a finished point's replications, whole or not at all. */
	public void writePoint(int point, List<ReplicationResult> replications) throws IOException {
		WholeFiles.write(pointFile(point), temporary -> JSON.writeValue(temporary.toFile(), replications));
	}

	private Path pointFile(int point) {
		return folder.resolve(POINTS).resolve(String.format("point-%05d.json", point + 1));
	}

	/** The definition as written into the folder, with a digest of each model and configuration file read. */
	static ObjectNode definitionJson(SweepDefinition definition) throws RunFailure {
		ObjectNode json = DefinitionJson.write(definition);
		ObjectNode digests = json.putObject("fileDigests");
		List<Path> read = new ArrayList<>(definition.model().stream().map(Path::of).toList());
		Stream.of(definition.ioConfiguration(), definition.storedModels()).filter(Objects::nonNull).map(Path::of)
				.forEach(read::add);
		int io = definition.parameters().indexOf(ParameterTarget.IO_CONFIGURATION);
		if (io >= 0) {
			definition.points().stream().map(point -> Path.of(point.values().get(io))).distinct().forEach(read::add);
		}
		for (Path path : read) {
			digests.put(path.toString(), digest(path));
		}
		return json;
	}

	/** SHA-256 over the files below a path, in name order, so an edited model is a different sweep. */
	private static String digest(Path path) throws RunFailure {
		try (Stream<Path> walk = Files.walk(path)) {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
				digest.update(path.relativize(file).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
				try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
					in.transferTo(java.io.OutputStream.nullOutputStream());
				}
			}
			return HexFormat.of().formatHex(digest.digest());
		} catch (IOException unreadable) {
			throw new RunFailure(RunFailure.Kind.USAGE, "cannot read " + path + ": " + unreadable.getMessage());
		} catch (NoSuchAlgorithmException impossible) {
			throw new IllegalStateException(impossible);
		}
	}

	private static String difference(JsonNode existing, JsonNode wanted) {
		List<String> fields = new ArrayList<>();
		for (Iterator<String> names = wanted.fieldNames(); names.hasNext();) {
			String name = names.next();
			if (!Objects.equals(existing.get(name), wanted.get(name))) {
				fields.add(name.equals("fileDigests") ? "model files' content" : name);
			}
		}
		return fields.isEmpty() ? "definition" : String.join(", ", fields);
	}

	private static boolean isEmpty(Path folder) throws IOException {
		try (Stream<Path> entries = Files.list(folder)) {
			return entries.findAny().isEmpty();
		}
	}
}
