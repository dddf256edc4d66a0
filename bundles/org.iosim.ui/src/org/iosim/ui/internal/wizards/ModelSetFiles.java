package org.iosim.ui.internal.wizards;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.Repository;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.ui.IosimUi;
import org.osgi.framework.Bundle;

/**
 * What the new-model and import wizards make in the workspace: an empty model set, a copy of
 * one of IOSim's examples, or a Palladio folder from the file system copied in, linked in place or
 * converted into {@code .iosim} files. Nothing that exists is overwritten: a name already taken is
 * refused before anything is written.
 */
public final class ModelSetFiles {

	/** File and folder names the wizards accept: letters, digits, '.', '_' and '-'. */
	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
	private static final String EXAMPLES = "examples";
	/** The files of a Palladio model set (and IOSim's I/O configurations beside them). */
	static final Set<String> MODEL_EXTENSIONS = Set.of("repository", "system", "resourceenvironment", "allocation",
			"usagemodel", "resourcetype", "ioconfig");

	private ModelSetFiles() {
	}

	/** @return null when the name can be a file or folder name, else why not */
	public static String nameProblem(String name) {
		if (name.isEmpty()) {
			return "a name is needed";
		}
		return NAME.matcher(name).matches() ? null
				: "'" + name + "' is not a name: use letters, digits, '.', '_' and '-', starting with a letter or digit";
	}

	/** The examples this workbench carries (those of the repository's examples/ folder). */
	public static List<String> bundledExamples() {
		Bundle bundle = Platform.getBundle(IosimUi.PLUGIN_ID);
		Enumeration<String> entries = bundle.getEntryPaths(EXAMPLES + "/");
		List<String> examples = new ArrayList<>();
		for (String entry : entries == null ? List.<String>of() : Collections.list(entries)) {
			if (entry.endsWith("/")) {
				String name = entry.substring(EXAMPLES.length() + 1, entry.length() - 1);
				examples.add(name);
			}
		}
		Collections.sort(examples);
		return examples;
	}

	/** Copies an example into a new folder of the container. */
	public static IFolder copyExample(String example, IContainer container, String folderName, IProgressMonitor monitor)
			throws CoreException {
		IFolder folder = newFolder(container, folderName);
		Bundle bundle = Platform.getBundle(IosimUi.PLUGIN_ID);
		Enumeration<String> entries = bundle.getEntryPaths(EXAMPLES + "/" + example + "/");
		if (entries == null) {
			throw new CoreException(Status.error("IOSim has no example '" + example + "'"));
		}
		folder.create(false, true, monitor);
		for (String entry : Collections.list(entries)) {
			if (entry.endsWith("/")) {
				continue;
			}
			URL content = bundle.getEntry(entry);
			try (InputStream in = content.openStream()) {
				folder.getFile(entry.substring(entry.lastIndexOf('/') + 1)).create(in, false, monitor);
			} catch (IOException unreadable) {
				throw new CoreException(Status.error("the example file " + entry + " cannot be read", unreadable));
			}
		}
		return folder;
	}

	/**
	 * Writes an empty model set as an {@code .iosim} file: a repository, resource environment,
	 * system, allocation and usage model without elements, with Palladio's resource types (CPU, HDD,
	 * DELAY, LAN) and primitive data types, so that the model editor can fill it. The validator then
	 * says what it still lacks. The model is made by importing an empty Palladio model set written
	 * to a temporary folder, which is where IOSim's import builds Palladio's default types.
	 *
	 * @return the new file, which the model editor opens
	 */
	public static IFile createEmpty(IContainer container, String name, IProgressMonitor monitor) throws CoreException {
		String problem = nameProblem(name);
		if (problem != null) {
			throw new CoreException(Status.error(problem));
		}
		IFile file = container.getFile(IPath.fromPortableString(name + ".iosim"));
		if (file.exists()) {
			throw new CoreException(Status.error(file.getFullPath() + " exists already; choose another name"));
		}
		Path scratch = null;
		try {
			scratch = Files.createTempDirectory("iosim-new-model");
			String xmi = "xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\"";
			String pcm = "http://palladiosimulator.org/PalladioComponentModel/";
			write(scratch.resolve("empty.resourceenvironment"), "<resourceenvironment:ResourceEnvironment " + xmi
					+ " xmlns:resourceenvironment=\"" + pcm + "ResourceEnvironment/5.2\" entityName=\"" + name + " hosts\"/>");
			write(scratch.resolve("empty.system"), "<system:System " + xmi + " xmlns:system=\"" + pcm
					+ "System/5.2\" id=\"system\" entityName=\"" + name + "\"/>");
			write(scratch.resolve("empty.allocation"), "<allocation:Allocation " + xmi + " xmlns:allocation=\"" + pcm
					+ "Allocation/5.2\" id=\"allocation\" entityName=\"" + name + " deployment\">\n"
					+ "  <targetResourceEnvironment_Allocation href=\"empty.resourceenvironment#/\"/>\n"
					+ "  <system_Allocation href=\"empty.system#system\"/>\n</allocation:Allocation>");
			write(scratch.resolve("empty.usagemodel"), "<usagemodel:UsageModel " + xmi + " xmlns:usagemodel=\"" + pcm
					+ "UsageModel/5.2\"/>");
			ImportResult imported = new PalladioImporter().importPath(scratch);
			if (imported.modelSets().size() != 1) {
				throw new CoreException(Status.error("an empty model set cannot be made: " + imported.diagnostics()));
			}
			ArchitectureModel model = imported.modelSets().get(0).model();
			model.setName(name);
			Repository repository = PcmFactory.eINSTANCE.createRepository();
			repository.setId(name + ".repository");
			repository.setName(name);
			model.getRepositories().add(repository);
			ArchitectureFiles.save(model, file.getLocation().toPath());
		} catch (IOException cannotWrite) {
			throw new CoreException(Status.error(file.getFullPath() + " cannot be written: " + cannotWrite.getMessage()));
		} finally {
			deleteQuietly(scratch);
		}
		file.refreshLocal(0, monitor);
		return file;
	}

	private static void write(Path file, String root) throws IOException {
		Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root + "\n");
	}

	private static void deleteQuietly(Path folder) {
		if (folder == null) {
			return;
		}
		try (Stream<Path> files = Files.list(folder)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(folder);
		} catch (IOException leftBehind) {
			// a temporary folder the system cleans up; the model file is written
		}
	}

	/** @return what an import of the folder finds: its model sets and their problems */
	public static ImportResult inspect(Path source) {
		return new PalladioImporter().importPath(source);
	}

	/** Copies the folder's model files (and those of its subfolders) into a new folder of the container. */
	public static IFolder copyPalladioFolder(Path source, IContainer container, String folderName, IProgressMonitor monitor)
			throws CoreException {
		IFolder folder = newFolder(container, folderName);
		List<Path> files;
		try (Stream<Path> walk = Files.walk(source)) {
			files = walk.filter(Files::isRegularFile).filter(file -> MODEL_EXTENSIONS.contains(extension(file)))
					.sorted().toList();
		} catch (IOException unreadable) {
			throw new CoreException(Status.error(source + " cannot be read: " + unreadable.getMessage()));
		}
		folder.create(false, true, monitor);
		for (Path file : files) {
			IPath relative = IPath.fromPath(source.relativize(file));
			createFolders(folder, relative.removeLastSegments(1), monitor);
			try (InputStream in = Files.newInputStream(file)) {
				folder.getFile(relative).create(in, false, monitor);
			} catch (IOException unreadable) {
				throw new CoreException(Status.error(file + " cannot be read: " + unreadable.getMessage()));
			}
		}
		return folder;
	}

	/** Links the folder into the project where it is: the workbench edits the user's files in place. */
	public static IFolder linkPalladioFolder(Path source, IProject project, String folderName, IProgressMonitor monitor)
			throws CoreException {
		IFolder folder = newFolder(project, folderName);
		folder.createLink(IPath.fromPath(source.toAbsolutePath()), 0, monitor);
		return folder;
	}

	/**
	 * Converts every model set of the folder into an {@code .iosim} file named after it, in the
	 * container; refuses when a model set has errors, or when a file of that name exists.
	 */
	public static List<IFile> convertPalladioFolder(Path source, IContainer container, IProgressMonitor monitor)
			throws CoreException {
		ImportResult imported = inspect(source);
		if (imported.hasErrors() || imported.modelSets().isEmpty()) {
			String first = imported.errors().stream().findFirst().map(Diagnostic::format).orElse("it holds no model set");
			throw new CoreException(Status.error(source + " cannot be converted: " + first));
		}
		List<IFile> files = new ArrayList<>();
		for (ModelSet modelSet : imported.modelSets()) {
			String name = modelSet.name().replaceAll("[^A-Za-z0-9._-]", "-") + ".iosim";
			IFile file = container.getFile(IPath.fromPortableString(name));
			if (file.exists() || files.contains(file)) {
				throw new CoreException(Status.error(file.getFullPath() + " exists already; nothing was converted"));
			}
			files.add(file);
		}
		for (int i = 0; i < files.size(); i++) {
			IFile file = files.get(i);
			try {
				ArchitectureFiles.save(imported.modelSets().get(i).model(), file.getLocation().toPath());
			} catch (IOException cannotWrite) {
				throw new CoreException(Status.error(file.getFullPath() + " cannot be written: " + cannotWrite.getMessage()));
			}
			file.refreshLocal(0, monitor);
		}
		return files;
	}

	/** The repository files in the folder and below it: what the model editor opens on a model set made there. */
	static List<IFile> repositories(IContainer folder) throws CoreException {
		List<IFile> found = new ArrayList<>();
		folder.accept(resource -> {
			if (resource instanceof IFile file && "repository".equals(file.getFileExtension())) {
				found.add(file);
			}
			return true;
		});
		return found;
	}

	private static IFolder newFolder(IContainer container, String name) throws CoreException {
		String problem = nameProblem(name);
		if (problem != null) {
			throw new CoreException(Status.error(problem));
		}
		IFolder folder = container.getFolder(IPath.fromPortableString(name));
		if (folder.exists() || folder.getLocation() != null && Files.exists(folder.getLocation().toPath())) {
			throw new CoreException(Status.error(folder.getFullPath() + " exists already; choose another name"));
		}
		return folder;
	}

	private static void createFolders(IFolder base, IPath path, IProgressMonitor monitor) throws CoreException {
		IFolder current = base;
		for (String segment : path.segments()) {
			current = current.getFolder(segment);
			if (!current.exists()) {
				current.create(false, true, monitor);
			}
		}
	}


	private static String extension(Path file) {
		String name = file.getFileName().toString();
		int dot = name.lastIndexOf('.');
		return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
	}
}
