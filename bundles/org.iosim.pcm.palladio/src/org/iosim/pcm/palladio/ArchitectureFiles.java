package org.iosim.pcm.palladio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.SourceLocation;

/** Saves and loads IOSim's own model files ({@code .iosim}): one architecture model per file. */
public final class ArchitectureFiles {

	private static final Pattern PARSER_POSITION = Pattern.compile("columnNumber: \\d+; ");
	private static final Pattern EMF_POSITION = Pattern.compile("\\s*\\([^()]*, \\d+, \\d+\\)$");

	private ArchitectureFiles() {
	}

	/**
	 * Writes a copy of the model, so the model itself stays where it is (e.g. in another resource).
	 *
	 * @throws IOException if the file cannot be written
	 */
	public static void save(ArchitectureModel model, Path file) throws IOException {
		Resource resource = new IosimResourceFactory()
				.createResource(URI.createFileURI(file.toAbsolutePath().normalize().toString()));
		resource.getContents().add(EcoreUtil.copy(model));
		resource.save(null);
	}

	/**
	 * @return one model set named after the model (or the file), or none and an error that says why
	 *         the file cannot be loaded (e.g. malformed XML with line and column); never throws
	 */
	public static ImportResult load(Path file) {
		String display = file.toString();
		ResourceSet resourceSet = IosimResourceFactory.newResourceSet();
		Resource resource = resourceSet
				.createResource(URI.createFileURI(file.toAbsolutePath().normalize().toString()));
		List<Diagnostic> diagnostics = new ArrayList<>();
		try {
			resource.load(null);
		} catch (IOException | RuntimeException e) {
			if (resource.getErrors().isEmpty()) {
				diagnostics.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0,
						"the file cannot be loaded: " + rootCause(e).getMessage()));
			}
		}
		report(resource.getErrors(), Severity.ERROR, display, diagnostics);
		report(resource.getWarnings(), Severity.WARNING, display, diagnostics);
		if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
			return new ImportResult(List.of(), diagnostics);
		}
		if (resource.getContents().isEmpty()
				|| !(resource.getContents().get(0) instanceof ArchitectureModel model)) {
			diagnostics.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0,
					"the file does not contain an IOSim architecture model"));
			return new ImportResult(List.of(), diagnostics);
		}
		SourceLocation.attach(model, display, 0);
		String name = model.getName() == null || model.getName().isBlank() ? baseName(file) : model.getName();
		return new ImportResult(List.of(new ModelSet(name, model, List.of(file))), diagnostics);
	}

	private static void report(List<Resource.Diagnostic> problems, Severity severity, String display,
			List<Diagnostic> diagnostics) {
		for (Resource.Diagnostic problem : problems) {
			diagnostics.add(Diagnostic.inFile(severity, display, Math.max(problem.getLine(), 0),
					Math.max(problem.getColumn(), 0), readable(String.valueOf(problem.getMessage()))));
		}
	}

	/**
	 * EMF passes on the XML parser's exception text, which repeats file, line and column; the
	 * diagnostic states those itself.
	 */
	private static String readable(String message) {
		Matcher parserMessage = PARSER_POSITION.matcher(message);
		if (parserMessage.find()) {
			String detail = EMF_POSITION.matcher(message.substring(parserMessage.end()).trim()).replaceFirst("");
			return (detail.contains("DOCTYPE")
					? "XML is rejected, document type declarations are not allowed in model files: "
					: "XML is not well-formed: ") + detail;
		}
		return EMF_POSITION.matcher(message).replaceFirst("");
	}

	private static Throwable rootCause(Throwable throwable) {
		Throwable cause = throwable;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause;
	}

	private static String baseName(Path file) {
		String name = file.getFileName().toString();
		int dot = name.lastIndexOf('.');
		return dot > 0 ? name.substring(0, dot) : name;
	}
}
