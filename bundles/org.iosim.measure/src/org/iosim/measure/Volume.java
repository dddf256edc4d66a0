package org.iosim.measure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.measure.internal.VolumeReader;

/**
 * A virtualized volume's QoS limits, as a hypervisor or a cloud states them: request rates and
 * bandwidths for reads and writes, each 0 for no limit. Read from a small JSON file (format in
 * docs/measurement.md); {@link BlockThrottle} makes the limits real on this machine for the
 * processes IOSim starts.
 *
 * @param name      names the volume in progress lines and in the measurement database
 * @param readIops  reads per second at most, or 0
 * @param writeIops writes per second at most (device writes, so a flush counts too), or 0
 * @param readBps   bytes read per second at most, or 0
 * @param writeBps  bytes written per second at most, or 0
 */
public record Volume(String name, long readIops, long writeIops, long readBps, long writeBps) {

	public Volume {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a volume needs a name");
		}
		if (readIops < 0 || writeIops < 0 || readBps < 0 || writeBps < 0) {
			throw new IllegalArgumentException("limits are 0 (none) or positive");
		}
	}

	/**
	 * Reads a volume file.
	 *
	 * @throws PlanException naming the file and the entry when the volume cannot be used
	 */
	public static Volume load(Path file) throws PlanException {
		return VolumeReader.read(file);
	}

	/** @return whether any limit is set */
	public boolean isLimited() {
		return readIops + writeIops + readBps + writeBps > 0;
	}

	/** e.g. "gp-500 (500 write IOPS, 64 MiB/s reads)"; the database records the volume by this text. */
	@Override
	public String toString() {
		List<String> limits = new ArrayList<>();
		if (readIops > 0) {
			limits.add(String.format(Locale.ROOT, "%d read IOPS", readIops));
		}
		if (writeIops > 0) {
			limits.add(String.format(Locale.ROOT, "%d write IOPS", writeIops));
		}
		if (readBps > 0) {
			limits.add(StorageWorkload.bytes(readBps) + "/s reads");
		}
		if (writeBps > 0) {
			limits.add(StorageWorkload.bytes(writeBps) + "/s writes");
		}
		return name + " (" + (limits.isEmpty() ? "no limits" : String.join(", ", limits)) + ")";
	}
}
