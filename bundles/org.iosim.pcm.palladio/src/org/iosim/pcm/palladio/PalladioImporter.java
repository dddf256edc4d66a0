package org.iosim.pcm.palladio;

import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.palladio.internal.PalladioImport;

/**
 * Imports Palladio PCM 5.2 model files ({@code .repository .system .resourceenvironment .allocation
 * .usagemodel .resourcetype}) into IOSim architecture models. Problems never escape as exceptions;
 * they are returned as diagnostics that name the file, the line and the element.
 */
public final class PalladioImporter {

	/**
	 * @param paths folders (their model files, not those of sub-folders, plus every file those refer
	 *              to), single model files (plus every file they refer to), or IOSim {@code .iosim}
	 *              files
	 * @return one model set per allocation (and per usage model that uses its system, if there are
	 *         several), with the problems found
	 */
	public ImportResult importPaths(List<Path> paths) {
		return new PalladioImport().run(paths);
	}

	/** Imports a single folder or file; see {@link #importPaths(List)}. */
	public ImportResult importPath(Path path) {
		return importPaths(List.of(path));
	}
}
