package org.iosim.files;

import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;

import org.eclipse.emf.ecore.xmi.XMLResource;
import org.xml.sax.SAXException;

/**
 * The one way IOSim parses a user's XML: no document type declarations, no external entities, DTDs
 * or schemas, no XInclude, so that a file can neither read other files nor expand into gigabytes.
 * Callers bound the element nesting and count themselves, with messages that name their limits. EMF
 * resources (IOSim's own model files, QPME nets) load with {@link #emfLoadOptions()}, which give EMF's
 * parser the same features.
 */
public final class SecureXml {

	/** Property of the JDK's XML parser that bounds element nesting (its own default differs between JDKs). */
	public static final String JDK_MAX_ELEMENT_DEPTH = "jdk.xml.maxElementDepth";

	/** The parser features that keep out document type declarations and external entities and DTDs. */
	private static final Map<String, Boolean> PARSER_FEATURES = Map.of(
			"http://apache.org/xml/features/disallow-doctype-decl", Boolean.TRUE,
			"http://xml.org/sax/features/external-general-entities", Boolean.FALSE,
			"http://xml.org/sax/features/external-parameter-entities", Boolean.FALSE,
			"http://apache.org/xml/features/nonvalidating/load-external-dtd", Boolean.FALSE);

	private SecureXml() {
	}

	/**
	 * @return load options of an EMF XML resource for untrusted files: the parser features of
	 *         {@link #newParser()}, references resolved once the whole file is read, and no record
	 *         of unknown features (which an error reports instead)
	 */
	public static Map<Object, Object> emfLoadOptions() {
		return Map.of(
				XMLResource.OPTION_PARSER_FEATURES, PARSER_FEATURES,
				XMLResource.OPTION_DEFER_IDREF_RESOLUTION, Boolean.TRUE,
				XMLResource.OPTION_RECORD_UNKNOWN_FEATURE, Boolean.FALSE);
	}

	/** @return a namespace-aware, non-validating SAX parser for untrusted files */
	public static SAXParser newParser() throws ParserConfigurationException, SAXException {
		SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
		factory.setNamespaceAware(true);
		factory.setValidating(false);
		factory.setXIncludeAware(false);
		factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
		for (Map.Entry<String, Boolean> feature : PARSER_FEATURES.entrySet()) {
			factory.setFeature(feature.getKey(), feature.getValue());
		}
		SAXParser parser = factory.newSAXParser();
		parser.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
		parser.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
		// the callers bound the nesting with a message that names the limit; the JDK's own bound differs
		// between JDK versions (none in Java 21, 100 in Java 25), so it is switched off
		parser.setProperty(JDK_MAX_ELEMENT_DEPTH, "0");
		return parser;
	}
}
