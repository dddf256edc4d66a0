package org.iosim.ui.internal.editor;

import java.util.Collection;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;

/**
 * A tree of model elements as the metamodel's item providers ({@code org.iosim.pcm.edit}) arrange it:
 * the children, and their order, are those of {@link ITreeItemContentProvider}. The input is an array
 * of the tree's roots.
 */
final class ItemContentProvider implements ITreeContentProvider {

	private final AdapterFactory adapterFactory;

	ItemContentProvider(AdapterFactory adapterFactory) {
		this.adapterFactory = adapterFactory;
	}

	@Override
	public Object[] getElements(Object input) {
		return input instanceof Object[] roots ? roots : getChildren(input);
	}

	@Override
	public Object[] getChildren(Object element) {
		ITreeItemContentProvider provider = provider(element);
		if (provider == null) {
			return new Object[0];
		}
		Collection<?> children = provider.getChildren(element);
		return children.toArray();
	}

	@Override
	public Object getParent(Object element) {
		ITreeItemContentProvider provider = provider(element);
		return provider == null ? null : provider.getParent(element);
	}

	@Override
	public boolean hasChildren(Object element) {
		ITreeItemContentProvider provider = provider(element);
		return provider != null && provider.hasChildren(element);
	}

	private ITreeItemContentProvider provider(Object element) {
		return (ITreeItemContentProvider) adapterFactory.adapt(element, ITreeItemContentProvider.class);
	}
}
