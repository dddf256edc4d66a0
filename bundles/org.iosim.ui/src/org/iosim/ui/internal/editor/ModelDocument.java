package org.iosim.ui.internal.editor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.pcm.validation.Diagnostic;

/**
 * The model an editor shows for one file: an {@code .iosim} file's own model, or the Palladio model
 * set that a PCM file ({@code .repository}, {@code .system}, ...) belongs to, read as the command
 * line reads it. Saving writes an {@code .iosim} file as it is, and a Palladio model set as PCM 5.2
 * files named after the opened file ({@code BASE.repository}, {@code BASE.system}, ...), as
 * {@code iosim export --to palladio} writes them.
 */
final class ModelDocument {

	private static final int LISTED_ERRORS = 5;

	private final Path file;
	private final ModelSet modelSet;
	private final List<Diagnostic> diagnostics;

	private ModelDocument(Path file, ModelSet modelSet, List<Diagnostic> diagnostics) {
		this.file = file;
		this.modelSet = modelSet;
		this.diagnostics = diagnostics;
	}

	/** @throws IOException with a message naming the file and its first errors when it cannot be read */
	static ModelDocument open(Path file) throws IOException {
		ImportResult imported = isIosimFile(file) ? ArchitectureFiles.load(file)
				: new PalladioImporter().importPath(file.toAbsolutePath().getParent());
		Path absolute = file.toAbsolutePath().normalize();
		ModelSet modelSet = imported.modelSets().stream()
				.filter(set -> set.files().stream().anyMatch(member -> member.toAbsolutePath().normalize().equals(absolute)))
				.findFirst().orElse(null);
		List<Diagnostic> errors = modelSet == null ? imported.errors() : imported.errorsIn(modelSet);
		if (modelSet == null || !errors.isEmpty()) {
			String listed = errors.stream().limit(LISTED_ERRORS).map(Diagnostic::format)
					.collect(Collectors.joining("\n"));
			throw new IOException(file.getFileName() + " cannot be opened"
					+ (listed.isEmpty() ? ": no model set of the folder contains it" : ":\n" + listed));
		}
		return new ModelDocument(file, modelSet, imported.diagnostics());
	}

	static boolean isIosimFile(Path file) {
		return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".iosim");
	}

	ArchitectureModel model() {
		return modelSet.model();
	}

	String modelSetName() {
		return modelSet.name();
	}

	/** What reading the files found (warnings, and errors of other model sets in the folder). */
	List<Diagnostic> diagnostics() {
		return diagnostics;
	}

	/** @return the files written */
	List<Path> save() throws IOException {
		if (isIosimFile(file)) {
			ArchitectureFiles.save(model(), file);
			return List.of(file);
		}
		String name = file.getFileName().toString();
		String baseName = name.substring(0, name.lastIndexOf('.'));
		try {
			return PalladioExporter.export(model(), file.toAbsolutePath().getParent(), baseName, true);
		} catch (PalladioExportException cannotWrite) {
			throw new IOException(cannotWrite.getMessage(), cannotWrite);
		}
	}

	Path file() {
		return file;
	}
}
