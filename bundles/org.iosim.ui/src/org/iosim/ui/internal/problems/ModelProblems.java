package org.iosim.ui.internal.problems;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.ui.IosimUi;

/**
 * IOSim's validator as problem markers: every finding of {@link ModelValidator} (the same rules
 * {@code iosim validate} applies) becomes a marker on the file it names, at its line, with the
 * element's id (or, for elements without one, its path and type), so that the Problems view lists it and a double click selects the element in the
 * model editor.
 */
public final class ModelProblems {

	private ModelProblems() {
	}

	/**
	 * What reading found and what the validator finds in the model as it is now (saved or not).
	 *
	 * @param reading what reading the files found, besides the validator's findings
	 */
	public static List<Diagnostic> check(ArchitectureModel model, List<Diagnostic> reading) {
		List<Diagnostic> all = new ArrayList<>(reading);
		all.addAll(new ModelValidator().validate(model));
		return all;
	}

	/**
	 * Replaces the IOSim markers of the model's files with the findings (of {@link #check}); markers
	 * stand for the files as saved, so editors mark them on opening and saving.
	 *
	 * @param opened the file the user opened; findings without a file of their own go there
	 * @param files  every file of the model (their old markers are removed)
	 */
	public static void mark(IFile opened, List<Path> files, List<Diagnostic> all) throws CoreException {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		for (Path file : files) {
			IFile member = root.getFileForLocation(IPath.fromPath(file.toAbsolutePath()));
			if (member != null && member.exists()) {
				member.deleteMarkers(IosimUi.PROBLEM_MARKER_ID, false, IResource.DEPTH_ZERO);
			}
		}
		opened.deleteMarkers(IosimUi.PROBLEM_MARKER_ID, false, IResource.DEPTH_ZERO);
		for (Diagnostic finding : all) {
			IFile target = finding.file() == null ? null
					: root.getFileForLocation(IPath.fromPath(Path.of(finding.file()).toAbsolutePath()));
			IMarker marker = (target != null && target.exists() ? target : opened).createMarker(IosimUi.PROBLEM_MARKER_ID);
			marker.setAttribute(IMarker.SEVERITY, finding.isError() ? IMarker.SEVERITY_ERROR : IMarker.SEVERITY_WARNING);
			marker.setAttribute(IMarker.MESSAGE, message(finding));
			if (finding.line() > 0) {
				marker.setAttribute(IMarker.LINE_NUMBER, finding.line());
			}
			if (finding.elementPath() != null) {
				marker.setAttribute(IMarker.LOCATION, finding.elementPath());
			}
			if (finding.elementId() != null) {
				marker.setAttribute(IosimUi.MARKER_ELEMENT_ID, finding.elementId());
			}
			if (finding.elementType() != null) {
				marker.setAttribute(IosimUi.MARKER_ELEMENT_TYPE, finding.elementType());
			}
			if (finding.rule() != null) {
				marker.setAttribute(IosimUi.MARKER_RULE, finding.rule().code());
			}
		}
	}

	/**
	 * The message with the element and the rule's code, as {@code iosim validate} names them, without the
	 * file (a column of its own).
	 */
	private static String message(Diagnostic finding) {
		String element = finding.elementType() == null ? ""
				: finding.elementType() + (finding.elementName() == null ? "" : " '" + finding.elementName() + "'") + ": ";
		return element + finding.message() + (finding.rule() == null ? "" : " [" + finding.rule().code() + "]");
	}
}
