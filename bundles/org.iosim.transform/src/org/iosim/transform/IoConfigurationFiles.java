package org.iosim.transform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.iosim.files.SecureXml;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoPackage;
import org.iosim.pcm.resource.IosimResourceFactory;

/** Reads and writes I/O configuration files ({@code .ioconfig}: XMI of the I/O extension metamodel). */
public final class IoConfigurationFiles {

	public static final String FILE_EXTENSION = "ioconfig";

	private IoConfigurationFiles() {
	}

	/**
	 * @throws TransformationException naming the file and what is wrong with it (missing, not XML,
	 *                                 not an I/O configuration)
	 */
	public static IoConfiguration load(Path file) throws TransformationException {
		if (!Files.isRegularFile(file)) {
			throw new TransformationException(file + ": the I/O configuration file does not exist");
		}
		Resource resource = IosimResourceFactory.newResourceSet()
				.createResource(URI.createFileURI(file.toAbsolutePath().toString()));
		try {
			resource.load(SecureXml.emfLoadOptions());
		} catch (IOException | RuntimeException unreadable) {
			throw new TransformationException(file + ": cannot read the I/O configuration: " + reason(unreadable));
		}
		if (!resource.getErrors().isEmpty()) {
			Resource.Diagnostic first = resource.getErrors().get(0);
			throw new TransformationException(file + ": line " + first.getLine() + ": " + first.getMessage());
		}
		if (resource.getContents().size() != 1 || !(resource.getContents().get(0) instanceof IoConfiguration)) {
			throw new TransformationException(file + ": the file holds no io:IoConfiguration (namespace "
					+ IoPackage.eNS_URI + ")");
		}
		return (IoConfiguration) resource.getContents().get(0);
	}

	private static String reason(Exception unreadable) {
		Throwable cause = unreadable;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause.getMessage() == null ? cause.toString() : cause.getMessage();
	}
}
