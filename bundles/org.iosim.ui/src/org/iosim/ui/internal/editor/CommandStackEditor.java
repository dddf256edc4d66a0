package org.iosim.ui.internal.editor;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.part.EditorPart;

/**
 * What IOSim's editors share: one EMF editing domain whose command stack every change goes
 * through, so that Undo and Redo work, the editor knows whether it is dirty, and the view refreshes
 * after each command; files of the workspace only; no Save As (a model is saved where it is).
 */
public abstract class CommandStackEditor extends EditorPart {

	private AdapterFactoryEditingDomain editingDomain;

	/** Takes the domain; after every command (also undo and redo) the view refreshes and the dirty state is told. */
	protected void useEditingDomain(AdapterFactoryEditingDomain domain, Runnable refresh) {
		this.editingDomain = domain;
		domain.getCommandStack().addCommandStackListener(event -> getSite().getShell().getDisplay().asyncExec(() -> {
			refresh.run();
			firePropertyChange(PROP_DIRTY);
		}));
	}

	public AdapterFactoryEditingDomain editingDomain() {
		return editingDomain;
	}

	protected BasicCommandStack commandStack() {
		return (BasicCommandStack) editingDomain.getCommandStack();
	}

	/** Edit → Undo and Redo (Ctrl+Z, Ctrl+Y) act on this editor's command stack. */
	protected void installUndoRedo() {
		var bars = getEditorSite().getActionBars();
		bars.setGlobalActionHandler(ActionFactory.UNDO.getId(), action("Undo", () -> commandStack().undo()));
		bars.setGlobalActionHandler(ActionFactory.REDO.getId(), action("Redo", () -> commandStack().redo()));
	}

	/** After a successful save: the editor is clean until the next command. */
	protected void saved() {
		commandStack().saveIsDone();
		firePropertyChange(PROP_DIRTY);
	}

	/** A save that failed leaves the editor dirty and tells the user why. */
	protected void saveFailed(IProgressMonitor monitor, Exception failed) {
		monitor.setCanceled(true);
		ErrorDialog.openError(getSite().getShell(), "Cannot save " + file().getName(), null, Status.error(failed.getMessage()));
	}

	protected IFile file() {
		return ((IFileEditorInput) getEditorInput()).getFile();
	}

	protected static Action action(String label, Runnable run) {
		return new Action(label) {
			@Override
			public void run() {
				run.run();
			}
		};
	}

	@Override
	public boolean isDirty() {
		return editingDomain != null && commandStack().isSaveNeeded();
	}

	@Override
	public void doSaveAs() {
		throw new UnsupportedOperationException("Save As is not offered: isSaveAsAllowed() is false");
	}

	@Override
	public boolean isSaveAsAllowed() {
		return false;
	}
}
