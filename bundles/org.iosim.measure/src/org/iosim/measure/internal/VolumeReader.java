package org.iosim.measure.internal;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

import org.iosim.files.FileProblems;
import org.iosim.measure.PlanException;
import org.iosim.measure.Volume;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads volume files: {"name": …, "readIops": …, "writeIops": …, "readBps": …, "writeBps": …}. */
public final class VolumeReader {

	private static final long MAX_FILE_BYTES = 64 << 10;
	private static final long MAX_IOPS = 100_000_000;
	private static final Set<String> KEYS = Set.of("name", "readIops", "writeIops", "readBps", "writeBps");

	private VolumeReader() {
	}

	public static Volume read(Path file) throws PlanException {
		JsonNode root = PlanReader.readObject(file, MAX_FILE_BYTES, "a volume", "{\"name\": \"gp-500\", \"writeIops\": 500}");
		for (Iterator<String> keys = root.fieldNames(); keys.hasNext();) {
			String key = keys.next();
			if (!KEYS.contains(key)) {
				throw new PlanException(file + ": '" + FileProblems.excerpt(key) + "': unknown entry (expected one of name,"
						+ " readIops, writeIops, readBps, writeBps)");
			}
		}
		String name = stem(file);
		if (root.has("name")) {
			JsonNode given = root.get("name");
			if (!given.isTextual() || !given.asText().matches("[A-Za-z0-9._-]{1,64}")) {
				throw new PlanException(file + ": 'name': must be 1 to 64 letters, digits, '.', '_' or '-'");
			}
			name = given.asText();
		}
		return new Volume(name, iops(file, root, "readIops"), iops(file, root, "writeIops"), bps(file, root, "readBps"),
				bps(file, root, "writeBps"));
	}

	private static long iops(Path file, JsonNode root, String key) throws PlanException {
		JsonNode node = root.get(key);
		if (node == null) {
			return 0;
		}
		if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < 0 || node.asLong() > MAX_IOPS) {
			throw new PlanException(String.format(Locale.ROOT, "%s: '%s': must be a whole number of requests per second"
					+ " from 0 (no limit) to %,d", file, key, MAX_IOPS));
		}
		return node.asLong();
	}

	private static long bps(Path file, JsonNode root, String key) throws PlanException {
		JsonNode node = root.get(key);
		if (node == null) {
			return 0;
		}
		double bytes = node.isNumber() ? node.asDouble() : node.isTextual() ? PlanReader.bytes(node.asText()) : Double.NaN;
		if (!(bytes >= 0 && bytes <= 1L << 50) || bytes != Math.rint(bytes)) {
			throw new PlanException(file + ": '" + key + "': must be bytes per second, 0 (no limit) or a whole number"
					+ " such as 33554432 or \"32 MiB\"");
		}
		return (long) bytes;
	}

	private static String stem(Path file) {
		String name = file.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
		name = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
		return name.isEmpty() ? "volume" : name.substring(0, Math.min(64, name.length()));
	}
}
