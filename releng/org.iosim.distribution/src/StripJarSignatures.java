import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Removes the signature files from the jars of the ./iosim classpath (run by the launcher with
 * Java's source launcher after each build). The JVM cannot put classes of signed jars into the
 * class-data-sharing archive and checks their signatures on every start; EMF's jars are signed, and
 * unsigned copies start IOSim about 0.2 s faster. The jars' contents are otherwise unchanged.
 */
public final class StripJarSignatures {

	private static final Pattern SIGNATURE = Pattern.compile("META-INF/[^/]+\\.(SF|RSA|DSA|EC)", Pattern.CASE_INSENSITIVE);

	public static void main(String[] args) throws IOException {
		try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
			for (Path jar : jars) {
				if (isSigned(jar)) {
					stripSignatures(jar);
				}
			}
		}
	}

	private static boolean isSigned(Path jar) throws IOException {
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			return zip.stream().anyMatch(entry -> SIGNATURE.matcher(entry.getName()).matches());
		}
	}

	private static void stripSignatures(Path jar) throws IOException {
		Path unsigned = jar.resolveSibling(jar.getFileName() + ".unsigned");
		try (ZipFile zip = new ZipFile(jar.toFile());
				ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(unsigned))) {
			for (ZipEntry entry : zip.stream().toList()) {
				if (SIGNATURE.matcher(entry.getName()).matches()) {
					continue;
				}
				out.putNextEntry(new ZipEntry(entry.getName()));
				try (InputStream in = zip.getInputStream(entry)) {
					in.transferTo(out);
				}
				out.closeEntry();
			}
		}
		Files.move(unsigned, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}
}
