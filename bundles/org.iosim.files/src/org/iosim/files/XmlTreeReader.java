package org.iosim.files;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;

import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads an untrusted XML file into a tree of the caller's elements, with {@link SecureXml}'s parser
 * and within {@link Limits} on nesting and element count, recording each element's line. Readers of
 * different formats share the rules (what is refused, which limit, where) and word the outcome for
 * their users themselves: a {@link Problem} says what kind of failure it was, where, and why.
 *
 * <p>Attributes are keyed by their local name, except those in the XML Schema instance and XMI
 * namespaces, keyed {@code xsi:NAME} and {@code xmi:NAME} whatever prefix the file bound them to.
 */
public final class XmlTreeReader {

	public static final String XMI_NAMESPACE = "http://www.omg.org/XMI";

	/**
	 * How deep and how many elements a file may have; beyond them the parser stops, before memory or
	 * the recursive walks of what reads the tree run out.
	 *
	 * @param files  the files, as a refusal names them ("model files")
	 * @param aFile  one of them ("a model file")
	 */
	public record Limits(String files, String aFile, int maxElementDepth, int maxElements) {
	}

	/** Makes the caller's elements as the parser meets them. */
	public interface Elements<E> {
		/** @param parent the enclosing element, null for the document element */
		E element(E parent, String namespace, String localName, int line);

		void attribute(E element, String key, String value);

		/** After the element's attributes: {@code parent} gets the element, null for the document element. */
		void add(E parent, E element);
	}

	/** Why a file gave no tree, without the file's name (the caller names it as its users know it). */
	public static final class Problem extends Exception {
		private static final long serialVersionUID = 1L;

		/** What went wrong. */
		public enum Kind {
			/** the file declares a document type (DOCTYPE), which is never read */
			DOCUMENT_TYPE,
			/** the file is not well-formed XML */
			NOT_WELL_FORMED,
			/** the file passes one of the {@link Limits}; the detail names it */
			LIMIT,
			/** the parser could not be made or stopped for another reason */
			UNPARSABLE,
			/** the file could not be read; the detail says why, in words */
			UNREADABLE
		}

		private final Kind kind;
		private final int line;
		private final int column;

		Problem(Kind kind, int line, int column, String detail, Throwable cause) {
			super(detail, cause);
			this.kind = kind;
			this.line = Math.max(line, 0);
			this.column = Math.max(column, 0);
		}

		public Kind kind() {
			return kind;
		}

		/** @return the line, 0 where unknown */
		public int line() {
			return line;
		}

		/** @return the column, 0 where unknown */
		public int column() {
			return column;
		}
	}

	private XmlTreeReader() {
	}

	/**
	 * @param systemId where the input comes from (a file's URI), or null
	 * @return the document element
	 * @throws Problem if the file is refused, not XML or unreadable
	 */
	public static <E> E read(InputStream input, String systemId, Limits limits, Elements<E> elements) throws Problem {
		TreeBuilder<E> builder = new TreeBuilder<>(limits, elements);
		try {
			InputSource source = new InputSource(input);
			source.setSystemId(systemId);
			SecureXml.newParser().parse(source, builder);
			return builder.root;
		} catch (LimitExceeded exceeded) {
			throw new Problem(Problem.Kind.LIMIT, exceeded.getLineNumber(), exceeded.getColumnNumber(),
					exceeded.getMessage(), exceeded);
		} catch (SAXParseException malformed) {
			String message = String.valueOf(malformed.getMessage());
			throw new Problem(message.contains("DOCTYPE") ? Problem.Kind.DOCUMENT_TYPE : Problem.Kind.NOT_WELL_FORMED,
					malformed.getLineNumber(), malformed.getColumnNumber(), message, malformed);
		} catch (SAXException | ParserConfigurationException unparsable) {
			throw new Problem(Problem.Kind.UNPARSABLE, 0, 0, String.valueOf(unparsable.getMessage()), unparsable);
		} catch (IOException unreadable) {
			throw new Problem(Problem.Kind.UNREADABLE, 0, 0, LimitedFiles.describe(unreadable), unreadable);
		}
	}

	/** @return how an attribute is keyed: {@code xsi:NAME}, {@code xmi:NAME} or its local name */
	public static String key(String namespace, String localName) {
		if (XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI.equals(namespace)) {
			return "xsi:" + localName;
		}
		if (XMI_NAMESPACE.equals(namespace)) {
			return "xmi:" + localName;
		}
		return localName;
	}

	/** A file the parser stops reading because it passes one of the limits. */
	private static final class LimitExceeded extends SAXParseException {
		private static final long serialVersionUID = 1L;

		LimitExceeded(String message, Locator locator) {
			super(message, locator);
		}
	}

	private static final class TreeBuilder<E> extends DefaultHandler {

		private final Limits limits;
		private final Elements<E> elements;
		private final Deque<E> open = new ArrayDeque<>();
		private Locator locator;
		private int count;
		private E root;

		TreeBuilder(Limits limits, Elements<E> elements) {
			this.limits = limits;
			this.elements = elements;
		}

		@Override
		public void setDocumentLocator(Locator locator) {
			this.locator = locator;
		}

		@Override
		public void startElement(String uri, String localName, String qualifiedName, Attributes attributes)
				throws LimitExceeded {
			if (open.size() >= limits.maxElementDepth()) {
				throw new LimitExceeded("element '" + qualifiedName + "' is nested " + (open.size() + 1) + " levels deep; "
						+ limits.files() + " may nest elements at most " + limits.maxElementDepth() + " levels deep", locator);
			}
			if (++count > limits.maxElements()) {
				throw new LimitExceeded("the file has more than " + limits.maxElements() + " elements, more than "
						+ limits.aFile() + " may have", locator);
			}
			E parent = open.peek();
			E element = elements.element(parent, uri, localName, locator == null ? 0 : locator.getLineNumber());
			for (int i = 0; i < attributes.getLength(); i++) {
				elements.attribute(element, key(attributes.getURI(i), attributes.getLocalName(i)), attributes.getValue(i));
			}
			elements.add(parent, element);
			if (parent == null) {
				root = element;
			}
			open.push(element);
		}

		@Override
		public void endElement(String uri, String localName, String qualifiedName) {
			open.pop();
		}
	}
}
