package org.iosim.ui.internal.launch;

import java.io.IOException;
import java.io.InputStream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * "Run As → IOSim Measurement" on a measurement plan: a {@code .json} file holding an object with
 * {@code factors} or a {@code design}, which other JSON files of IOSim (volumes, what-if scenarios,
 * application campaigns) do not have.
 */
public final class MeasurementShortcut extends FileLaunchShortcut {

	/** Plans are a few hundred bytes; a larger JSON file is not read on a selection to find out. */
	private static final long MAX_PLAN_BYTES = 64 * 1024;

	private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
			.streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).build()).build());

	public MeasurementShortcut() {
		super(MeasurementAttributes.TYPE_ID, MeasurementAttributes.PLAN, "IOSim Measurement", "measure");
	}

	@Override
	boolean launches(IFile file) {
		return isPlan(file);
	}

	@Override
	void setDefaults(ILaunchConfigurationWorkingCopy configuration, IFile plan) {
		MeasurementAttributes.setDefaults(configuration, plan);
	}

	/** Reads at most {@value #MAX_PLAN_BYTES} bytes of a {@code .json} file, nothing of any other. */
	static boolean isPlan(IFile file) {
		if (!"json".equalsIgnoreCase(file.getFileExtension()) || !file.isAccessible()
				|| file.getLocation() == null || file.getLocation().toFile().length() > MAX_PLAN_BYTES) {
			return false;
		}
		try (InputStream in = file.getContents(true)) {
			JsonNode root = JSON.readTree(in);
			return root != null && root.isObject() && (root.path("factors").isObject() || root.has("design"));
		} catch (IOException | CoreException notAPlan) {
			return false;
		}
	}
}
