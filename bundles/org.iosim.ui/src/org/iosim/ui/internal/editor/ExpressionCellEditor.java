package org.iosim.ui.internal.editor;

import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.iosim.stoex.StoEx;
import org.iosim.ui.diagram.ExpressionField;

/**
 * Edits a stochastic expression in one line, checked as the user types ({@link ExpressionField}): where
 * the parser stops, the text from that column on is underlined as an error, the field's tooltip and the
 * cell editor's error message say what is wrong ("column 9: …"), and an invalid expression cannot be
 * applied. Enter applies, Escape cancels, leaving the field applies a valid expression, as a text cell
 * does.
 */
final class ExpressionCellEditor extends CellEditor {

	private StyledText text;

	ExpressionCellEditor(Composite parent) {
		super(parent, SWT.SINGLE);
		setValidator(ExpressionCellEditor::error);
	}

	/** @return null when the text is a stochastic expression, else where and why it is not */
	static String error(Object text) {
		try {
			StoEx.parse(String.valueOf(text));
			return null;
		} catch (IllegalArgumentException invalid) { // the parser's message starts with the column
			return invalid.getMessage();
		}
	}

	@Override
	protected Control createControl(Composite parent) {
		text = new ExpressionField(parent, SWT.NONE).text();
		text.setBackground(parent.getBackground());
		// the field has underlined the error already; the cell editor tells whether the value may be applied
		text.addListener(SWT.Modify, event -> {
			boolean wasValid = isValueValid();
			valueChanged(wasValid, isCorrect(text.getText()));
		});
		text.addListener(SWT.DefaultSelection, event -> applyIfValid());
		text.addListener(SWT.KeyDown, event -> {
			if (event.character == SWT.CR) {
				applyIfValid();
			} else if (event.character == SWT.ESC) {
				fireCancelEditor();
			}
		});
		text.addListener(SWT.Traverse, event -> {
			if (event.detail == SWT.TRAVERSE_ESCAPE || event.detail == SWT.TRAVERSE_RETURN) {
				event.doit = false;
			}
		});
		text.addListener(SWT.FocusOut, event -> applyIfValid());
		return text;
	}

	private void applyIfValid() {
		if (isCorrect(text.getText())) {
			markDirty();
			fireApplyEditorValue();
			deactivate();
		}
	}

	@Override
	protected Object doGetValue() {
		return text.getText();
	}

	@Override
	protected void doSetFocus() {
		text.setFocus();
		text.selectAll();
	}

	@Override
	protected void doSetValue(Object value) {
		text.setText(value == null ? "" : value.toString());
	}
}
