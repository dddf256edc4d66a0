package org.iosim.qpn.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;

import org.iosim.files.SecureXml;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Parses a {@code .qpe} file into {@link XmlElement}s with a SAX parser that refuses document type
 * declarations, external entities and XInclude ({@code .qpe} files are untrusted input), within the
 * {@link QpeFileLimits}.
 */
public final class QpeParser {


	/** Either the document element or why the file could not be parsed (a message without the file name). */
	public record Outcome(XmlElement root, String problem) {
	}

	private QpeParser() {
	}

	public static Outcome parse(Path file, long maxBytes) {
		try (InputStream input = QpeFileLimits.open(file, maxBytes)) {
			TreeBuilder builder = new TreeBuilder();
			SecureXml.newParser().parse(new InputSource(input), builder);
			return new Outcome(builder.root, null);
		} catch (SAXParseException e) {
			String message = String.valueOf(e.getMessage());
			String problem = message.contains("DOCTYPE")
					? "a document type declaration (DOCTYPE) is not allowed in .qpe files, so the file is not read"
					: e instanceof LimitExceeded ? message : "the file is not well-formed XML: " + message;
			return new Outcome(null, "line " + Math.max(e.getLineNumber(), 0) + ": " + problem);
		} catch (SAXException | ParserConfigurationException e) {
			return new Outcome(null, "the XML cannot be parsed: " + e.getMessage());
		} catch (IOException e) {
			return new Outcome(null, QpeFileLimits.describe(e));
		}
	}

	/** A file the parser stops reading because it passes one of the {@link QpeFileLimits}. */
	private static final class LimitExceeded extends SAXParseException {
		private static final long serialVersionUID = 1L;

		LimitExceeded(String message, Locator locator) {
			super(message, locator);
		}
	}

	private static final class TreeBuilder extends DefaultHandler {

		private final Deque<XmlElement> open = new ArrayDeque<>();
		private XmlElement root;
		private Locator locator;
		private int elements;

		@Override
		public void setDocumentLocator(Locator locator) {
			this.locator = locator;
		}

		@Override
		public void startElement(String uri, String localName, String qualifiedName, Attributes attributes)
				throws LimitExceeded {
			if (open.size() >= QpeFileLimits.MAX_ELEMENT_DEPTH) {
				throw new LimitExceeded("element '" + qualifiedName + "' is nested " + (open.size() + 1)
						+ " levels deep; .qpe files may nest elements at most " + QpeFileLimits.MAX_ELEMENT_DEPTH
						+ " levels deep", locator);
			}
			if (++elements > QpeFileLimits.MAX_ELEMENTS) {
				throw new LimitExceeded("the file has more than " + QpeFileLimits.MAX_ELEMENTS
						+ " elements, more than a .qpe file may have", locator);
			}
			XmlElement parent = open.peek();
			XmlElement element = new XmlElement(localName, parent, locator == null ? 0 : locator.getLineNumber());
			for (int i = 0; i < attributes.getLength(); i++) {
				boolean schemaInstance = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI.equals(attributes.getURI(i));
				element.putAttribute(schemaInstance ? "xsi:" + attributes.getLocalName(i) : attributes.getLocalName(i),
						attributes.getValue(i));
			}
			if (parent == null) {
				root = element;
			} else {
				parent.addChild(element);
			}
			open.push(element);
		}

		@Override
		public void endElement(String uri, String localName, String qualifiedName) {
			open.pop();
		}
	}
}
