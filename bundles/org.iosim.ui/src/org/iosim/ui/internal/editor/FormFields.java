package org.iosim.ui.internal.editor;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

/** Names the controls of IOSim's forms, so that tests and accessibility tools find a field by what it edits. */
final class FormFields {

	/** Widget data key: the field's name, e.g. {@code VirtualizedStorage.name}. */
	static final String KEY = "org.iosim.ui.field";

	private FormFields() {
	}

	static Control find(Control root, String key) {
		if (key.equals(root.getData(KEY))) {
			return root;
		}
		if (root instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				Control found = find(child, key);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}
}
