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
 * describe the request. Resource types, resource interfaces and scheduling policies of the model's
 * own (not Palladio's) are written to {@code BASE.resourcetype}, which the other files refer to.
 * <p>
 * A model refined by the I/O completion ({@code transform}) is written with its I/O configuration
 * beside it, {@code BASE.ioconfig}: each I/O action as the HddInterface calls of the action the
 * completion took it from (an I/O action of the model's own as an internal action making those
 * calls), so that completing the files with that configuration gives the refined model again. The
 * configuration refers to the files its analysis models name (tables, stored models) relative to
 * itself; they are not copied. The HDD resources the completion removed from the containers it
 * virtualized are not known to a refined model, so they are not written.
 * <p>
 * All files are built in memory first, so a model that cannot be written leaves no file behind.
 */
public final class PalladioExporter {

	/**
	 * Starts the ids the export makes up for elements that have none (e.g. those of a model built in
	 * code), because PCM files refer to elements by id; a re-import keeps them.
	 */
	public static final String GENERATED_ID_PREFIX = "_iosimExport";

	/**
	 * Starts the id of the role requiring HddInterface that the export adds to a component of a
	 * refined model whose I/O requests came from HDD demands: written as HddInterface calls, they
	 * need such a role. The component's id follows.
	 */
	public static final String HDD_ROLE_ID_PREFIX = GENERATED_ID_PREFIX + "HddRole.";

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
