package org.iosim.files.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.iosim.files.SecureXml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.Attributes;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/** A user's XML cannot declare a document type, and so can neither read other files nor expand. */
class SecureXmlTest {

	@TempDir
	Path folder;

	private static List<String> elements(String xml) throws Exception {
		List<String> names = new ArrayList<>();
		SecureXml.newParser().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), new DefaultHandler() {
			@Override
			public void startElement(String uri, String localName, String qualifiedName, Attributes attributes) {
				names.add(localName);
			}
		});
		return names;
	}

	@Test
	void plainXmlIsParsedWithNamespaces() throws Exception {
		assertEquals(List.of("net", "place"), elements("<q:net xmlns:q=\"urn:q\"><q:place/></q:net>"));
	}

	@Test
	void anExternalEntityIsRefusedBeforeItIsRead() throws Exception {
		Path secret = Files.writeString(folder.resolve("secret.txt"), "the secret");
		String xml = "<?xml version=\"1.0\"?><!DOCTYPE net [<!ENTITY s SYSTEM \"" + secret.toUri()
				+ "\">]><net name=\"&s;\"/>";
		SAXParseException refused = assertThrows(SAXParseException.class, () -> elements(xml));
		assertTrue(refused.getMessage().contains("DOCTYPE"), refused.getMessage());
		assertFalse(refused.getMessage().contains("the secret"), refused.getMessage());
	}

	@Test
	void entityExpansionIsRefused() {
		String xml = "<?xml version=\"1.0\"?><!DOCTYPE net [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>"
				+ "<net name=\"&b;&b;&b;\"/>";
		assertThrows(SAXParseException.class, () -> elements(xml));
	}

	/**
	 * EMF resources (model files, nets) load with the same features: a document type is refused
	 * before the entity it declares is read.
	 */
	@Test
	void anEmfResourceRefusesAnExternalEntity() throws Exception {
		Path secret = Files.writeString(folder.resolve("secret.txt"), "the secret");
		String xml = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY s SYSTEM \"" + secret.toUri()
				+ "\">]><ecore:EPackage xmlns:ecore=\"http://www.eclipse.org/emf/2002/Ecore\" name=\"&s;\"/>";
		ResourceSet resources = new ResourceSetImpl();
		resources.getPackageRegistry().put(EcorePackage.eNS_URI, EcorePackage.eINSTANCE);
		Resource resource = new XMIResourceImpl(URI.createFileURI(folder.resolve("model.ecore").toString()));
		resources.getResources().add(resource);

		Exception refused = assertThrows(Exception.class, () -> resource.load(
				new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), SecureXml.emfLoadOptions()));

		assertTrue(String.valueOf(refused.getMessage()).contains("DOCTYPE"), String.valueOf(refused.getMessage()));
		assertTrue(resource.getContents().isEmpty());
		assertEquals(Boolean.TRUE, SecureXml.emfLoadOptions().get(XMLResource.OPTION_DEFER_IDREF_RESOLUTION));
	}

	/** The callers bound nesting themselves, with their own messages, so the parser's own bound is off. */
	@Test
	void deepNestingIsLeftToTheCaller() throws Exception {
		int depth = 150;
		String xml = "<a>".repeat(depth) + "</a>".repeat(depth);
		assertEquals(depth, elements(xml).size());
	}
}
