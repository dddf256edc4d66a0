package org.iosim.calibration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.calibration.internal.CalibrationReport;
import org.iosim.measure.MeasuredDelay;
import org.iosim.report.OutputFolder;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes a calibration into its output folder, complete or not at all:
 * <ul>
 * <li>{@code NAME.json}: the analysis model definition (kind {@code regression}), which
 * {@code --models DIR} makes available to every I/O configuration;</li>
 * <li>{@code models/read-delay.json}, {@code models/write-delay.json}: the stored regression models
 * (in a subfolder, since every JSON file beside the definition would be read as one);</li>
 * <li>{@code measured-delays.csv}: the rows the models learnt from and were tested on;</li>
 * <li>{@code calibration.html}: the self-contained calibration report.</li>
 * </ul>
 */
public final class CalibrationFolder {

	public static final String REPORT = "calibration.html";
	public static final String DATA = "measured-delays.csv";
	public static final String MODELS = "models";

	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

	private CalibrationFolder() {
	}

	/**
	 * @param systemUnderStudy the feature that names the measured machine in the definition
	 * @param overwrite        whether an existing, non-empty folder may be replaced
	 * @return the absolute output folder
	 */
	public static Path write(Calibration.Result result, String systemUnderStudy, Path folder, boolean overwrite)
			throws IOException {
		return OutputFolder.fill(folder, overwrite, staging -> {
			Path models = Files.createDirectory(staging.resolve(MODELS));
			for (Calibration.TypeModel model : result.models()) {
				model.model().save(models.resolve(model.fileStem() + ".json"));
			}
			Files.writeString(staging.resolve(fileName(result.settings().name()) + ".json"),
					definition(result, systemUnderStudy), StandardCharsets.UTF_8);
			List<MeasuredDelay> rows = new ArrayList<>();
			for (Calibration.TypeModel model : result.models()) {
				rows.addAll(model.training());
				rows.addAll(model.test());
			}
			MeasuredDelay.writeCsv(rows, staging.resolve(DATA));
			Files.writeString(staging.resolve(REPORT), CalibrationReport.html(result, systemUnderStudy),
					StandardCharsets.UTF_8);
		});
	}

	/** The definition in the stored-model format of {@code AnalysisModelRegistry.loadStored}. */
	static String definition(Calibration.Result result, String systemUnderStudy) throws IOException {
		ObjectNode root = JSON.createObjectNode();
		root.put("name", result.settings().name());
		root.put("kind", "regression");
		ObjectNode features = root.putObject("features");
		features.put("systemUnderStudy", systemUnderStudy);
		features.put("formalism", "regression");
		ObjectNode parameters = root.putObject("parameters");
		for (Calibration.TypeModel model : result.models()) {
			parameters.put(model.type() == org.iosim.pcm.io.IoType.READ ? "readModel" : "writeModel",
					MODELS + "/" + model.fileStem() + ".json");
		}
		return JSON.writeValueAsString(root) + "\n";
	}

	/** A model name as a file name: letters, digits, '-', '_' and '.' kept, anything else '_'. */
	static String fileName(String name) {
		String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
		return safe.isEmpty() || safe.startsWith(".") ? "model" + safe : safe;
	}
}
