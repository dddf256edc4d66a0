package org.iosim.pcm.palladio.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;

import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.files.SecureXml;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads model files with a SAX parser that refuses document type declarations, external entities
 * and XInclude (model files are untrusted input), within the {@link ModelFileLimits}, recording the
 * line of every element.
 */
final class XmiParser {

	static final String XSI_NAMESPACE = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
	static final String XMI_NAMESPACE = "http://www.omg.org/XMI";

	/** Either the parsed file or the reason it could not be read. */
	record Outcome(XmiFile file, Diagnostic problem) {
	}

	private XmiParser() {
	}

	static Outcome parse(Path path, String displayName) {
		XmiFile file = new XmiFile(path, displayName);
		try (InputStream input = ModelFileLimits.open(path)) {
			InputSource source = new InputSource(input);
			source.setSystemId(path.toUri().toString());
			SecureXml.newParser().parse(source, new TreeBuilder(file));
			return new Outcome(file, null);
		} catch (LimitExceeded e) {
			return failure(displayName, e.getLineNumber(), e.getColumnNumber(), e.getMessage());
		} catch (SAXParseException e) {
			String message = String.valueOf(e.getMessage());
			String kind = message.contains("DOCTYPE")
					? "XML is rejected, document type declarations are not allowed in model files: "
					: "XML is not well-formed: ";
			return failure(displayName, e.getLineNumber(), e.getColumnNumber(), kind + message);
		} catch (SAXException | ParserConfigurationException e) {
			return failure(displayName, 0, 0, "XML cannot be parsed: " + e.getMessage());
		} catch (IOException e) {
			return failure(displayName, 0, 0, ModelFileLimits.describe(e));
		}
	}

	/** Line and column are negative where unknown. */
	private static Outcome failure(String displayName, int line, int column, String message) {
		return new Outcome(null,
				Diagnostic.inFile(Severity.ERROR, displayName, Math.max(line, 0), Math.max(column, 0), message));
	}

	/** A file the parser stops reading because it passes one of the {@link ModelFileLimits}. */
	private static final class LimitExceeded extends SAXParseException {
		private static final long serialVersionUID = 1L;

		LimitExceeded(String message, Locator locator) {
			super(message, locator);
		}
	}

	/**
	 * Builds the element tree; an {@code xmi:XMI} document element only wraps the roots. Refuses files
	 * that nest elements deeper than {@link ModelFileLimits#MAX_ELEMENT_DEPTH} or have more than
	 * {@link ModelFileLimits#MAX_ELEMENTS}.
	 */
	private static final class TreeBuilder extends DefaultHandler {

		private final XmiFile file;
		private final Deque<XmlElement> open = new ArrayDeque<>();
		private Locator locator;
		private boolean wrapped;
		private int elements;

		TreeBuilder(XmiFile file) {
			this.file = file;
		}

		@Override
		public void setDocumentLocator(Locator locator) {
			this.locator = locator;
		}

		@Override
		public void startElement(String uri, String localName, String qualifiedName, Attributes attributes)
				throws LimitExceeded {
			if (open.size() >= ModelFileLimits.MAX_ELEMENT_DEPTH) {
				throw new LimitExceeded("element '" + qualifiedName + "' is nested " + (open.size() + 1)
						+ " levels deep; model files may nest elements at most " + ModelFileLimits.MAX_ELEMENT_DEPTH
						+ " levels deep", locator);
			}
			if (++elements > ModelFileLimits.MAX_ELEMENTS) {
				throw new LimitExceeded("the file has more than " + ModelFileLimits.MAX_ELEMENTS
						+ " elements, more than a model file may have", locator);
			}
			XmlElement parent = open.peek();
			if (parent == null && XMI_NAMESPACE.equals(uri) && "XMI".equals(localName)) {
				wrapped = true;
				open.push(new XmlElement(file, null, uri, localName, line()));
				return;
			}
			boolean root = parent == null || (wrapped && open.size() == 1);
			XmlElement element = new XmlElement(file, root ? null : parent, uri, localName, line());
			for (int i = 0; i < attributes.getLength(); i++) {
				element.putAttribute(key(attributes.getURI(i), attributes.getLocalName(i)), attributes.getValue(i));
			}
			if (root) {
				file.addRoot(element);
			} else {
				parent.addChild(element);
			}
			file.index(element);
			open.push(element);
		}

		@Override
		public void endElement(String uri, String localName, String qualifiedName) {
			open.pop();
		}

		private static String key(String namespace, String localName) {
			if (XSI_NAMESPACE.equals(namespace)) {
				return "xsi:" + localName;
			}
			if (XMI_NAMESPACE.equals(namespace)) {
				return "xmi:" + localName;
			}
			return localName;
		}

		private int line() {
			return locator == null ? 0 : locator.getLineNumber();
		}
	}
}
