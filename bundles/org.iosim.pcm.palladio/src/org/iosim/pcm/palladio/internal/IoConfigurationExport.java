package org.iosim.pcm.palladio.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.resource.IosimResourceFactory;

/**
 * The I/O configuration a refined model carries, as the {@code .ioconfig} file {@code --io} reads
 * (XMI of the I/O metamodel, saved as the configuration editor saves it). What the completion and
 * the analysis binding derive from the file is left out, because they derive it again: the
 * containers a storage serves and the analysis model it is bound to.
 */
final class IoConfigurationExport {

	private IoConfigurationExport() {
	}

	/**
	 * @param folder    the absolute folder the file is written to: the files an analysis model names
	 *                  (a table, a stored regression model) are referred to relative to it, never copied
	 * @param writtenId the id a container has in the written files
	 */
	static byte[] write(IoConfiguration refined, Path folder, String fileName,
			Function<ResourceContainer, String> writtenId) throws PalladioExportException {
		IoConfiguration written = EcoreUtil.copy(refined);
		for (VirtualizedStorage storage : written.getStorages()) {
			if (storage.getContainers().isEmpty()) {
				// a storage made in code names its containers only by reference
				storage.getServedContainers().forEach(container -> storage.getContainers().add(writtenId.apply(container)));
			}
			storage.getServedContainers().clear();
			storage.setAnalysisModel(null);
		}
		for (AnalysisModelDefinition definition : written.getAnalysisModels()) {
			definition.setBaseDirectory(relativeBaseDirectory(folder, definition.getBaseDirectory()));
		}
		Resource resource = IosimResourceFactory.newResourceSet()
				.createResource(URI.createFileURI(folder.resolve(fileName).toString()));
		resource.getContents().add(written);
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try {
			resource.save(bytes, null);
		} catch (IOException | RuntimeException unwritable) {
			throw new PalladioExportException("cannot write '" + fileName + "': " + unwritable.getMessage(), unwritable);
		}
		return bytes.toByteArray();
	}

	/**
	 * A refined model names the folder of an analysis model's files absolutely (a relative one is
	 * read from the working directory); the written file names it relative to itself (unset when it
	 * is the file's own folder), as configuration files name their files, so the output holds no path
	 * of the machine it was written on.
	 */
	private static String relativeBaseDirectory(Path folder, String baseDirectory) {
		if (baseDirectory == null) {
			return null;
		}
		String relative = folder.relativize(Path.of(baseDirectory).toAbsolutePath().normalize()).toString();
		return relative.isEmpty() ? null : relative.replace(folder.getFileSystem().getSeparator(), "/");
	}
}
