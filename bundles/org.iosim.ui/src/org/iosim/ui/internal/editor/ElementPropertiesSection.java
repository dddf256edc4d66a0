package org.iosim.ui.internal.editor;

import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.views.properties.tabbed.AdvancedPropertySection;

/**
 * The Properties tab: every property of the selected element, edited as the model editor's item
 * providers describe them (through its command stack, so Undo works).
 */
public final class ElementPropertiesSection extends AdvancedPropertySection {

	@Override
	public void setInput(IWorkbenchPart part, ISelection selection) {
		if (part instanceof ModelEditor editor) {
			page.setPropertySourceProvider(editor::propertySource);
		}
		super.setInput(part, selection);
	}
}
