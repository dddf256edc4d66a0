package org.iosim.ui.internal.editor;

import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;

/**
 * Edits a stochastic expression in one line, checked as the user types: where the parser stops, the
 * text from that column on is underlined as an error, the field's tooltip and the cell editor's error
 * message say what is wrong ("column 9: …"), and an invalid expression cannot be applied. Enter
 * applies, Escape cancels, leaving the field applies a valid expression, as a text cell does.
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
		text = new StyledText(parent, SWT.SINGLE);
		text.setFont(parent.getFont());
		text.setBackground(parent.getBackground());
		text.addListener(SWT.Modify, event -> checked());
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

	/** Checks the text as typed and underlines it from the column where the parser stopped. */
	private void checked() {
		String typed = text.getText();
		boolean wasValid = isValueValid();
		boolean valid = isCorrect(typed);
		valueChanged(wasValid, valid);
		text.setStyleRange(null);
		text.setToolTipText(valid ? null : getErrorMessage());
		if (!valid && !typed.isEmpty()) {
			int from = errorOffset(typed);
			StyleRange underlined = new StyleRange(from, typed.length() - from, null, null);
			underlined.underline = true;
			underlined.underlineStyle = SWT.UNDERLINE_ERROR;
			underlined.underlineColor = text.getDisplay().getSystemColor(SWT.COLOR_RED);
			text.setStyleRange(underlined);
		}
	}

	/** Where the error starts in the text: the parser's column, on the last character when it is past the end. */
	static int errorOffset(String typed) {
		try {
			StoEx.parse(typed);
			return typed.length();
		} catch (StoExParseException invalid) {
			return Math.max(0, Math.min(invalid.column() - 1, typed.length() - 1));
		} catch (IllegalArgumentException invalid) {
			return 0;
		}
	}

	/** The range the error underline covers now, or null when the text is valid (what the tests read). */
	StyleRange errorUnderline() {
		StyleRange[] ranges = text.getStyleRanges();
		return ranges.length == 0 ? null : ranges[0];
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
