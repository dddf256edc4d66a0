package org.iosim.files.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.iosim.files.LimitedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a user's file within a limit, and what is said when it cannot be read. */
class LimitedFilesTest {

	@TempDir
	Path folder;

	@Test
	void aFileWithinTheLimitIsReadWhole() throws IOException {
		Path file = Files.write(folder.resolve("net.qpe"), new byte[] { 1, 2, 3 });
		try (InputStream input = LimitedFiles.open(file, 3, "a .qpe file")) {
			assertArrayEquals(new byte[] { 1, 2, 3 }, input.readAllBytes());
		}
	}

	@Test
	void foldersDevicesAndLargeFilesAreRefusedWithTheLimitNamed() throws IOException {
		IOException folderRefused = assertThrows(IOException.class, () -> LimitedFiles.open(folder, 100, "a model file"));
		assertEquals("this is a folder, not a model file", LimitedFiles.describe(folderRefused));

		Path device = Path.of("/dev/zero");
		assumeTrue(Files.exists(device), "no /dev/zero here");
		IOException deviceRefused = assertThrows(IOException.class, () -> LimitedFiles.open(device, 100, "a model file"));
		assertEquals("this is no regular file (but e.g. a device or pipe), so it is not read",
				LimitedFiles.describe(deviceRefused));

		Path large = Files.write(folder.resolve("large.repository"), new byte[2 << 20]);
		IOException tooLarge = assertThrows(IOException.class, () -> LimitedFiles.open(large, 1 << 20, "a model file"));
		assertEquals("the file has more than 1048576 bytes (1 MiB), the most a model file may have, so it is not read",
				LimitedFiles.describe(tooLarge));
	}

	/** A file that reports no size (as {@code /proc} files do) or grows while it is read is cut off at the limit. */
	@Test
	void theLimitHoldsWhileReading() throws IOException {
		Path procFile = Path.of("/proc/self/maps");
		assumeTrue(Files.isRegularFile(procFile) && Files.size(procFile) == 0, "no /proc file without a size here");
		try (InputStream input = LimitedFiles.open(procFile, 16, "a .qpe file")) {
			IOException refused = assertThrows(IOException.class, input::readAllBytes);
			assertEquals("the file has more than 16 bytes, the most a .qpe file may have, so it is not read",
					LimitedFiles.describe(refused));
		}
	}

	@Test
	void problemsAreDescribedInWordsWithoutJavaNames() {
		assertEquals("the file does not exist", LimitedFiles.describe(new NoSuchFileException("/x/y.qpe")));
		assertEquals("the file cannot be read: permission denied", LimitedFiles.describe(new AccessDeniedException("/x")));
		assertEquals("the file declares the character encoding 'EBCDIC-XYZ', which is not supported",
				LimitedFiles.describe(new UnsupportedEncodingException("EBCDIC-XYZ")));
		assertEquals("the file's bytes do not match its character encoding: invalid byte 2 of 3",
				LimitedFiles.describe(new CharConversionException("invalid byte 2 of 3")));
		assertEquals("the file cannot be read: input/output error",
				LimitedFiles.describe(new IOException()));
	}
}
