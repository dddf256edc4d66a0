package org.iosim.pcm.palladio;

import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.palladio.internal.PalladioImport;

/**
 * Imports Palladio PCM 5.2 model files ({@code .repository .system .resourceenvironment .allocation
 * .usagemodel .resourcetype}) into IOSim architecture models. Problems never escape as exceptions;
 * they are returned as diagnostics that name the file, the line and the element.
 * <p>
 * A folder is searched for model files, those with the extensions above (other files are ignored),
 * directly and in its subfolders up to eight levels down; hidden folders (named {@code .*}) are left
 * out, and symbolic links are followed unless they lead back into the folders being searched. The
 * model files directly in a named folder are planned into model sets together with the files named
 * one by one; each subfolder that holds model files makes its model sets on its own, exactly as if
 * it had been named alone (so a folder of Palladio example projects gives the model sets of each).
 * Files of other folders join a model set only where its files refer to them.
 * <p>
 * Model files are untrusted input. Document type declarations (and with them all entities) are
 * refused, nothing is fetched from the network, and a file is refused if it is larger than 32 MiB,
 * nests elements more than 100 levels deep or has more than a million elements; names are cut to
 * 1000 characters, and at most 100 problems are listed per file (the rest are counted).
 */
public final class PalladioImporter {

	/**
	 * @param paths folders (with their subfolders, see above), single model files (plus every file
	 *              they refer to), or IOSim {@code .iosim} files; a named file with another extension
	 *              is an error
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
