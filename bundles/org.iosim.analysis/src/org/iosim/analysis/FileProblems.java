package org.iosim.analysis;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Says in a user's words why a file could not be read or written. Java's exceptions name their
 * class and repeat the path; messages name the file themselves and add only the reason.
 */
public final class FileProblems {

	private FileProblems() {
	}

	/** @return e.g. {@code no such file or folder}, {@code permission denied}, {@code not UTF-8 text} */
	public static String reason(IOException problem) {
		if (problem instanceof NoSuchFileException) {
			return "no such file or folder";
		}
		if (problem instanceof AccessDeniedException) {
			return "permission denied";
		}
		if (problem instanceof NotDirectoryException) {
			return "not a folder";
		}
		if (problem instanceof DirectoryNotEmptyException) {
			return "the folder is not empty";
		}
		if (problem instanceof FileAlreadyExistsException) {
			return "it already exists";
		}
		if (problem instanceof CharacterCodingException) {
			return "not UTF-8 text";
		}
		if (problem instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
			return fileSystem.getReason().toLowerCase(java.util.Locale.ROOT);
		}
		return problem.getMessage() == null || problem.getMessage().isBlank() ? "input/output error"
				: problem.getMessage();
	}
}
