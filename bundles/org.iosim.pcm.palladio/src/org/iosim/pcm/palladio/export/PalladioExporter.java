package org.iosim.pcm.palladio.export;

import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.internal.PalladioExport;

/**
 * Writes an IOSim architecture model as a Palladio PCM 5.2 model set: {@code BASE.repository},
 * {@code BASE.system}, {@code BASE.resourceenvironment}, {@code BASE.allocation} and
 * {@code BASE.usagemodel} (further repositories of the model as {@code BASE.2.repository} and so on).
 * The files use PCM's XMI feature names and namespaces, keep the model's ids, and refer to Palladio's
 * resource types and primitive data types through {@code pathmap://PCM_MODELS/}, so that they open in
 * Palladio Bench and import into IOSim as the same model. I/O is written as it is modelled: calls of
 * Palladio's {@code HddInterface} whose inputs {@code size}, {@code sequentiality} and {@code fileSet}
 * describe the request.
 * <p>
 * All files are built in memory first, so a model that cannot be written leaves no file behind.
 */
public final class PalladioExporter {

	/**
	 * Starts the ids the export makes up for elements that have none (e.g. those of a model built in
	 * code), because PCM files refer to elements by id; a re-import keeps them.
	 */
	public static final String GENERATED_ID_PREFIX = "_iosimExport";

	private PalladioExporter() {
	}

	/**
	 * Writes the model set, refusing to replace existing files.
	 *
	 * @param baseName the files' name without extension; no path separators
	 * @return the files written, repository first
	 * @throws PalladioExportException naming the element that PCM files cannot hold (yet), or the
	 *                                 file that exists or cannot be written
	 */
	public static List<Path> export(ArchitectureModel model, Path folder, String baseName)
			throws PalladioExportException {
		return export(model, folder, baseName, false);
	}

	/** Like {@link #export(ArchitectureModel, Path, String)}; {@code overwrite} allows replacing files. */
	public static List<Path> export(ArchitectureModel model, Path folder, String baseName, boolean overwrite)
			throws PalladioExportException {
		return new PalladioExport(model, baseName).writeTo(folder, overwrite);
	}
}
