package org.iosim.qpn.storage;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Calibrating the templates of 001 §7.4 and §7.5 from files, as {@code iosim qpn calibrate --template}
 * does: the measured data and templates read, the template calibrated, and what its files hold. Front
 * ends check their arguments, call this, write the files and present the result.
 */
public final class TemplateCalibrations {

	private TemplateCalibrations() {
	}

	/** An input cannot be used; the message names the file and what is wrong with it. */
	public static final class UnusableInputException extends Exception {
		private static final long serialVersionUID = 1L;

		UnusableInputException(String message) {
			super(message);
		}
	}

	/**
	 * A storage template calibrated from measurements.
	 *
	 * @param mixedLeftOut mixed read/write rows of the data, which the homogeneous hardware templates
	 *                     do not learn from
	 * @param text         the calibrated template's file ({@link StorageFiles#write})
	 */
	public record StorageTemplate(StorageCalibration.Result result, int mixedLeftOut, String text) {
	}

	/**
	 * Calibrates a storage template (cache or cache-raid) from the single-class configurations of the
	 * data ({@link MeasuredData#storageRows}).
	 */
	public static StorageTemplate storage(Path data, StorageCalibration.Settings settings) throws UnusableInputException {
		MeasuredData.StorageRows measured;
		try {
			measured = MeasuredData.storageRows(data, settings.template());
		} catch (MeasuredData.UnusableDataException unusable) {
			throw new UnusableInputException(unusable.getMessage());
		}
		StorageCalibration.Result result;
		try {
			result = StorageCalibration.calibrate(measured.rows(), settings);
		} catch (IllegalArgumentException unusable) {
			throw new UnusableInputException(data + ": " + unusable.getMessage());
		}
		return new StorageTemplate(result, measured.mixedLeftOut(), StorageFiles.write(result.storage(), result.rows()));
	}

	/**
	 * Calibrates the scheduler model of heterogeneous workloads from the data
	 * ({@link MeasuredData#schedulerRows}) over a calibrated storage template's service times.
	 *
	 * @param settings the calibration's settings for the storage template read from {@code storage}
	 */
	public static SchedulerCalibration.Result scheduler(Path data, Path storage,
			Function<CalibratedStorage, SchedulerCalibration.Settings> settings, SchedulerCalibration.Progress progress)
			throws UnusableInputException {
		CalibratedStorage template;
		try {
			template = StorageFiles.read(storage);
		} catch (StorageFiles.StorageFileException unusable) {
			throw new UnusableInputException(unusable.getMessage());
		}
		try {
			return SchedulerCalibration.calibrate(MeasuredData.schedulerRows(data), settings.apply(template), progress);
		} catch (MeasuredData.UnusableDataException unusable) {
			throw new UnusableInputException(unusable.getMessage());
		} catch (IllegalArgumentException unusable) {
			throw new UnusableInputException(data + ": " + unusable.getMessage());
		}
	}

	/**
	 * @return the file beside {@code model} that its weight model is written to: {@code NAME-weights.json}
	 *         for {@code NAME.json}
	 */
	public static Path weightModelFile(Path model) {
		String name = model.getFileName().toString();
		String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
		return model.resolveSibling(stem + "-weights.json");
	}

	/**
	 * @return how a scheduler model written to {@code model} names the storage template it schedules:
	 *         relative to its own folder
	 * @throws IllegalArgumentException if the template is not in that folder or below it
	 */
	public static String storageNameFor(Path model, Path storage) {
		String name = model.toAbsolutePath().getParent().relativize(storage.toAbsolutePath()).toString();
		if (name.startsWith("..")) {
			throw new IllegalArgumentException("the storage template must be in the scheduler model's folder or below"
					+ " it, since the model names it relative to itself");
		}
		return name;
	}
}
