package org.iosim.robustness.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;

/**
 * What hostile model files reach for, watched: a local server that counts the connections made to
 * it (a model file must never make the importer fetch anything), and a secret file whose content
 * must never show up in diagnostics or models (external entities must never be expanded). Also
 * gives each try a fresh folder and removes it afterwards.
 */
final class ImporterSandbox implements AutoCloseable {

	private final ServerSocket server;
	private final AtomicInteger connections = new AtomicInteger();
	private final Path root;
	private final Path secretFile;
	private final String secret;

	ImporterSandbox() {
		try {
			root = Files.createTempDirectory("importer-fuzz");
			secret = "SECRET-" + UUID.randomUUID();
			secretFile = Files.writeString(root.resolve("secret.txt"), secret);
			server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		Thread.ofPlatform().daemon().name("connection counter").start(() -> {
			while (!server.isClosed()) {
				try (Socket accepted = server.accept()) {
					connections.incrementAndGet();
				} catch (IOException closed) {
					// the sandbox was closed
				}
			}
		});
	}

	int serverPort() {
		return server.getLocalPort();
	}

	String secretFile() {
		return secretFile.toString();
	}

	/** @return a new, empty folder */
	Path newFolder() {
		try {
			return Files.createTempDirectory(root, "try");
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** Fails if any import so far connected to the server or shows the secret in this result. */
	void checkNothingFetched(ImportResult result) {
		checkNothingFetched(result.diagnostics().stream().map(Diagnostic::format).toList(),
				result.modelSets().stream().map(ModelSet::model).map(EObject.class::cast).toList());
	}

	/**
	 * Fails if any reader so far connected to the server, or shows the secret in one of its messages
	 * or in an attribute of the models it read.
	 */
	void checkNothingFetched(List<String> messages, List<EObject> models) {
		if (connections.get() > 0) {
			throw new AssertionError("a model file made the reader connect to " + server.getLocalSocketAddress());
		}
		for (String message : messages) {
			if (message.contains(secret)) {
				throw new AssertionError("an external entity was expanded into a message: " + message);
			}
		}
		for (EObject model : models) {
			for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
				EObject element = contents.next();
				for (EAttribute attribute : element.eClass().getEAllAttributes()) {
					if (String.valueOf(element.eGet(attribute)).contains(secret)) {
						throw new AssertionError("an external entity was expanded into " + element.eClass().getName()
								+ "." + attribute.getName());
					}
				}
			}
		}
	}

	/** Removes the folder and everything in it, also what a try made unreadable; links are removed, not followed. */
	static void delete(Path path) {
		try {
			if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
				Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
				try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
					entries.forEach(ImporterSandbox::delete);
				}
			}
			Files.deleteIfExists(path);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	@Override
	public void close() {
		try {
			server.close();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		delete(root);
	}
}
