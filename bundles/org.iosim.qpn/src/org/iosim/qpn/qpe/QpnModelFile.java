package org.iosim.qpn.qpe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.iosim.files.SecureXml;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Identified;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.QpnPackage;
import org.iosim.qpn.Queue;
import org.iosim.qpn.internal.QpeFileLimits;

/**
 * IOSim's own file of a net ({@code .qpn}): XMI of the QPN metamodel, with references by element id,
 * so that a net edited or generated in IOSim keeps everything the metamodel holds. Read like a
 * {@code .qpe}: untrusted input, parsed without document type declarations or external entities,
 * refused over the size limit, every problem a message naming the file and the line.
 */
public final class QpnModelFile {

	public static final String EXTENSION = "qpn";

	/** The parser's own position text, which EMF passes on; the diagnostic states line and column itself. */
	private static final Pattern PARSER_POSITION = Pattern.compile("columnNumber: \\d+; ");
	/** EMF's "(uri, line, column)" at the end of a message. */
	private static final Pattern EMF_POSITION = Pattern.compile("\\([^()]*, \\d+, \\d+\\)");
	/** An exception's class name that a parser put in front of its message. */
	private static final Pattern EXCEPTION_NAME = Pattern.compile("^(?:[\\w$]+\\.)+[\\w$]*(?:Exception|Error)\\b:?\\s*");
	private static final int MAX_MESSAGE_LENGTH = 200;

	/** @return the net and the problems found; the net is null when the file could not be read */
	public QpeReadResult read(Path file) {
		String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
		try {
			long size = Files.size(file);
			if (size > QpeFileLimits.DEFAULT_MAX_FILE_BYTES) {
				return failed(fileName, "the file has " + size + " bytes, more than the " + QpeFileLimits.DEFAULT_MAX_FILE_BYTES
						+ " a net file may have");
			}
		} catch (NoSuchFileException missing) {
			return failed(fileName, "no such file");
		} catch (IOException unreadable) {
			return failed(fileName, "cannot be read");
		}
		Resource resource = newResourceSet().createResource(URI.createFileURI(file.toAbsolutePath().toString()));
		try (InputStream in = QpeFileLimits.open(file, QpeFileLimits.DEFAULT_MAX_FILE_BYTES)) {
			resource.load(in, SecureXml.emfLoadOptions());
		} catch (IOException | RuntimeException unreadable) {
			List<QpnDiagnostic> diagnostics = new ArrayList<>();
			for (Resource.Diagnostic error : resource.getErrors()) {
				diagnostics.add(error(fileName, error));
			}
			if (diagnostics.isEmpty()) {
				diagnostics.add(new QpnDiagnostic(QpnDiagnostic.Severity.ERROR,
						fileName + ": not a net file: " + readable(unreadable.getMessage())));
			}
			return new QpeReadResult(null, diagnostics);
		}
		List<QpnDiagnostic> diagnostics = new ArrayList<>();
		for (Resource.Diagnostic error : resource.getErrors()) {
			diagnostics.add(error(fileName, error));
		}
		if (resource.getContents().size() != 1 || !(resource.getContents().get(0) instanceof Net net)) {
			diagnostics.add(new QpnDiagnostic(QpnDiagnostic.Severity.ERROR,
					fileName + ": the file must hold exactly one net, as its only root element"));
			return new QpeReadResult(null, diagnostics);
		}
		// only what references point at must be unique (QPME repeats connection ids between transitions)
		Map<String, Identified> byId = new HashMap<>();
		for (var contents = net.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Identified identified && identified.getId() != null && referenceable(identified)) {
				Identified earlier = byId.putIfAbsent(identified.getId(), identified);
				if (earlier != null) {
					diagnostics.add(new QpnDiagnostic(QpnDiagnostic.Severity.ERROR, fileName + ": id '" + identified.getId()
							+ "' is used by a " + identified.eClass().getName() + " and a " + earlier.eClass().getName()
							+ "; references by it are ambiguous"));
				}
			}
		}
		resource.getContents().clear();
		return new QpeReadResult(net, diagnostics);
	}

	private static boolean referenceable(Identified element) {
		return element instanceof Colour || element instanceof Queue || element instanceof Node
				|| element instanceof ColourReference;
	}

	/** Writes the net; elements with an id are referenced by it. */
	public void write(Net net, Path file) throws IOException {
		Resource resource = newResourceSet().createResource(URI.createFileURI(file.toAbsolutePath().toString()));
		Net copy = EcoreUtil.copy(net);
		resource.getContents().add(copy);
		try (var out = Files.newOutputStream(file)) {
			resource.save(out, Map.of(XMLResource.OPTION_ENCODING, "UTF-8", XMLResource.OPTION_LINE_WIDTH, 100,
					XMLResource.OPTION_SCHEMA_LOCATION, Boolean.FALSE));
		}
	}

	private static ResourceSet newResourceSet() {
		ResourceSet resourceSet = new ResourceSetImpl();
		resourceSet.getPackageRegistry().put(QpnPackage.eNS_URI, QpnPackage.eINSTANCE);
		resourceSet.getResourceFactoryRegistry().getExtensionToFactoryMap().put(Resource.Factory.Registry.DEFAULT_EXTENSION,
				(Resource.Factory) uri -> new XMIResourceImpl(uri) {
					@Override
					protected boolean useUUIDs() {
						return false;
					}
				});
		return resourceSet;
	}

	private static QpnDiagnostic error(String fileName, Resource.Diagnostic error) {
		String where = error.getLine() > 0 ? ": line " + error.getLine() + ", column " + error.getColumn() : "";
		return new QpnDiagnostic(QpnDiagnostic.Severity.ERROR, fileName + where + ": " + readable(error.getMessage()));
	}

	private static QpeReadResult failed(String fileName, String message) {
		return new QpeReadResult(null, List.of(new QpnDiagnostic(QpnDiagnostic.Severity.ERROR, fileName + ": " + message)));
	}

	/** A parser's or EMF's message without the exception's name and the positions it repeats. */
	private static String readable(String message) {
		if (message == null) {
			return "the file cannot be read as a net";
		}
		String text = message;
		Matcher parser = PARSER_POSITION.matcher(text);
		if (parser.find()) {
			text = text.substring(parser.end());
		}
		// only from the last parenthesis: a pattern scanning the whole message could take quadratic time
		int position = text.lastIndexOf('(');
		if (position >= 0 && EMF_POSITION.matcher(text.substring(position).strip()).matches()) {
			text = text.substring(0, position);
		}
		text = text.strip();
		for (Matcher name = EXCEPTION_NAME.matcher(text); name.find(); name = EXCEPTION_NAME.matcher(text)) {
			text = text.substring(name.end());
		}
		text = text.replaceAll("[\\p{Cntrl}]", " ").strip();
		if (text.isEmpty()) {
			return "the file cannot be read as a net";
		}
		if (text.contains("DOCTYPE")) {
			return "document type declarations are not allowed in net files";
		}
		return text.length() > MAX_MESSAGE_LENGTH ? text.substring(0, MAX_MESSAGE_LENGTH) + "…" : text;
	}
}
