import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Raises the class files older than Java 6 in the jars of the ./iosim classpath to Java 8's version,
 * with the stack maps that version requires, so that the class-data-sharing archive can hold them.
 * The JVM leaves classes older than Java 6 out of the archive, and loads and verifies them again at
 * every start: picocli and commons-math3 are compiled for Java 5, and with them archived a
 * 1,000-request simulation starts about 12 % faster. Run by the launcher with Java's source launcher
 * after each build, on JDK 24 or newer (the Class-File API). The stack maps are computed from the
 * bytecode, which is otherwise unchanged; a class whose new form does not pass the JVM's verifier
 * stays as it was.
 */
public final class UpgradeOldClassFiles {

	/** Java 6's class file version: the first the archive takes, and the first with stack maps. */
	private static final int ARCHIVABLE = 50;
	private static final int JAVA_8 = 52;

	public static void main(String[] args) throws IOException {
		List<Path> jars = new ArrayList<>();
		try (DirectoryStream<Path> found = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
			found.forEach(jars::add);
		}
		List<URL> classpath = new ArrayList<>();
		for (Path jar : jars) {
			classpath.add(jar.toUri().toURL());
		}
		// stack maps name the common super class of two types, which is looked up among these jars' classes
		try (URLClassLoader classes = new URLClassLoader(classpath.toArray(URL[]::new), null)) {
			ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
					ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.ofResourceParsing(classes)
							.orElse(ClassHierarchyResolver.defaultResolver())));
			for (Path jar : jars) {
				if (holdsOldClasses(jar)) {
					upgrade(jar, classFile);
				}
			}
		}
	}

	private static boolean holdsOldClasses(Path jar) throws IOException {
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			for (ZipEntry entry : zip.stream().toList()) {
				if (entry.getName().endsWith(".class")) {
					try (InputStream in = zip.getInputStream(entry)) {
						if (majorVersion(in.readNBytes(8)) < ARCHIVABLE) {
							return true;
						}
					}
				}
			}
		}
		return false;
	}

	/** @return the class file's major version, from its header (magic, minor, major) */
	private static int majorVersion(byte[] header) {
		return header.length < 8 ? Integer.MAX_VALUE : ((header[6] & 0xff) << 8) | (header[7] & 0xff);
	}

	private static void upgrade(Path jar, ClassFile classFile) throws IOException {
		Path upgraded = jar.resolveSibling(jar.getFileName() + ".upgraded");
		try (ZipFile zip = new ZipFile(jar.toFile());
				ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(upgraded))) {
			for (ZipEntry entry : zip.stream().toList()) {
				byte[] bytes;
				try (InputStream in = zip.getInputStream(entry)) {
					bytes = in.readAllBytes();
				}
				if (entry.getName().endsWith(".class") && majorVersion(bytes) < ARCHIVABLE) {
					bytes = upgraded(bytes, classFile);
				}
				ZipEntry copy = new ZipEntry(entry.getName());
				copy.setTime(entry.getTime());
				out.putNextEntry(copy);
				out.write(bytes);
				out.closeEntry();
			}
		}
		Files.move(upgraded, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/** @return the class at Java 8's version with stack maps, or as it was if that does not verify */
	private static byte[] upgraded(byte[] bytes, ClassFile classFile) {
		try {
			ClassModel model = classFile.parse(bytes);
			// every method body is rebuilt, which is what makes the Class-File API compute its stack maps
			ClassTransform raise = ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
					.andThen((builder, element) -> builder.with(element instanceof ClassFileVersion
							? ClassFileVersion.of(JAVA_8, 0) : element));
			byte[] raised = classFile.transformClass(model, raise);
			return classFile.verify(raised).isEmpty() ? raised : bytes;
		} catch (IllegalArgumentException | IllegalStateException unsupported) {
			return bytes; // e.g. subroutines (jsr), which Java 7's verifier refuses
		}
	}
}
