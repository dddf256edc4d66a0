package org.iosim.sweep.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import org.iosim.files.FileProblems;
import org.iosim.files.WholeFiles;
import org.iosim.run.RunFailure;
import org.iosim.sweep.ReplicationResult;
import org.iosim.sweep.SweepDefinition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The folder a sweep works in, which makes it resumable: {@value #DEFINITION} says which sweep it
 * is (its definition and a digest of the model files it reads), and the replications of finished
 * points are files in {@value #POINTS}, each of a run of consecutive points, written whole and moved
 * into place when its last point is done, so a killed sweep leaves only complete points. A rerun of
 * the same sweep skips them; a different sweep in the same folder is refused rather than mixed in.
 */
public final class SweepFolder {

	public static final String DEFINITION = "sweep-definition.json";
	public static final String POINTS = "points";

	/** Reading refuses more after the value: a damaged file must not pass for the sweep's. */
	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
			.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
	/** Finished points without indentation: a million points' figures are gigabytes as it is. */
	private static final ObjectMapper COMPACT_JSON = new ObjectMapper();

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

	/**
	 * The points finished by earlier runs of this sweep: those of each whole file of finished points
	 * (see {@link SweepDefinition#pointsPerFile()}), each file read to check that it is whole.
	 *
	 * @throws RunFailure naming a damaged file, which the user deletes to run its points again
	 */
	public BitSet finishedPoints(SweepDefinition definition) throws RunFailure {
		BitSet finished = new BitSet(definition.points().size());
		for (int file = 0; file < definition.files(); file++) {
			if (Files.isRegularFile(pointsFile(definition, file))) {
				readPoints(definition, file);
				finished.set(definition.firstPointOf(file), definition.firstPointOf(file) + definition.pointsIn(file));
			}
		}
		return finished;
	}

	/**
	 * Writes the finished points of one file whole or not at all.
	 *
	 * @param file   the file's index: it holds the points from {@code file × pointsPerFile} on
	 * @param points each point's replications, in point and replication order
	 */
	public void writePoints(SweepDefinition definition, int file, List<List<ReplicationResult>> points)
			throws IOException {
		WholeFiles.write(pointsFile(definition, file), temporary -> COMPACT_JSON.writeValue(temporary.toFile(), points));
	}

	/**
	 * @return each point's replications, in point and replication order
	 * @throws RunFailure if the file is missing, damaged or not of this sweep's points, naming it
	 */
	public List<List<ReplicationResult>> readPoints(SweepDefinition definition, int file) throws RunFailure {
		Path path = pointsFile(definition, file);
		try {
			List<List<ReplicationResult>> points = JSON.readValue(path.toFile(),
					new TypeReference<List<List<ReplicationResult>>>() {
					});
			int first = definition.firstPointOf(file);
			int count = definition.pointsIn(file);
			if (points == null || points.size() != count) {
				throw new RunFailure(RunFailure.Kind.INVALID, path + ": it does not hold " + count + " points; delete it"
						+ " to run its points again");
			}
			for (int i = 0; i < count; i++) {
				int point = first + i;
				List<ReplicationResult> replications = points.get(i);
				boolean whole = replications != null && replications.size() == definition.replications();
				for (int r = 0; whole && r < replications.size(); r++) {
					ReplicationResult replication = replications.get(r);
					whole = replication != null && replication.point() == point && replication.replication() == r;
				}
				if (!whole) {
					throw new RunFailure(RunFailure.Kind.INVALID, path + ": point " + (first + i + 1) + " is not whole;"
							+ " delete the file to run its points again");
				}
			}
			return points;
		} catch (JsonProcessingException broken) {
			throw new RunFailure(RunFailure.Kind.INVALID, path + ": " + FileProblems.jsonProblem(broken)
					+ "; delete it to run its points again");
		} catch (IOException unreadable) {
			throw new RunFailure(RunFailure.Kind.INVALID, "cannot read the finished points " + path + ": "
					+ FileProblems.reason(unreadable) + "; delete it to run its points again");
		}
	}

	/** e.g. {@code points/points-0001001-0002000.json}: the first and last point it holds, counted from 1. */
	private Path pointsFile(SweepDefinition definition, int file) {
		int first = definition.firstPointOf(file);
		return folder.resolve(POINTS).resolve(String.format("points-%07d-%07d.json", first + 1,
				first + definition.pointsIn(file)));
	}

	/** The definition as written into the folder, with a digest of each model and configuration file read. */
	static ObjectNode definitionJson(SweepDefinition definition) throws RunFailure {
		ObjectNode json = DefinitionJson.write(definition);
		json.put("pointsPerFile", definition.pointsPerFile());
		ObjectNode digests = json.putObject("fileDigests");
		List<Path> read = new ArrayList<>(definition.model().stream().map(Path::of).toList());
		Stream.of(definition.ioConfiguration(), definition.storedModels()).filter(Objects::nonNull).map(Path::of)
				.forEach(read::add);
		int io = definition.parameters().indexOf(ParameterTarget.IO_CONFIGURATION);
		if (io >= 0) {
			definition.sweepPoints().values(io).stream().map(Path::of).distinct().forEach(read::add);
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
		Set<String> fields = new LinkedHashSet<>();
		Set<String> names = new LinkedHashSet<>();
		wanted.fieldNames().forEachRemaining(names::add);
		existing.fieldNames().forEachRemaining(names::add);
		for (String name : names) {
			if (!Objects.equals(existing.get(name), wanted.get(name))) {
				// a grid is written as its values, other points one by one: either way the points differ
				fields.add(switch (name) {
				case "fileDigests" -> "model files' content";
				case "grid", "pointsPerFile" -> "points";
				default -> name;
				});
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
