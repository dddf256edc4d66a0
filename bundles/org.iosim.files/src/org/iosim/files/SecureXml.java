package org.iosim.files;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;

import org.xml.sax.SAXException;

/**
 * The one way IOSim parses a user's XML: no document type declarations, no external entities, DTDs
 * or schemas, no XInclude, so that a file can neither read other files nor expand into gigabytes.
 * Callers bound the element nesting and count themselves, with messages that name their limits.
 */
public final class SecureXml {

	/** Property of the JDK's XML parser that bounds element nesting (its own default differs between JDKs). */
	public static final String JDK_MAX_ELEMENT_DEPTH = "jdk.xml.maxElementDepth";

	private SecureXml() {
	}

	/** @return a namespace-aware, non-validating SAX parser for untrusted files */
	public static SAXParser newParser() throws ParserConfigurationException, SAXException {
		SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
		factory.setNamespaceAware(true);
		factory.setValidating(false);
		factory.setXIncludeAware(false);
		factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
		factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
		factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
		SAXParser parser = factory.newSAXParser();
		parser.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
		parser.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
		// the callers bound the nesting with a message that names the limit; the JDK's own bound differs
		// between JDK versions (none in Java 21, 100 in Java 25), so it is switched off
		parser.setProperty(JDK_MAX_ELEMENT_DEPTH, "0");
		return parser;
	}
}
