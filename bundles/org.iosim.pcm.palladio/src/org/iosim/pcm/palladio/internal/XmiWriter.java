package org.iosim.pcm.palladio.internal;

import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import org.iosim.pcm.palladio.export.PalladioExportException;

/** Writes an export's XMI documents: every document declares the namespaces its root's kind of file uses. */
final class XmiWriter {

	private static final String XMI = "http://www.omg.org/XMI";
	private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
	private static final String PCM = "http://palladiosimulator.org/PalladioComponentModel/";

	/** PCM's packages, by the prefixes its files use for them. */
	private static final Map<String, String> NAMESPACES = namespaces();

	private XmiWriter() {
	}

	private static Map<String, String> namespaces() {
		Map<String, String> namespaces = new LinkedHashMap<>();
		namespaces.put("xmi", XMI);
		namespaces.put("xsi", XSI);
		namespaces.put("allocation", PCM + "Allocation/5.2");
		namespaces.put("composition", PCM + "Core/Composition/5.2");
		namespaces.put("repository", PCM + "Repository/5.2");
		namespaces.put("resourceenvironment", PCM + "ResourceEnvironment/5.2");
		namespaces.put("resourcetype", PCM + "ResourceType/5.2");
		namespaces.put("seff", PCM + "SEFF/5.2");
		namespaces.put("stoex", "http://sdq.ipd.uka.de/StochasticExpressions/2.2");
		namespaces.put("system", PCM + "System/5.2");
		namespaces.put("usagemodel", PCM + "UsageModel/5.2");
		namespaces.put("usageevolution", UsageEvolutions.USAGE_EVOLUTION_NAMESPACE);
		namespaces.put("tools.descartes.dlim", UsageEvolutions.DLIM_NAMESPACE);
		return Map.copyOf(namespaces);
	}

	/** Every document declares all of PCM's namespaces, so every xsi:type prefix is bound. */
	static byte[] serialise(XmiNode root, String fileName) throws PalladioExportException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try {
			XMLStreamWriter writer = XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
			writer.writeStartDocument("UTF-8", "1.0");
			writer.writeCharacters("\n");
			String prefix = root.name.substring(0, root.name.indexOf(':'));
			writer.writeStartElement(prefix, root.name.substring(prefix.length() + 1), NAMESPACES.get(prefix));
			List<String> declared = switch (prefix) {
			case "usageevolution" -> List.of("usageevolution");
			case "tools.descartes.dlim" -> List.of("xmi", "xsi", "tools.descartes.dlim");
			default -> List.of("xmi", "xsi", "allocation", "composition", "repository", "resourceenvironment",
					"resourcetype", "seff", "stoex", "system", "usagemodel");
			};
			for (String namespacePrefix : declared) {
				writer.writeNamespace(namespacePrefix, NAMESPACES.get(namespacePrefix));
			}
			attributes(writer, root);
			children(writer, root, 1);
			writer.writeCharacters("\n");
			writer.writeEndElement();
			writer.writeEndDocument();
			writer.close();
		} catch (XMLStreamException e) {
			throw new PalladioExportException("cannot write '" + fileName + "': " + e.getMessage(), e);
		}
		return bytes.toByteArray();
	}

	private static void attributes(XMLStreamWriter writer, XmiNode node) throws XMLStreamException {
		for (Map.Entry<String, String> attribute : node.attributes.entrySet()) {
			String key = attribute.getKey();
			int colon = key.indexOf(':');
			if (colon > 0) {
				String prefix = key.substring(0, colon);
				writer.writeAttribute(prefix, NAMESPACES.get(prefix), key.substring(colon + 1), attribute.getValue());
			} else {
				writer.writeAttribute(key, attribute.getValue());
			}
		}
	}

	private static void children(XMLStreamWriter writer, XmiNode node, int depth) throws XMLStreamException {
		for (XmiNode child : node.children) {
			writer.writeCharacters("\n" + "  ".repeat(depth));
			if (child.children.isEmpty()) {
				writer.writeEmptyElement(child.name);
				attributes(writer, child);
			} else {
				writer.writeStartElement(child.name);
				attributes(writer, child);
				children(writer, child, depth + 1);
				writer.writeCharacters("\n" + "  ".repeat(depth));
				writer.writeEndElement();
			}
		}
	}
}
