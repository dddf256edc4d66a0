package org.iosim.ui.internal.editor;

import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;

/**
 * One model element in the Properties view: its properties are the item provider's
 * {@link IItemPropertyDescriptor}s, and a change goes through the editing domain's command stack
 * (so the editor can undo it and becomes dirty).
 */
final class ItemPropertySource implements IPropertySource {

	private final Object object;
	private final IItemPropertySource itemPropertySource;

	ItemPropertySource(Object object, IItemPropertySource itemPropertySource) {
		this.object = object;
		this.itemPropertySource = itemPropertySource;
	}

	/** @return the element's property source, or null when its item provider has none */
	static IPropertySource of(Object object, AdapterFactory adapterFactory) {
		Object source = adapterFactory.adapt(object, IItemPropertySource.class);
		return source instanceof IItemPropertySource itemSource ? new ItemPropertySource(object, itemSource) : null;
	}

	@Override
	public Object getEditableValue() {
		return object;
	}

	@Override
	public IPropertyDescriptor[] getPropertyDescriptors() {
		List<IItemPropertyDescriptor> descriptors = itemPropertySource.getPropertyDescriptors(object);
		return descriptors.stream().map(descriptor -> new PropertyEditing(object, descriptor))
				.toArray(IPropertyDescriptor[]::new);
	}

	@Override
	public Object getPropertyValue(Object id) {
		return PropertyEditing.valueOf(object, descriptor(id));
	}

	@Override
	public boolean isPropertySet(Object id) {
		return descriptor(id).isPropertySet(object);
	}

	@Override
	public void resetPropertyValue(Object id) {
		descriptor(id).resetPropertyValue(object);
	}

	@Override
	public void setPropertyValue(Object id, Object value) {
		descriptor(id).setPropertyValue(object, value);
	}

	private IItemPropertyDescriptor descriptor(Object id) {
		return itemPropertySource.getPropertyDescriptor(object, id);
	}
}
