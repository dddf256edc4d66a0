package org.iosim.ui.internal.editor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.iosim.pcm.BasicComponent;
import org.iosim.ui.diagram.DiagramKind;
import org.iosim.ui.diagram.DiagramViewer;

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
import org.eclipse.ui.views.properties.tabbed.ITabbedPropertySheetPageContributor;
import org.eclipse.ui.views.properties.tabbed.TabbedPropertySheetPage;
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
 * is dirty. Each change is validated at once (the diagrams' marks and the Properties' Problems tab follow
 * it); opening and saving also turn the findings into problem markers on the files as saved.
 */
public final class ModelEditor extends CommandStackEditor implements IGotoMarker, ITabbedPropertySheetPageContributor {

	private ModelDocument document;
	private ComposedAdapterFactory adapterFactory;
	/** The names of the editor's pages, at its bottom. */
	public static final String MODEL_PAGE = "Model", REPOSITORY_PAGE = "Repository", SYSTEM_PAGE = "System",
			ALLOCATION_PAGE = "Allocation", BEHAVIOUR_PAGE = "Behaviour", USAGE_PAGE = "Usage";

	private TreeViewer viewer;
	private CTabFolder pages;
	private final Map<CTabItem, DiagramViewer> diagrams = new LinkedHashMap<>();
	private final SelectionSwitch selection = new SelectionSwitch();
	private TabbedPropertySheetPage propertySheetPage;
	private Map<EObject, List<Diagnostic>> findings = Map.of();

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
		pages = new CTabFolder(parent, SWT.BOTTOM | SWT.FLAT);
		Composite area = new Composite(pages, SWT.NONE);
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
		page(MODEL_PAGE, area);
		diagramPage(REPOSITORY_PAGE, DiagramKind.REPOSITORY, document.model(), null);
		diagramPage(SYSTEM_PAGE, DiagramKind.SYSTEM, document.model(), null);
		diagramPage(ALLOCATION_PAGE, DiagramKind.ALLOCATION, document.model(), null);
		List<BasicComponent> components = document.model().getRepositories().stream()
				.flatMap(repository -> repository.getComponents().stream()).filter(BasicComponent.class::isInstance)
				.map(BasicComponent.class::cast).filter(component -> !component.getSeffs().isEmpty()).toList();
		if (!components.isEmpty()) {
			diagramPage(BEHAVIOUR_PAGE, DiagramKind.RDSEFF, components.get(0), components);
		}
		if (document.model().getUsageModel() != null) {
			diagramPage(USAGE_PAGE, DiagramKind.USAGE, document.model(), null);
		}
		pages.setSelection(0);
		selection.use(viewer);
		pages.addListener(SWT.Selection, event -> pageChanged());
		getSite().setSelectionProvider(selection);
		createContextMenu();
		installUndoRedo();
		var bars = getEditorSite().getActionBars();
		bars.setGlobalActionHandler(ActionFactory.DELETE.getId(), action("Delete", () -> {
			DiagramViewer diagram = activeDiagram();
			if (diagram == null) {
				deleteSelection();
			} else {
				diagram.deleteSelection();
			}
		}));
		bars.setGlobalActionHandler(ActionFactory.RENAME.getId(), action("Rename", () -> {
			DiagramViewer diagram = activeDiagram();
			if (diagram != null) {
				diagram.renameSelection();
			}
		}));
		validate();
	}

	private CTabItem page(String name, Control control) {
		CTabItem item = new CTabItem(pages, SWT.NONE);
		item.setText(name);
		item.setControl(control);
		return item;
	}

	/**
	 * A diagram page with its palette on the right; with choices (the components whose behaviour it
	 * draws), a list above the diagram picks one. Its saved layout is read now: a viewer that has not
	 * read the file would drop the positions of its kind when it saves.
	 */
	private void diagramPage(String name, DiagramKind kind, EObject subject, List<? extends EObject> choices) {
		Composite area = new Composite(pages, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		Combo choice = null;
		if (choices != null) {
			new Label(area, SWT.NONE).setText("Component:");
			choice = new Combo(area, SWT.READ_ONLY);
			choice.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false, 2, 1));
			choice.setItems(choices.stream().map(this::label).toArray(String[]::new));
			choice.select(0);
		}
		DiagramViewer diagram = new DiagramViewer(area, kind, subject, editingDomain(), adapterFactory);
		diagram.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
		diagram.createPalette(area).setLayoutData(new GridData(SWT.FILL, SWT.BEGINNING, false, true));
		if (choice != null) {
			Combo chooser = choice;
			chooser.addListener(SWT.Selection, event -> diagram.setSubject(choices.get(chooser.getSelectionIndex())));
		}
		try {
			diagram.loadLayout(DiagramViewer.layoutFileOf(document.file()));
		} catch (IOException unreadable) {
			setContentDescription("The saved diagram layout cannot be read (" + unreadable.getMessage() + "); diagrams are laid out anew");
		}
		diagrams.put(page(name, area), diagram);
	}

	private void pageChanged() {
		DiagramViewer diagram = activeDiagram();
		selection.use(diagram == null ? viewer : diagram);
	}

	private DiagramViewer activeDiagram() {
		return diagrams.get(pages.getSelection());
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
			// validated at once: the diagrams' marks and the Properties' Problems tab follow each change
			showFindings(ModelProblems.check(document.model(), document.diagnostics()));
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
			for (DiagramViewer diagram : diagrams.values()) {
				diagram.saveLayout(DiagramViewer.layoutFileOf(document.file()));
			}
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

	/**
	 * Marks what the validator finds on the model's files, and on the diagrams' elements; a model
	 * that cannot be checked gets a dialog saying why.
	 */
	private void validate() {
		List<Diagnostic> all = ModelProblems.check(document.model(), document.diagnostics());
		try {
			ModelProblems.mark(file(), List.of(document.file()), all);
		} catch (CoreException notMarked) {
			getSite().getShell().getDisplay().asyncExec(() -> ErrorDialog.openError(getSite().getShell(),
					"IOSim", "The problems of " + file().getName() + " cannot be listed", notMarked.getStatus()));
			return;
		}
		showFindings(all);
	}

	/** Gives each element its findings (the Properties' Problems tab) and marks them on the diagrams. */
	private void showFindings(List<Diagnostic> all) {
		Map<EObject, Boolean> errorByElement = new LinkedHashMap<>();
		Map<EObject, List<Diagnostic>> byElement = new LinkedHashMap<>();
		Map<String, EObject> elements = elementsByName();
		for (Diagnostic finding : all) {
			EObject element = elements.get(name(finding.elementId(), finding.elementPath(), finding.elementType()));
			if (element != null) {
				errorByElement.merge(element, finding.isError(), Boolean::logicalOr);
				byElement.computeIfAbsent(element, key -> new java.util.ArrayList<>()).add(finding);
			}
		}
		findings = byElement;
		diagrams.values().forEach(diagram -> diagram.showProblems(errorByElement));
	}

	@Override
	public void setFocus() {
		viewer.getControl().setFocus();
	}

	@Override
	public void gotoMarker(IMarker marker) {
		EObject element = elementsByName().get(name(marker.getAttribute(IosimUi.MARKER_ELEMENT_ID, null),
				marker.getAttribute(IMarker.LOCATION, null), marker.getAttribute(IosimUi.MARKER_ELEMENT_TYPE, null)));
		if (element != null) {
			viewer.setSelection(new StructuredSelection(element), true);
		}
	}

	/**
	 * The model's elements by the names findings and markers give them: their id, or, for elements
	 * without one, their path and type. One pass over the model serves every finding of a validation.
	 */
	private Map<String, EObject> elementsByName() {
		Map<String, EObject> elements = new HashMap<>();
		for (var contents = document.model().eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			String id = element instanceof Identified identified && identified.getId() != null
					&& !identified.getId().isBlank() ? identified.getId() : null;
			String path = id == null ? Diagnostic.of(Severity.WARNING, element, "").elementPath() : null;
			elements.putIfAbsent(name(id, path, element.eClass().getName()), element);
		}
		return elements;
	}

	/** How {@link #elementsByName()} names an element: by id when there is one, else by type and path. */
	private static String name(String id, String path, String type) {
		return id != null ? "id " + id : "path " + type + " " + path;
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		if (adapter == IPropertySheetPage.class) {
			if (propertySheetPage == null || propertySheetPage.getControl() == null
					|| propertySheetPage.getControl().isDisposed()) {
				propertySheetPage = new TabbedPropertySheetPage(this);
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

	/** Brings a page to the front by its name; returns its diagram, or null for the model tree. */
	public DiagramViewer showPage(String name) {
		for (CTabItem item : pages.getItems()) {
			if (item.getText().equals(name)) {
				pages.setSelection(item);
				pageChanged();
				return diagrams.get(item);
			}
		}
		throw new IllegalArgumentException("the editor has no page '" + name + "'");
	}

	@Override
	public String getContributorId() {
		return IosimUi.MODEL_EDITOR_ID;
	}

	/** What the validator found on the element at the last open or save. */
	public List<Diagnostic> findingsOf(EObject element) {
		return findings.getOrDefault(element, List.of());
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
