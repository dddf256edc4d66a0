package org.iosim.ui.internal.editor;

import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;

/** The title of the tabbed Properties view: the selected element as the model tree labels it. */
public final class SelectionTitles extends LabelProvider {

	private final ComposedAdapterFactory labels = new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE);

	@Override
	public String getText(Object selection) {
		Object element = selection instanceof IStructuredSelection structured ? structured.getFirstElement() : selection;
		IItemLabelProvider provider = element == null ? null : (IItemLabelProvider) labels.adapt(element, IItemLabelProvider.class);
		return provider == null ? "" : provider.getText(element);
	}

	@Override
	public void dispose() {
		labels.dispose();
		super.dispose();
	}
}
