package org.iosim.ui.internal.editor;

import java.net.URL;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.graphics.Image;

/**
 * Labels and icons of model elements from the metamodel's item providers. Their icons come as URLs
 * of the {@code .edit} bundle's images; each is made into an SWT image once and disposed with this
 * provider.
 */
final class ItemLabelProvider extends LabelProvider {

	private final AdapterFactory adapterFactory;
	private final Map<URL, Image> images = new HashMap<>();

	ItemLabelProvider(AdapterFactory adapterFactory) {
		this.adapterFactory = adapterFactory;
	}

	@Override
	public String getText(Object element) {
		IItemLabelProvider provider = provider(element);
		return provider == null ? String.valueOf(element) : provider.getText(element);
	}

	@Override
	public Image getImage(Object element) {
		IItemLabelProvider provider = provider(element);
		Object image = provider == null ? null : provider.getImage(element);
		return image instanceof URL url ? images.computeIfAbsent(url, key -> ImageDescriptor.createFromURL(key).createImage(false)) : null;
	}

	private IItemLabelProvider provider(Object element) {
		return (IItemLabelProvider) adapterFactory.adapt(element, IItemLabelProvider.class);
	}

	@Override
	public void dispose() {
		images.values().stream().filter(image -> image != null).forEach(Image::dispose);
		images.clear();
		super.dispose();
	}
}
