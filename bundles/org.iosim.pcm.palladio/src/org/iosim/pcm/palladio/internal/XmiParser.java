package org.iosim.pcm.palladio.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import org.iosim.files.XmlTreeReader;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;

/**
 * Reads model files with {@link XmlTreeReader} (model files are untrusted input), within the
 * {@link ModelFileLimits}, recording the line of every element. An {@code xmi:XMI} document element
 * only wraps the roots.
 */
final class XmiParser {

	private static final XmlTreeReader.Limits LIMITS = new XmlTreeReader.Limits("model files", "a model file",
			ModelFileLimits.MAX_ELEMENT_DEPTH, ModelFileLimits.MAX_ELEMENTS);

	/** Either the parsed file or the reason it could not be read. */
	record Outcome(XmiFile file, Diagnostic problem) {
	}

	private XmiParser() {
	}

	static Outcome parse(Path path, String displayName) {
		XmiFile file = new XmiFile(path, displayName);
		try (InputStream input = ModelFileLimits.open(path)) {
			XmlTreeReader.read(input, path.toUri().toString(), LIMITS, new Elements(file));
			return new Outcome(file, null);
		} catch (XmlTreeReader.Problem problem) {
			String message = switch (problem.kind()) {
			case DOCUMENT_TYPE -> "XML is rejected, document type declarations are not allowed in model files: "
					+ problem.getMessage();
			case NOT_WELL_FORMED -> "XML is not well-formed: " + problem.getMessage();
			case UNPARSABLE -> "XML cannot be parsed: " + problem.getMessage();
			case LIMIT, UNREADABLE -> problem.getMessage();
			};
			return new Outcome(null,
					Diagnostic.inFile(Severity.ERROR, displayName, problem.line(), problem.column(), message));
		} catch (IOException e) {
			return new Outcome(null, Diagnostic.inFile(Severity.ERROR, displayName, 0, 0, ModelFileLimits.describe(e)));
		}
	}

	/** The file's elements: roots are the document element, or the children of an {@code xmi:XMI} wrapper. */
	private static final class Elements implements XmlTreeReader.Elements<XmlElement> {

		private final XmiFile file;
		private XmlElement wrapper;

		Elements(XmiFile file) {
			this.file = file;
		}

		@Override
		public XmlElement element(XmlElement parent, String namespace, String localName, int line) {
			return new XmlElement(file, parent == wrapper ? null : parent, namespace, localName, line);
		}

		@Override
		public void attribute(XmlElement element, String key, String value) {
			element.putAttribute(key, value);
		}

		@Override
		public void add(XmlElement parent, XmlElement element) {
			if (parent == null && XmlTreeReader.XMI_NAMESPACE.equals(element.namespace())
					&& "XMI".equals(element.localName())) {
				wrapper = element;
				return;
			}
			if (parent == null || parent == wrapper) {
				file.addRoot(element);
			} else {
				parent.addChild(element);
			}
			file.index(element);
		}
	}
}
