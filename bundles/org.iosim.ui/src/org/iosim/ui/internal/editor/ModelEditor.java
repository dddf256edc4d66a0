package org.iosim.ui.internal.editor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceImpl;
import org.eclipse.emf.edit.command.CreateChildCommand;
import org.eclipse.emf.edit.command.DeleteCommand;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.ReflectiveItemProviderAdapterFactory;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.ide.IGotoMarker;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertySheetPage;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Identified;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.io.provider.IoItemProviderAdapterFactory;
import org.iosim.pcm.provider.PcmItemProviderAdapterFactory;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.problems.ModelProblems;

/**
 * Edits an architecture model: an {@code .iosim} file, or the Palladio model set a PCM file belongs
 * to. The model is a tree as the metamodel's item providers arrange it; the Properties view edits
 * the selected element; the context menu adds children (including I/O actions and their requests)
 * and deletes. Every change is an EMF command, so Undo and Redo work and the editor knows whether it
 * is dirty. Opening and saving validate the model into problem markers.
 */
public final class ModelEditor extends CommandStackEditor implements IGotoMarker {

	private ModelDocument document;
	private ComposedAdapterFactory adapterFactory;
	private TreeViewer viewer;
	private PropertySheetPage propertySheetPage;

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof IFileEditorInput fileInput) || fileInput.getFile().getLocation() == null) {
			throw new PartInitException("IOSim's model editor opens model files of the workspace");
		}
		setSite(site);
		setInput(input);
		try {
			document = ModelDocument.open(fileInput.getFile().getLocation().toPath());
		} catch (IOException unreadable) {
			throw new PartInitException(unreadable.getMessage());
		}
		adapterFactory = new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE);
		adapterFactory.addAdapterFactory(new PcmItemProviderAdapterFactory());
		adapterFactory.addAdapterFactory(new IoItemProviderAdapterFactory());
		adapterFactory.addAdapterFactory(new ReflectiveItemProviderAdapterFactory());
		AdapterFactoryEditingDomain editingDomain = new AdapterFactoryEditingDomain(adapterFactory, new BasicCommandStack());
		// the editing domain finds itself from the element's resource set, so property changes become commands
		Resource resource = new ResourceImpl(URI.createFileURI(document.file().toString()));
		resource.getContents().add(document.model());
		editingDomain.getResourceSet().getResources().add(resource);
		useEditingDomain(editingDomain, this::commandStackChanged);
		setPartName(fileInput.getFile().getName());
		setContentDescription("Model set '" + document.modelSetName() + "'");
	}

	@Override
	public void createPartControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(1, false));
		Label heading = new Label(area, SWT.NONE);
		heading.setText("Model set '" + document.modelSetName() + "'"
				+ (ModelDocument.isIosimFile(document.file()) ? "" : " (Palladio PCM files; saving writes them as PCM 5.2)"));
		viewer = new TreeViewer(area, SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL);
		viewer.getTree().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		viewer.setContentProvider(new ItemContentProvider(adapterFactory));
		viewer.setLabelProvider(new ItemLabelProvider(adapterFactory));
		viewer.setInput(new Object[] { document.model() });
		viewer.expandToLevel(2);
		getSite().setSelectionProvider(viewer);
		createContextMenu();
		installUndoRedo();
		getEditorSite().getActionBars().setGlobalActionHandler(ActionFactory.DELETE.getId(), action("Delete", this::deleteSelection));
		validate();
	}

	private void createContextMenu() {
		MenuManager menu = new MenuManager();
		menu.setRemoveAllWhenShown(true);
		menu.addMenuListener(this::fillContextMenu);
		viewer.getTree().setMenu(menu.createContextMenu(viewer.getTree()));
	}

	private void fillContextMenu(IMenuManager menu) {
		IStructuredSelection selection = viewer.getStructuredSelection();
		if (selection.size() == 1) {
			Object parent = selection.getFirstElement();
			MenuManager newChild = new MenuManager("New Child");
			for (Object descriptor : editingDomain().getNewChildDescriptors(parent, null)) {
				Command create = CreateChildCommand.create(editingDomain(), parent, descriptor, List.of(parent));
				Action add = action(create.getLabel(), () -> executeAndSelect(create));
				add.setEnabled(create.canExecute());
				newChild.add(add);
			}
			menu.add(newChild);
		}
		menu.add(new Separator());
		Action delete = action("Delete", this::deleteSelection);
		delete.setEnabled(!selection.isEmpty() && !selection.toList().contains(document.model()));
		menu.add(delete);
		menu.add(action("Undo", () -> commandStack().undo()));
		menu.add(action("Redo", () -> commandStack().redo()));
	}

	private void executeAndSelect(Command command) {
		commandStack().execute(command);
		Collection<?> affected = command.getAffectedObjects();
		viewer.refresh();
		viewer.setSelection(new StructuredSelection(affected.toArray()), true);
	}

	private void deleteSelection() {
		List<?> selected = viewer.getStructuredSelection().toList();
		if (selected.isEmpty() || selected.contains(document.model())) {
			return;
		}
		Command delete = DeleteCommand.create(editingDomain(), selected);
		if (delete.canExecute()) {
			commandStack().execute(delete);
		}
	}

	private void commandStackChanged() {
		if (viewer != null && !viewer.getControl().isDisposed()) {
			viewer.refresh();
		}
		if (propertySheetPage != null && propertySheetPage.getControl() != null
				&& !propertySheetPage.getControl().isDisposed()) {
			propertySheetPage.refresh();
		}
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		IFile file = file();
		try {
			List<Path> written = document.save();
			saved();
			file.getParent().refreshLocal(IResource.DEPTH_ONE, monitor);
			validate();
			if (written.size() > 1) {
				setContentDescription("Model set '" + document.modelSetName() + "', saved as " + written.size() + " PCM files");
			}
		} catch (IOException | CoreException failed) {
			saveFailed(monitor, failed);
		}
	}

	/** Marks what the validator finds on the model's files; a model that cannot be checked gets one marker saying why. */
	private void validate() {
		try {
			ModelProblems.mark(file(), List.of(document.file()), document.model(), document.diagnostics());
		} catch (CoreException notMarked) {
			getSite().getShell().getDisplay().asyncExec(() -> ErrorDialog.openError(getSite().getShell(),
					"IOSim", "The problems of " + file().getName() + " cannot be listed", notMarked.getStatus()));
		}
	}

	@Override
	public void setFocus() {
		viewer.getControl().setFocus();
	}

	@Override
	public void gotoMarker(IMarker marker) {
		String id = marker.getAttribute(IosimUi.MARKER_ELEMENT_ID, null);
		String path = marker.getAttribute(IMarker.LOCATION, null);
		String type = marker.getAttribute(IosimUi.MARKER_ELEMENT_TYPE, null);
		for (var contents = document.model().eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			boolean named = id != null ? element instanceof Identified identified && id.equals(identified.getId())
					: type != null && type.equals(element.eClass().getName())
							&& Objects.equals(path, Diagnostic.of(Severity.WARNING, element, "").elementPath());
			if (named) {
				viewer.setSelection(new StructuredSelection(element), true);
				return;
			}
		}
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		if (adapter == IPropertySheetPage.class) {
			if (propertySheetPage == null || propertySheetPage.getControl() == null
					|| propertySheetPage.getControl().isDisposed()) {
				propertySheetPage = new PropertySheetPage();
				propertySheetPage.setPropertySourceProvider(this::propertySource);
			}
			return adapter.cast(propertySheetPage);
		}
		return super.getAdapter(adapter);
	}

	// What the workbench's tests look at: the model as edited, its command stack and its tree.

	public ArchitectureModel model() {
		return document.model();
	}

	public TreeViewer viewer() {
		return viewer;
	}

	/** What the Properties view edits of an element; null when it has no properties. */
	public IPropertySource propertySource(Object element) {
		return ItemPropertySource.of(element, adapterFactory);
	}

	/** The label the tree shows for an element. */
	public String label(Object element) {
		IItemLabelProvider labels = (IItemLabelProvider) adapterFactory.adapt(element, IItemLabelProvider.class);
		return labels == null ? String.valueOf(element) : labels.getText(element);
	}

	@Override
	public void dispose() {
		if (adapterFactory != null) {
			adapterFactory.dispose();
		}
		super.dispose();
	}
}
