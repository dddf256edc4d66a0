package org.iosim.ui.internal.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;

/**
 * The editor's selection as the workbench sees it: that of its active page (the tree or a diagram),
 * so that the Properties view follows whichever page the user works in.
 */
final class SelectionSwitch implements ISelectionProvider {

	private final List<ISelectionChangedListener> listeners = new ArrayList<>();
	private final ISelectionChangedListener forward = event -> fire(event.getSelection());
	private ISelectionProvider current;

	void use(ISelectionProvider provider) {
		if (current != null) {
			current.removeSelectionChangedListener(forward);
		}
		current = provider;
		current.addSelectionChangedListener(forward);
		fire(current.getSelection());
	}

	private void fire(ISelection selection) {
		SelectionChangedEvent event = new SelectionChangedEvent(this, selection);
		List.copyOf(listeners).forEach(listener -> listener.selectionChanged(event));
	}

	@Override
	public void addSelectionChangedListener(ISelectionChangedListener listener) {
		listeners.add(listener);
	}

	@Override
	public void removeSelectionChangedListener(ISelectionChangedListener listener) {
		listeners.remove(listener);
	}

	@Override
	public ISelection getSelection() {
		return current.getSelection();
	}

	@Override
	public void setSelection(ISelection selection) {
		current.setSelection(selection);
	}
}
