package org.iosim.ui.internal.editor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.CheckboxCellEditor;
import org.eclipse.jface.viewers.ComboBoxCellEditor;
import org.eclipse.jface.viewers.ILabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.views.properties.PropertyDescriptor;

/**
 * How one property of a model element is shown and edited in the Properties view: text fields for
 * values of data types (checked as the user types: a number must be a number, and a stochastic
 * expression must parse, its first error underlined from its column), a check box for booleans and a list
 * for references and enumerations (the item provider's choice of values). Lists of values are shown
 * but not edited here; the model tree adds and removes their entries.
 */
final class PropertyEditing extends PropertyDescriptor {

	/** The metamodel's data type of stochastic expressions. */
	private static final String STOCHASTIC_EXPRESSION_TYPE = "StoEx";

	private final Object object;
	private final IItemPropertyDescriptor descriptor;

	/**
	 * @param id       how the property source finds the row again
	 * @param category the contained object's group, or null for the element's own property (then the
	 *                 item provider's category)
	 */
	PropertyEditing(Object object, IItemPropertyDescriptor descriptor, Object id, String category) {
		super(id, descriptor.getDisplayName(object));
		this.object = object;
		this.descriptor = descriptor;
		setDescription(descriptor.getDescription(object));
		setCategory(category != null ? category : descriptor.getCategory(object));
	}

	/** The property's value as the item provider gives it, unwrapped from its label wrapper. */
	static Object valueOf(Object object, IItemPropertyDescriptor descriptor) {
		Object value = descriptor.getPropertyValue(object);
		return value instanceof IItemPropertySource wrapper ? wrapper.getEditableValue(object) : value;
	}

	@Override
	public ILabelProvider getLabelProvider() {
		IItemLabelProvider labels = descriptor.getLabelProvider(object);
		return new LabelProvider() {
			@Override
			public String getText(Object value) {
				return labels.getText(value);
			}
		};
	}

	@Override
	public CellEditor createPropertyEditor(Composite parent) {
		if (!descriptor.canSetProperty(object) || descriptor.isMany(object)) {
			return null;
		}
		Collection<?> choices = descriptor.getChoiceOfValues(object);
		if (choices != null) {
			return new ChoiceEditor(parent, new ArrayList<>(choices), descriptor.getLabelProvider(object));
		}
		EStructuralFeature feature = descriptor.getFeature(object) instanceof EStructuralFeature f ? f : null;
		if (!(feature instanceof EAttribute attribute)) {
			return null;
		}
		Class<?> type = attribute.getEAttributeType().getInstanceClass();
		if (type == boolean.class || type == Boolean.class) {
			return new CheckboxCellEditor(parent);
		}
		if (STOCHASTIC_EXPRESSION_TYPE.equals(attribute.getEAttributeType().getName())) {
			return new ExpressionCellEditor(parent);
		}
		return new DataTypeEditor(parent, attribute.getEAttributeType());
	}

	/** Edits a value of a data type as text: an invalid text keeps the editor open with the reason. */
	private static final class DataTypeEditor extends TextCellEditor {
		private final EDataType dataType;

		DataTypeEditor(Composite parent, EDataType dataType) {
			super(parent, SWT.SINGLE);
			this.dataType = dataType;
			if (dataType.getInstanceClass() != String.class) {
				setValidator(text -> {
					try {
						EcoreUtil.createFromString(dataType, String.valueOf(text));
						return null;
					} catch (RuntimeException notOfType) {
						return "'" + text + "' is not a " + dataType.getName();
					}
				});
			}
		}

		@Override
		protected Object doGetValue() {
			String text = (String) super.doGetValue();
			return dataType.getInstanceClass() == String.class ? text : EcoreUtil.createFromString(dataType, text);
		}

		@Override
		protected void doSetValue(Object value) {
			super.doSetValue(value == null ? "" : dataType.getInstanceClass() == String.class ? value
					: EcoreUtil.convertToString(dataType, value));
		}
	}

	/** Picks one of the item provider's choices (the other end of a reference, an enumeration literal). */
	private static final class ChoiceEditor extends ComboBoxCellEditor {
		private final List<Object> choices;

		ChoiceEditor(Composite parent, List<Object> choices, IItemLabelProvider labels) {
			super(parent, choices.stream().map(choice -> choice == null ? "" : labels.getText(choice)).toArray(String[]::new),
					SWT.READ_ONLY);
			this.choices = choices;
		}

		@Override
		protected Object doGetValue() {
			int index = (Integer) super.doGetValue();
			return index >= 0 && index < choices.size() ? choices.get(index) : null;
		}

		@Override
		protected void doSetValue(Object value) {
			super.doSetValue(Math.max(0, choices.indexOf(value)));
		}
	}
}
