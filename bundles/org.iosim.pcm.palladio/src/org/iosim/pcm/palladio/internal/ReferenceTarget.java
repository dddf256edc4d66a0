package org.iosim.pcm.palladio.internal;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;

/**
 * Where a reference in a model file points: an element of the same file, of another file (given
 * relative to the referencing file, as {@code file:} URI or as Eclipse workspace path), or of a
 * model reached through a {@code pathmap://} URI.
 *
 * @param written  the reference as written in the file, for messages
 * @param kind     what kind of location it is
 * @param path     the other file (absolute, normalized) for {@link Kind#OTHER_FILE}
 * @param display  how to name the other file in messages, or the pathmap location after
 *                 {@code pathmap://} for {@link Kind#PATHMAP}
 * @param fragment what follows {@code #}: an id or an EMF path
 */
record ReferenceTarget(String written, Kind kind, Path path, String display, String fragment) {

	enum Kind {
		SAME_FILE, OTHER_FILE, PATHMAP, UNSUPPORTED
	}

	private static final String PLATFORM_RESOURCE = "platform:/resource/";

	/**
	 * @param written a reference token: {@code id}, {@code #id}, {@code file#fragment} or
	 *                {@code pathmap://MAP/file#fragment}
	 * @param source  the file that contains the reference
	 */
	static ReferenceTarget parse(String written, XmiFile source) {
		int hash = written.indexOf('#');
		if (hash < 0) {
			return new ReferenceTarget(written, Kind.SAME_FILE, null, null, written);
		}
		String location = URI.decode(written.substring(0, hash));
		String fragment = URI.decode(written.substring(hash + 1));
		if (location.isEmpty()) {
			return new ReferenceTarget(written, Kind.SAME_FILE, null, null, fragment);
		}
		if (location.startsWith(DefaultModels.PATHMAP_PREFIX)) {
			return new ReferenceTarget(written, Kind.PATHMAP, null,
					location.substring(DefaultModels.PATHMAP_PREFIX.length()), fragment);
		}
		try {
			if (location.startsWith(PLATFORM_RESOURCE)) {
				return inWorkspace(written, location.substring(PLATFORM_RESOURCE.length()), fragment, source);
			}
			if (location.startsWith("file:")) {
				Path path = Path.of(new java.net.URI(location)).toAbsolutePath().normalize();
				return new ReferenceTarget(written, Kind.OTHER_FILE, path, path.toString(), fragment);
			}
			if (location.contains(":/")) {
				return unsupported(written, location, fragment);
			}
			return relative(written, location, fragment, source);
		} catch (URISyntaxException | IllegalArgumentException notAPath) {
			// e.g. a file: URI with a host, or a character no path may contain
			return unsupported(written, location, fragment);
		}
	}

	private static ReferenceTarget unsupported(String written, String location, String fragment) {
		return new ReferenceTarget(written, Kind.UNSUPPORTED, null, location, fragment);
	}

	private static ReferenceTarget relative(String written, String location, String fragment, XmiFile source) {
		Path path = source.path().resolveSibling(location).normalize();
		Path shownParent = Path.of(source.displayName()).getParent();
		String display = (shownParent == null ? Path.of(location) : shownParent.resolve(location)).normalize()
				.toString();
		return new ReferenceTarget(written, Kind.OTHER_FILE, path, display, fragment);
	}

	/**
	 * {@code platform:/resource/PROJECT/PATH} names a file in an Eclipse workspace, which an import
	 * does not have; the project is looked for among the folders containing the referencing file,
	 * and otherwise the path is taken relative to the referencing file's folder.
	 */
	private static ReferenceTarget inWorkspace(String written, String workspacePath, String fragment,
			XmiFile source) {
		int slash = workspacePath.indexOf('/');
		Path fileName = slash < 0 ? null : Path.of(workspacePath.substring(slash + 1)).getFileName();
		if (fileName == null) {
			return unsupported(written, PLATFORM_RESOURCE + workspacePath, fragment);
		}
		String project = workspacePath.substring(0, slash);
		String inProject = workspacePath.substring(slash + 1);
		for (Path folder = source.path().getParent(); folder != null; folder = folder.getParent()) {
			Path candidate = folder.resolve(inProject).normalize();
			if (folder.getFileName() != null && folder.getFileName().toString().equals(project)
					&& Files.exists(candidate)) {
				return new ReferenceTarget(written, Kind.OTHER_FILE, candidate, candidate.toString(), fragment);
			}
		}
		return relative(written, fileName.toString(), fragment, source);
	}
}
