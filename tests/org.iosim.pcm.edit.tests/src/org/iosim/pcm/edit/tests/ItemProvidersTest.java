package org.iosim.pcm.edit.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.edit.command.CommandParameter;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.IEditingDomainItemProvider;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoPackage;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.pcm.io.provider.IoEditPlugin;
import org.iosim.pcm.io.provider.IoItemProviderAdapterFactory;
import org.iosim.pcm.provider.PcmEditPlugin;
import org.iosim.pcm.provider.PcmItemProviderAdapterFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated item providers as a workbench uses them: found through the registry that the bundle's
 * plugin.xml fills, with labels from its plugin.properties and icons from its icons/ folder.
 */
class ItemProvidersTest {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;
	private static final IoFactory IO = IoFactory.eINSTANCE;

	/** As EMF-based views build it: every factory registered with org.eclipse.emf.edit.itemProviderAdapterFactories. */
	private final ComposedAdapterFactory adapterFactory = new ComposedAdapterFactory(
			ComposedAdapterFactory.Descriptor.Registry.INSTANCE);

	@AfterEach
	void dispose() {
		adapterFactory.dispose();
	}

	static Stream<Named<EClass>> concreteClasses() {
		return Stream.of(PcmPackage.eINSTANCE, IoPackage.eINSTANCE).map(EPackage::getEClassifiers)
				.flatMap(Collection::stream).filter(EClass.class::isInstance).map(EClass.class::cast)
				.filter(eClass -> !eClass.isAbstract() && !eClass.isInterface())
				.map(eClass -> Named.of(eClass.getName(), eClass));
	}

	@Test
	void pluginXmlRegistersTheGeneratedFactoriesOfBothPackages() {
		assertInstanceOf(PcmItemProviderAdapterFactory.class,
				adapterFactory.getFactoryForTypes(List.of(PcmPackage.eINSTANCE, IItemLabelProvider.class)));
		assertInstanceOf(IoItemProviderAdapterFactory.class,
				adapterFactory.getFactoryForTypes(List.of(IoPackage.eINSTANCE, IItemLabelProvider.class)));
	}

	@Test
	void concreteClassesOfBothPackagesAreCovered() {
		// guards the parameterized test below against an empty or partial source
		List<String> names = concreteClasses().map(Named::getName).toList();
		assertTrue(names.size() > 50, names::toString);
		assertTrue(names.containsAll(List.of("BasicComponent", "ArchitectureModel", "IoAction", "IoRequest",
				"IoConfiguration", "VirtualizedStorage")), names::toString);
	}

	@ParameterizedTest
	@MethodSource("concreteClasses")
	void everyConcreteClassHasALabelAndAnIcon(EClass eClass) throws IOException {
		EObject element = EcoreUtil.create(eClass);
		IItemLabelProvider labels = (IItemLabelProvider) adapterFactory.adapt(element, IItemLabelProvider.class);
		assertNotNull(labels, "no label provider for " + eClass.getName());

		// A key missing from plugin.properties would throw; an empty or raw key would show in views.
		String text = labels.getText(element);
		assertFalse(text == null || text.isBlank(), "empty label");
		assertFalse(text.contains("_UI_"), text);

		URL icon = assertInstanceOf(URL.class, labels.getImage(element));
		assertTrue(icon.toString().endsWith("/icons/full/obj16/" + eClass.getName() + ".gif"), icon::toString);
		try (InputStream in = icon.openStream()) {
			assertEquals("GIF8", new String(in.readNBytes(4), StandardCharsets.US_ASCII), "a GIF is in the bundle");
		}
	}

	@Test
	void basicComponentIsLabelledWithItsTypeAndName() {
		BasicComponent frontend = PCM.createBasicComponent();
		frontend.setName("Frontend");

		assertEquals("Basic Component Frontend", label(frontend));
	}

	/**
	 * The I/O labels resolve although IoEditPlugin is not the bundle's activator: EMF then reads the
	 * bundle's plugin.properties from the class's location, as on a plain classpath. (EMF drops the
	 * package prefix "Io" from the class names in labels.)
	 */
	@Test
	void labelsResolveWithAndWithoutAnActivatedPlugin() {
		assertNotNull(PcmEditPlugin.getPlugin(), "PcmEditPlugin is the bundle activator");
		assertNull(IoEditPlugin.getPlugin(), "IoEditPlugin is not");
		IoRequest request = IO.createIoRequest();
		request.setType(IoType.WRITE);

		assertEquals("Request WRITE", label(request));
	}

	/** The workbench's Properties view edits a request's attributes, 'synchronous' among them. */
	@Test
	void aRequestOffersSynchronousAsAPropertyToEdit() {
		IoRequest request = IO.createIoRequest();
		IItemPropertySource properties = (IItemPropertySource) adapterFactory.adapt(request, IItemPropertySource.class);

		IItemPropertyDescriptor synchronous = properties.getPropertyDescriptors(request).stream()
				.filter(descriptor -> descriptor.getFeature(request) == IoPackage.Literals.IO_REQUEST__SYNCHRONOUS)
				.findFirst().orElseThrow(() -> new AssertionError("no descriptor for 'synchronous'"));
		synchronous.setPropertyValue(request, Boolean.TRUE);
		assertTrue(request.isSynchronous());
	}

	@Test
	void ioActionChildrenAreItsRequests() {
		IoAction action = IO.createIoAction();
		action.setName("log");
		IoRequest read = IO.createIoRequest();
		IoRequest write = IO.createIoRequest();
		write.setType(IoType.WRITE);
		action.getRequests().add(read);
		action.getRequests().add(write);
		ITreeItemContentProvider tree = (ITreeItemContentProvider) adapterFactory.adapt(action,
				ITreeItemContentProvider.class);

		assertEquals(List.of(read, write), new ArrayList<>(tree.getChildren(action)));
		assertTrue(tree.hasChildren(action));
		assertEquals(action, tree.getParent(read));
	}

	/** The I/O package's child creation extender, registered in plugin.xml, extends pcm's menus. */
	@Test
	void ioActionIsOfferedAsANewStepOfABehaviour() {
		ResourceDemandingSeff seff = PCM.createResourceDemandingSeff();
		IEditingDomainItemProvider provider = (IEditingDomainItemProvider) adapterFactory.adapt(seff,
				IEditingDomainItemProvider.class);

		Collection<?> descriptors = provider.getNewChildDescriptors(seff, null, null);

		assertTrue(descriptors.stream().anyMatch(descriptor -> descriptor instanceof CommandParameter parameter
				&& parameter.getFeature() == PcmPackage.Literals.RESOURCE_DEMANDING_BEHAVIOUR__STEPS
				&& parameter.getValue() instanceof IoAction), descriptors::toString);
		assertTrue(descriptors.stream().anyMatch(descriptor -> descriptor instanceof CommandParameter parameter
				&& parameter.getValue() instanceof org.iosim.pcm.InternalAction), "pcm's own actions stay offered");
	}

	private String label(EObject element) {
		return ((IItemLabelProvider) adapterFactory.adapt(element, IItemLabelProvider.class)).getText(element);
	}
}
