package org.iosim.ui.internal.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;

/**
 * "Run As → IOSim Calibration" on a measurement database: a {@code .db} file that is an SQLite
 * database, as {@code iosim measure} writes them.
 */
public final class CalibrationShortcut extends FileLaunchShortcut {

	/** The first bytes of every SQLite database file. */
	private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

	public CalibrationShortcut() {
		super(CalibrationAttributes.TYPE_ID, CalibrationAttributes.DATABASE, "IOSim Calibration", "calibrate from");
	}

	@Override
	boolean launches(IFile file) {
		return isDatabase(file);
	}

	@Override
	void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile database) {
		CalibrationAttributes.setDefaults(configuration, database);
	}

	/** Reads the first 16 bytes of a {@code .db} file, nothing of any other. */
	static boolean isDatabase(IFile file) {
		if (!"db".equalsIgnoreCase(file.getFileExtension()) || !file.isAccessible()) {
			return false;
		}
		try (InputStream in = file.getContents(true)) {
			return Arrays.equals(SQLITE_HEADER, in.readNBytes(SQLITE_HEADER.length));
		} catch (IOException | CoreException unreadable) {
			return false;
		}
	}
}
