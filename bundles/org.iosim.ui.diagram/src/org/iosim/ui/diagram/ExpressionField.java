package org.iosim.ui.diagram;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Composite;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExParseException;

/**
 * A one-line field for a stochastic expression, checked as it is typed: from the column where the
 * parser stopped, the text is underlined as an error, and the tooltip gives the parser's message
 * ("column 9: …"). The Properties view's cell editor and the diagram's direct edit both use it, so an
 * error looks the same wherever an expression is typed.
 */
public final class ExpressionField {

	private final StyledText text;
	private StoExParseException error;

	/** @param style further styles of the {@link StyledText}, e.g. {@link SWT#BORDER} */
	public ExpressionField(Composite parent, int style) {
		text = new StyledText(parent, SWT.SINGLE | style);
		text.setFont(parent.getFont());
		// registered first, so that the field's own listeners see the expression checked
		text.addListener(SWT.Modify, event -> check());
	}

	public StyledText text() {
		return text;
	}

	/** @return what the parser found wrong with the text as it is now; null when it parses */
	public StoExParseException error() {
		return error;
	}

	/** Checks the text, underlines its error and explains it in the tooltip; done on every change. */
	public void check() {
		String typed = text.getText();
		try {
			StoEx.parse(typed);
			error = null;
		} catch (StoExParseException invalid) {
			error = invalid;
		}
		text.setStyleRange(null);
		text.setToolTipText(error == null ? null : error.getMessage());
		if (error != null && !typed.isEmpty()) {
			int from = errorOffset();
			StyleRange underlined = new StyleRange(from, typed.length() - from, null, null);
			underlined.underline = true;
			underlined.underlineStyle = SWT.UNDERLINE_ERROR;
			underlined.underlineColor = text.getDisplay().getSystemColor(SWT.COLOR_RED);
			text.setStyleRange(underlined);
		}
	}

	/**
	 * Selects the character at the error's column, so that typing replaces it, or puts the caret at the
	 * end when the text ended too early; nothing when the text parses.
	 */
	public void selectError() {
		if (error != null) {
			int at = Math.min(text.getCharCount(), Math.max(0, error.column() - 1));
			text.setSelection(at, Math.min(text.getCharCount(), at + 1));
		}
	}

	/** Where the error starts in the text: the parser's column, on the last character when it is past the end. */
	private int errorOffset() {
		return Math.max(0, Math.min(error.column() - 1, text.getCharCount() - 1));
	}
}
