package org.iosim.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that it appears complete or not at all: the content goes into a temporary file
 * beside it, which is then moved into place in one step. A failed or interrupted write leaves the
 * previous file, if any, as it was.
 */
public final class WholeFiles {

	/** Writes the content of a file that does not yet carry its final name. */
	@FunctionalInterface
	public interface Content {
		void writeInto(Path file) throws IOException;
	}

	private WholeFiles() {
	}

	/** Writes the file, replacing one of that name; creates its folder if needed. */
	public static void write(Path file, Content content) throws IOException {
		Path absolute = file.toAbsolutePath();
		Files.createDirectories(absolute.getParent());
		Path temporary = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
		try {
			content.writeInto(temporary);
			Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		} finally {
			Files.deleteIfExists(temporary);
		}
	}
}
