package org.iosim.pcm.resource;

import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.iosim.files.SecureXml;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.io.IoPackage;

/**
 * Creates resources for IOSim's own model files ({@code .iosim}, XMI of the architecture metamodel).
 * Elements are referenced by their {@code id} so files stay stable when lists are reordered, and
 * files are parsed without DTDs or external entities because model files are untrusted input.
 */
public class IosimResourceFactory extends XMIResourceFactoryImpl {

	public static final String FILE_EXTENSION = "iosim";

	@Override
	public Resource createResource(URI uri) {
		XMIResourceImpl resource = new XMIResourceImpl(uri) {
			@Override
			protected boolean useUUIDs() {
				return false;
			}
		};
		resource.getDefaultLoadOptions().putAll(SecureXml.emfLoadOptions());
		Map<Object, Object> save = resource.getDefaultSaveOptions();
		save.put(XMLResource.OPTION_ENCODING, "UTF-8");
		save.put(XMLResource.OPTION_LINE_WIDTH, 100);
		save.put(XMLResource.OPTION_SCHEMA_LOCATION, Boolean.FALSE);
		return resource;
	}

	/**
	 * @return a resource set for IOSim model files that knows every IOSim package by itself: on a
	 *         plain classpath nothing registers the packages (in OSGi their plugin.xml does), and a
	 *         refined model holds elements of the I/O extension
	 */
	public static ResourceSet newResourceSet() {
		ResourceSet resourceSet = new ResourceSetImpl();
		resourceSet.getPackageRegistry().put(PcmPackage.eNS_URI, PcmPackage.eINSTANCE);
		resourceSet.getPackageRegistry().put(IoPackage.eNS_URI, IoPackage.eINSTANCE);
		resourceSet.getResourceFactoryRegistry().getExtensionToFactoryMap()
				.put(Resource.Factory.Registry.DEFAULT_EXTENSION, new IosimResourceFactory());
		return resourceSet;
	}
}
