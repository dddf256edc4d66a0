package org.iosim.pcm.palladio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.BasicEList;
import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.IllegalValueException;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Entity;
import org.iosim.files.SecureXml;
import org.iosim.pcm.palladio.internal.ModelFileLimits;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.SourceLocation;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Saves and loads IOSim's own model files ({@code .iosim}): one architecture model per file. A
 * loaded file must be self-contained: references into other files or to URLs are refused, so that
 * using the model never opens anything else. Loading keeps to the {@link ModelFileLimits} (size,
 * nesting, name length).
 */
public final class ArchitectureFiles {

	private static final Pattern PARSER_POSITION = Pattern.compile("columnNumber: \\d+; ");
	/** What EMF appends to a message: {@code (URI, line, column)}. */
	private static final Pattern EMF_POSITION = Pattern.compile("\\([^()]*, \\d+, \\d+\\)");
	/** The JDK parser's message code for passing {@code jdk.xml.maxElementDepth}. */
	private static final String JDK_DEPTH_EXCEEDED = "JAXP00010006";

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
	 * @return one model set named after the model (or the file), or none and errors that say why the
	 *         file cannot be loaded (e.g. malformed XML with line and column); never throws
	 */
	public static ImportResult load(Path file) {
		String display = file.toString();
		ResourceSet resourceSet = IosimResourceFactory.newResourceSet();
		BoundedResource resource = new BoundedResource(
				URI.createFileURI(file.toAbsolutePath().normalize().toString()));
		resourceSet.getResources().add(resource);
		List<Diagnostic> diagnostics = new ArrayList<>();
		try (InputStream input = ModelFileLimits.open(file)) {
			resource.load(input, Map.of(XMLResource.OPTION_PARSER_PROPERTIES,
					Map.of(SecureXml.JDK_MAX_ELEMENT_DEPTH, String.valueOf(ModelFileLimits.MAX_ELEMENT_DEPTH))));
		} catch (IOException | RuntimeException e) {
			if (resource.getErrors().isEmpty()) {
				diagnostics.add(failure(display, rootCause(e)));
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
		List<Diagnostic> contentProblems = contentProblems(model);
		diagnostics.addAll(contentProblems.subList(0,
				Math.min(contentProblems.size(), ModelFileLimits.MAX_LISTED_PROBLEMS)));
		notListed(contentProblems.size(), Severity.ERROR, display, diagnostics);
		if (!contentProblems.isEmpty()) {
			return new ImportResult(List.of(), diagnostics);
		}
		String name = model.getName() == null || model.getName().isBlank() ? baseName(file) : model.getName();
		return new ImportResult(List.of(new ModelSet(name, model, List.of(file))), diagnostics);
	}

	/**
	 * An {@code .iosim} resource that keeps the first {@link ModelFileLimits#MAX_LISTED_PROBLEMS}
	 * errors and warnings of a load and counts the others, as EMF records one per bad element, each
	 * with a stack trace.
	 */
	private static final class BoundedResource extends XMIResourceImpl {

		BoundedResource(URI uri) {
			super(uri);
			getDefaultLoadOptions().putAll(SecureXml.emfLoadOptions());
		}

		@Override
		public EList<Resource.Diagnostic> getErrors() {
			if (errors == null) {
				errors = new CountingList();
			}
			return errors;
		}

		@Override
		public EList<Resource.Diagnostic> getWarnings() {
			if (warnings == null) {
				warnings = new CountingList();
			}
			return warnings;
		}
	}

	private static final class CountingList extends BasicEList<Resource.Diagnostic> {
		private static final long serialVersionUID = 1L;
		private int added;

		@Override
		public void addUnique(Resource.Diagnostic problem) {
			if (++added <= ModelFileLimits.MAX_LISTED_PROBLEMS) {
				super.addUnique(problem);
			}
		}
	}

	private static void report(List<Resource.Diagnostic> problems, Severity severity, String display,
			List<Diagnostic> diagnostics) {
		for (Resource.Diagnostic problem : problems) {
			diagnostics.add(Diagnostic.inFile(severity, display, Math.max(problem.getLine(), 0),
					Math.max(problem.getColumn(), 0), describe(problem)));
		}
		if (problems instanceof CountingList counted) {
			notListed(counted.added, severity, display, diagnostics);
		}
	}

	private static void notListed(int found, Severity severity, String display, List<Diagnostic> diagnostics) {
		if (found > ModelFileLimits.MAX_LISTED_PROBLEMS) {
			diagnostics.add(ModelFileLimits.notListed(severity, display, found));
		}
	}

	/**
	 * EMF words an illegal value with the value's {@code toString()}, which for an element is Java's,
	 * and a problem it caught with the problem's class name.
	 */
	private static String describe(Resource.Diagnostic problem) {
		if (problem instanceof IllegalValueException illegal && illegal.getFeature() != null) {
			Object value = illegal.getValue();
			String shown = value instanceof EObject element ? "an element of type " + element.eClass().getName()
					: "'" + ModelFileLimits.shorten(String.valueOf(value)) + "'";
			String owner = illegal.getObject() == null ? "" : " of " + illegal.getObject().eClass().getName();
			return shown + " is not a legal value of '" + illegal.getFeature().getName() + "'" + owner;
		}
		if (problem instanceof Throwable wrapper && wrapper.getCause() != null) {
			return caught(wrapper.getCause());
		}
		return readable(String.valueOf(problem.getMessage()));
	}

	/** @return a problem EMF or the parser threw, in words */
	private static String caught(Throwable cause) {
		if (cause instanceof IOException problem) {
			return ModelFileLimits.describe(problem);
		}
		if (cause instanceof SAXParseException) {
			return parserProblem(String.valueOf(cause.getMessage()));
		}
		if (cause instanceof SAXException) {
			return readable(String.valueOf(cause.getMessage()));
		}
		return "the file cannot be loaded; its content is not an IOSim model IOSim can read";
	}

	/**
	 * EMF passes on the XML parser's exception text, which repeats file, line and column; the
	 * diagnostic states those itself.
	 */
	private static String readable(String message) {
		Matcher parserMessage = PARSER_POSITION.matcher(message);
		return parserMessage.find() ? parserProblem(message.substring(parserMessage.end()).trim())
				: ModelFileLimits.shorten(withoutEmfPosition(message), 500);
	}

	private static String parserProblem(String message) {
		if (message.contains(JDK_DEPTH_EXCEEDED)) {
			return "elements are nested more than " + ModelFileLimits.MAX_ELEMENT_DEPTH
					+ " levels deep; model files may nest elements at most " + ModelFileLimits.MAX_ELEMENT_DEPTH
					+ " levels deep";
		}
		String detail = withoutEmfPosition(message);
		return (detail.contains("DOCTYPE")
				? "XML is rejected, document type declarations are not allowed in model files: "
				: "XML is not well-formed: ") + detail;
	}

	/**
	 * Matches only from the last parenthesis: a pattern that also consumed the blanks before it would
	 * take time quadratic in their number, and a message may quote a value of any length.
	 */
	private static String withoutEmfPosition(String message) {
		int position = message.lastIndexOf('(');
		return position >= 0 && EMF_POSITION.matcher(message.substring(position)).matches()
				? message.substring(0, position).stripTrailing()
				: message;
	}

	/** A load that failed before EMF recorded why: the file cannot be opened, or the parser gave up. */
	private static Diagnostic failure(String display, Throwable cause) {
		int line = cause instanceof SAXParseException parse ? Math.max(parse.getLineNumber(), 0) : 0;
		int column = cause instanceof SAXParseException parse ? Math.max(parse.getColumnNumber(), 0) : 0;
		return Diagnostic.inFile(Severity.ERROR, display, line, column, caught(cause));
	}

	/**
	 * Names beyond {@link ModelFileLimits#MAX_NAME_LENGTH} would be repeated by every diagnostic
	 * (they are shortened before anything is reported); references into other files (EMF proxies)
	 * would make using the model open those files or URLs.
	 */
	private static List<Diagnostic> contentProblems(ArchitectureModel model) {
		List<Diagnostic> problems = new ArrayList<>();
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Entity entity && entity.getName() != null
					&& entity.getName().length() > ModelFileLimits.MAX_NAME_LENGTH) {
				int length = entity.getName().length();
				entity.setName(entity.getName().substring(0, ModelFileLimits.MAX_NAME_LENGTH));
				problems.add(Diagnostic.error(entity, "the name has " + length + " characters; names may have at most "
						+ ModelFileLimits.MAX_NAME_LENGTH));
			}
		}
		for (Map.Entry<EObject, Collection<EStructuralFeature.Setting>> proxy : EcoreUtil.ProxyCrossReferencer
				.find(model).entrySet()) {
			String target = ModelFileLimits.shorten(String.valueOf(EcoreUtil.getURI(proxy.getKey())));
			for (EStructuralFeature.Setting setting : proxy.getValue()) {
				problems.add(Diagnostic.error(setting.getEObject(), "reference '"
						+ setting.getEStructuralFeature().getName() + "' points to '" + target
						+ "' outside this file; an .iosim file must contain everything it refers to"));
			}
		}
		return problems;
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
