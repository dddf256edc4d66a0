package org.iosim.ui.internal.editor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.RemoveCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.List;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.ListSelectionDialog;
import org.eclipse.ui.forms.widgets.FormToolkit;
import org.eclipse.ui.forms.widgets.ScrolledForm;
import org.eclipse.ui.forms.widgets.Section;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelDefinition;
import org.iosim.files.SecureXml;
import org.iosim.files.WholeFiles;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoPackage;
import org.iosim.pcm.io.LittlesLawMemoryLength;
import org.iosim.pcm.io.ModelParameter;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.transform.IoConfigurationFiles;
import org.iosim.transform.TransformationException;

/**
 * Edits an I/O configuration ({@code .ioconfig}) in a form: its file sets, its virtualized storages
 * (the containers they serve, picked from the model beside the file; default file set and
 * sequentiality; memory length; the analysis model) and its analysis model definitions (the kind
 * picked among those installed, and their parameters). Every change is a command (Undo, Redo,
 * dirty state). Saving writes the file again through EMF and keeps the comments before its root
 * element, where IOSim's examples explain themselves.
 */
public final class IoConfigurationEditor extends CommandStackEditor {

	private static final Pattern LEADING_COMMENTS = Pattern.compile("^(<\\?xml[^>]*\\?>\\s*)((?:<!--.*?-->\\s*)*)", Pattern.DOTALL);
	private static final IoPackage IO = IoPackage.eINSTANCE;

	private IoConfiguration configuration;
	private Resource resource;
	private String leadingComments = "";
	private AdapterFactoryEditingDomain domain;
	private FormToolkit toolkit;
	private ScrolledForm form;
	private final java.util.List<Runnable> refreshers = new ArrayList<>();
	private boolean refreshing;
	/** The containers of the model beside the file; null until first needed. */
	private java.util.List<ResourceContainer> modelContainers;

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof IFileEditorInput fileInput) || fileInput.getFile().getLocation() == null) {
			throw new PartInitException("IOSim's I/O configuration editor opens .ioconfig files of the workspace");
		}
		setSite(site);
		setInput(input);
		Path path = fileInput.getFile().getLocation().toPath();
		try {
			IoConfigurationFiles.load(path); // the checks and messages of the command line
			String text = Files.readString(path);
			Matcher comments = LEADING_COMMENTS.matcher(text);
			leadingComments = comments.find() ? comments.group(2) : "";
		} catch (TransformationException | IOException unreadable) {
			throw new PartInitException(unreadable.getMessage());
		}
		domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE),
				new BasicCommandStack());
		resource = IosimResourceFactory.newResourceSet().createResource(URI.createFileURI(path.toString()));
		try {
			resource.load(SecureXml.emfLoadOptions());
		} catch (IOException unreadable) {
			throw new PartInitException(unreadable.getMessage());
		}
		domain.getResourceSet().getResources().add(resource);
		configuration = (IoConfiguration) resource.getContents().get(0);
		useEditingDomain(domain, this::refresh);
		setPartName(fileInput.getFile().getName());
	}

	@Override
	public void createPartControl(Composite parent) {
		toolkit = new FormToolkit(parent.getDisplay());
		form = toolkit.createScrolledForm(parent);
		form.setText("I/O configuration");
		Composite body = form.getBody();
		body.setLayout(new GridLayout(1, false));
		Composite general = section(body, "General", "What the configuration is called.");
		text(general, "Name", () -> configuration, IO.getIoConfiguration_Name(), null);
		fileSets(section(body, "File sets", "The sets of files the I/O requests work on, with their size in bytes."));
		storages(section(body, "Virtualized storages",
				"Each storage replaces the HDD of the containers it serves; its analysis model predicts each request's delay."));
		analysisModels(section(body, "Analysis models", "The models that predict delays, by kind, with their parameters."));
		installUndoRedo();
		refresh();
	}

	private Composite section(Composite body, String title, String description) {
		Section section = toolkit.createSection(body, Section.TITLE_BAR | Section.DESCRIPTION | Section.EXPANDED);
		section.setText(title);
		section.setDescription(description);
		section.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
		Composite client = toolkit.createComposite(section);
		client.setLayout(new GridLayout(3, false));
		toolkit.paintBordersFor(client);
		section.setClient(client);
		return client;
	}

	// File sets: a list, and the selected one's fields.

	private void fileSets(Composite area) {
		List list = list(area, "fileSets", () -> configuration.getFileSets(), FileSet::getName);
		buttons(area, "file set", () -> {
			FileSet added = IoFactory.eINSTANCE.createFileSet();
			added.setName(unique("files", configuration.getFileSets().stream().map(FileSet::getName).toList()));
			return AddCommand.create(domain, configuration, IO.getIoConfiguration_FileSets(), added);
		}, () -> selected(list, configuration.getFileSets()));
		text(area, "File set name", () -> selected(list, configuration.getFileSets()), IO.getFileSet_Name(), null);
		text(area, "Size (bytes)", () -> selected(list, configuration.getFileSets()), IO.getFileSet_Size(),
				value -> value.matches("\\d+") ? null : "the size is a whole number of bytes");
	}

	// Storages: a list, and the selected storage's fields.

	private void storages(Composite area) {
		List list = list(area, "storages", () -> configuration.getStorages(), VirtualizedStorage::getName);
		buttons(area, "storage", () -> {
			VirtualizedStorage added = IoFactory.eINSTANCE.createVirtualizedStorage();
			added.setName(unique("storage", configuration.getStorages().stream().map(VirtualizedStorage::getName).toList()));
			return AddCommand.create(domain, configuration, IO.getIoConfiguration_Storages(), added);
		}, () -> selected(list, configuration.getStorages()));
		java.util.function.Supplier<VirtualizedStorage> storage = () -> selected(list, configuration.getStorages());
		text(area, "Storage name", storage, IO.getVirtualizedStorage_Name(), null);
		Label containers = label(area, "Serves containers");
		Text containerNames = toolkit.createText(area, "", SWT.READ_ONLY);
		containerNames.setData(FormFields.KEY, "containers");
		containerNames.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
		Button pick = toolkit.createButton(area, "Pick...", SWT.PUSH);
		pick.addListener(SWT.Selection, event -> pickContainers(storage.get()));
		refreshers.add(() -> {
			VirtualizedStorage shown = storage.get();
			java.util.List<String> references = shown == null ? java.util.List.of() : shown.getContainers();
			containerNames.setText(String.join(", ", references.stream().map(this::containerName).toList()));
			containerNames.setToolTipText(references.isEmpty() ? null
					: String.join("\n", references.stream().map(this::describeContainer).toList()));
			pick.setEnabled(shown != null);
			containers.setEnabled(shown != null);
		});
		combo(area, "Default file set", storage, IO.getVirtualizedStorage_DefaultFileSet(),
				() -> configuration.getFileSets().stream().map(FileSet::getName).toList(), name -> name);
		text(area, "Default sequentiality", storage, IO.getVirtualizedStorage_DefaultSequentiality(),
				ExpressionCellEditor::error);
		combo(area, "Analysis model", storage, IO.getVirtualizedStorage_AnalysisModel(),
				() -> configuration.getAnalysisModels(), AnalysisModelDefinition::getName);
		memoryLength(area, storage);
	}

	private void memoryLength(Composite area, java.util.function.Supplier<VirtualizedStorage> storage) {
		label(area, "Memory length");
		Combo kind = new Combo(area, SWT.READ_ONLY);
		kind.setData(FormFields.KEY, "memoryLength");
		kind.setItems("none (the default)", "fixed: the last n requests", "Little's law: mean delay × arrival rate");
		kind.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
		kind.addListener(SWT.Selection, event -> {
			VirtualizedStorage shown = storage.get();
			if (shown == null || refreshing) {
				return;
			}
			EObject length = switch (kind.getSelectionIndex()) {
			case 1 -> {
				FixedMemoryLength fixed = IoFactory.eINSTANCE.createFixedMemoryLength();
				fixed.setRequests(32);
				yield fixed;
			}
			case 2 -> {
				LittlesLawMemoryLength little = IoFactory.eINSTANCE.createLittlesLawMemoryLength();
				little.setMeanDelay(0.01);
				little.setArrivalRate(100);
				yield little;
			}
			default -> null;
			};
			execute(SetCommand.create(domain, shown, IO.getVirtualizedStorage_MemoryLength(), length));
		});
		refreshers.add(() -> {
			VirtualizedStorage shown = storage.get();
			kind.setEnabled(shown != null);
			kind.select(shown == null || shown.getMemoryLength() == null ? 0
					: shown.getMemoryLength() instanceof FixedMemoryLength ? 1 : 2);
		});
		text(area, "Requests (fixed)", () -> storage.get() != null && storage.get().getMemoryLength() instanceof FixedMemoryLength fixed ? fixed : null,
				IO.getFixedMemoryLength_Requests(), value -> value.matches("[1-9]\\d*") ? null : "a positive whole number");
		text(area, "Mean delay (Little's law)", () -> storage.get() != null && storage.get().getMemoryLength() instanceof LittlesLawMemoryLength little ? little : null,
				IO.getLittlesLawMemoryLength_MeanDelay(), IoConfigurationEditor::positiveNumberError);
		text(area, "Arrival rate (Little's law)", () -> storage.get() != null && storage.get().getMemoryLength() instanceof LittlesLawMemoryLength little ? little : null,
				IO.getLittlesLawMemoryLength_ArrivalRate(), IoConfigurationEditor::positiveNumberError);
	}

	// Analysis model definitions: a list, the selected one's name and kind, and its parameters.

	private void analysisModels(Composite area) {
		List list = list(area, "analysisModels", () -> configuration.getAnalysisModels(), AnalysisModelDefinition::getName);
		buttons(area, "analysis model", () -> {
			AnalysisModelDefinition added = IoFactory.eINSTANCE.createAnalysisModelDefinition();
			added.setName(unique("model", configuration.getAnalysisModels().stream().map(AnalysisModelDefinition::getName).toList()));
			added.setKind(AnalysisModelRegistry.EXPRESSION_KIND);
			return AddCommand.create(domain, configuration, IO.getIoConfiguration_AnalysisModels(), added);
		}, () -> selected(list, configuration.getAnalysisModels()));
		label(area, "");
		Button stored = toolkit.createButton(area, "Add stored models...", SWT.PUSH);
		stored.setData(FormFields.KEY, "add stored models");
		stored.setToolTipText("Copies analysis models stored in a folder (a calibration's output, a folder for --models)"
				+ " into this configuration");
		stored.addListener(SWT.Selection, event -> pickStoredModels());
		java.util.function.Supplier<AnalysisModelDefinition> model = () -> selected(list, configuration.getAnalysisModels());
		text(area, "Model name", model, IO.getAnalysisModelDefinition_Name(), null);
		java.util.List<String> kinds = AnalysisModelRegistry.standard().kinds().stream().map(IoAnalysisModelKind::id).sorted().toList();
		combo(area, "Kind", model, IO.getAnalysisModelDefinition_Kind(), () -> kinds, kind -> kind);
		label(area, "Parameters");
		List parameters = new List(area, SWT.BORDER | SWT.V_SCROLL);
		parameters.setData(FormFields.KEY, "parameters");
		GridData tall = new GridData(SWT.FILL, SWT.FILL, true, false, 2, 1);
		tall.heightHint = 80;
		parameters.setLayoutData(tall);
		refreshers.add(() -> {
			AnalysisModelDefinition shown = model.get();
			int index = parameters.getSelectionIndex();
			parameters.setItems(shown == null ? new String[0]
					: shown.getParameters().stream().map(parameter -> parameter.getName() + " = " + parameter.getValue()).toArray(String[]::new));
			if (index >= 0 && index < parameters.getItemCount()) {
				parameters.select(index);
			}
		});
		parameters.addListener(SWT.Selection, event -> refresh());
		buttons(area, "parameter", () -> {
			ModelParameter added = IoFactory.eINSTANCE.createModelParameter();
			added.setName("name");
			added.setValue("");
			return model.get() == null ? null : AddCommand.create(domain, model.get(), IO.getAnalysisModelDefinition_Parameters(), added);
		}, () -> selected(parameters, model.get() == null ? java.util.List.of() : model.get().getParameters()));
		java.util.function.Supplier<ModelParameter> parameter = () -> selected(parameters,
				model.get() == null ? java.util.List.of() : model.get().getParameters());
		text(area, "Parameter name", parameter, IO.getModelParameter_Name(), null);
		text(area, "Parameter value", parameter, IO.getModelParameter_Value(), null);
	}

	// Fields bound to a feature of whatever element their supplier gives; a change is a SetCommand.

	private <T extends EObject> void text(Composite area, String label, java.util.function.Supplier<T> element,
			EStructuralFeature feature, Function<String, String> problem) {
		Label name = label(area, label);
		Text text = toolkit.createText(area, "", SWT.SINGLE);
		text.setData(FormFields.KEY, feature.getEContainingClass().getName() + "." + feature.getName());
		text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
		Consumer<Object> apply = ignored -> {
			T shown = element.get();
			if (shown == null || refreshing) {
				return;
			}
			String value = text.getText();
			String wrong = problem == null ? null : problem.apply(value);
			text.setToolTipText(wrong);
			text.setForeground(text.getDisplay().getSystemColor(wrong == null ? SWT.COLOR_LIST_FOREGROUND : SWT.COLOR_RED));
			form.setMessage(wrong == null ? null : label + ": " + wrong, wrong == null ? 0 : org.eclipse.jface.dialogs.IMessageProvider.ERROR);
			if (wrong != null) {
				return;
			}
			Object converted = feature.getEType() == org.eclipse.emf.ecore.EcorePackage.Literals.ESTRING
					|| feature.getEType().getInstanceClass() == String.class ? value
							: org.eclipse.emf.ecore.util.EcoreUtil.createFromString((org.eclipse.emf.ecore.EDataType) feature.getEType(), value);
			if (!converted.equals(shown.eGet(feature))) {
				execute(SetCommand.create(domain, shown, feature, converted));
			}
		};
		text.addModifyListener(event -> apply.accept(null));
		refreshers.add(() -> {
			T shown = element.get();
			text.setEnabled(shown != null);
			name.setEnabled(shown != null);
			String value = shown == null || shown.eGet(feature) == null ? "" : String.valueOf(shown.eGet(feature));
			if (!text.getText().equals(value)) {
				text.setText(value);
			}
		});
	}

	private <T extends EObject, V> void combo(Composite area, String label, java.util.function.Supplier<T> element,
			EStructuralFeature feature, java.util.function.Supplier<java.util.List<V>> choices, Function<V, String> name) {
		Label caption = label(area, label);
		Combo combo = new Combo(area, SWT.READ_ONLY);
		combo.setData(FormFields.KEY, feature.getEContainingClass().getName() + "." + feature.getName());
		combo.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
		combo.addListener(SWT.Selection, event -> {
			T shown = element.get();
			int index = combo.getSelectionIndex();
			if (shown == null || refreshing || index < 0) {
				return;
			}
			V chosen = index == 0 ? null : choices.get().get(index - 1);
			execute(SetCommand.create(domain, shown, feature, chosen));
		});
		refreshers.add(() -> {
			T shown = element.get();
			java.util.List<V> options = choices.get();
			java.util.List<String> items = new ArrayList<>(java.util.List.of("(none)"));
			options.forEach(option -> items.add(name.apply(option)));
			combo.setItems(items.toArray(String[]::new));
			combo.select(shown == null ? 0 : Math.max(0, options.indexOf(shown.eGet(feature)) + 1));
			combo.setEnabled(shown != null);
			caption.setEnabled(shown != null);
		});
	}

	private <T> List list(Composite area, String key, java.util.function.Supplier<java.util.List<T>> elements,
			Function<T, String> name) {
		List list = new List(area, SWT.BORDER | SWT.V_SCROLL | SWT.SINGLE);
		list.setData(FormFields.KEY, key);
		GridData data = new GridData(SWT.FILL, SWT.FILL, true, false, 2, 1);
		data.heightHint = 60;
		list.setLayoutData(data);
		list.addListener(SWT.Selection, event -> refresh());
		refreshers.add(0, () -> {
			int index = list.getSelectionIndex();
			list.setItems(elements.get().stream().map(element -> String.valueOf(name.apply(element))).toArray(String[]::new));
			list.select(index >= 0 && index < list.getItemCount() ? index : list.getItemCount() > 0 ? 0 : -1);
		});
		return list;
	}

	private void buttons(Composite area, String what, java.util.function.Supplier<Command> add,
			java.util.function.Supplier<? extends EObject> selected) {
		Composite buttons = toolkit.createComposite(area);
		buttons.setLayout(new GridLayout(1, true));
		Button addButton = toolkit.createButton(buttons, "Add " + what, SWT.PUSH);
		addButton.setData(FormFields.KEY, "add " + what);
		addButton.addListener(SWT.Selection, event -> execute(add.get()));
		Button remove = toolkit.createButton(buttons, "Remove " + what, SWT.PUSH);
		remove.setData(FormFields.KEY, "remove " + what);
		remove.addListener(SWT.Selection, event -> {
			EObject chosen = selected.get();
			if (chosen != null) {
				execute(RemoveCommand.create(domain, chosen));
			}
		});
		refreshers.add(() -> remove.setEnabled(selected.get() != null));
	}

	private Label label(Composite area, String text) {
		return toolkit.createLabel(area, text);
	}

	private static <T> T selected(List list, java.util.List<T> elements) {
		int index = list.getSelectionIndex();
		return index >= 0 && index < elements.size() ? elements.get(index) : null;
	}

	/**
	 * The containers of the model beside the configuration, read once when first needed: the form names
	 * the containers a storage serves by them, and Pick... offers them.
	 */
	private java.util.List<ResourceContainer> modelContainers() {
		if (modelContainers == null) {
			modelContainers = new ArrayList<>();
			Path folder = file().getLocation().toPath().getParent();
			for (ModelSet modelSet : new PalladioImporter().importPath(folder).modelSets()) {
				if (modelSet.model().getResourceEnvironment() != null) {
					for (ResourceContainer container : modelSet.model().getResourceEnvironment().getContainers()) {
						if (modelContainers.stream().noneMatch(known -> known.getId().equals(container.getId()))) {
							modelContainers.add(container);
						}
					}
				}
			}
		}
		return modelContainers;
	}

	/**
	 * The container a storage's reference names, as the completion finds it: by id, else by name
	 * ({@code Wiring}'s rule); null when the model beside the file has none of that id or name.
	 */
	private ResourceContainer container(String reference) {
		return modelContainers().stream().filter(container -> reference.equals(container.getId())).findFirst()
				.or(() -> modelContainers().stream().filter(container -> reference.equals(container.getName())).findFirst())
				.orElse(null);
	}

	/** The container's name where the model beside the file has it (ids mean little to a modeller), else the reference. */
	private String containerName(String reference) {
		ResourceContainer container = container(reference);
		return container == null || container.getName() == null || container.getName().isBlank() ? reference
				: container.getName();
	}

	/** Name and id of the container, for the field's tooltip, or why the reference finds none. */
	private String describeContainer(String reference) {
		ResourceContainer container = container(reference);
		return container == null ? reference + ": no container of this id or name in the model beside the file"
				: container.getName() + " (id " + container.getId() + ")";
	}

	/** The containers of the model beside the configuration, offered by name; the storage keeps their ids. */
	private void pickContainers(VirtualizedStorage storage) {
		if (storage == null) {
			return;
		}
		Path folder = file().getLocation().toPath().getParent();
		java.util.List<ResourceContainer> containers = modelContainers();
		java.util.List<ResourceContainer> chosen = choose(containers,
				container -> container.getName() + " (" + container.getId() + ")", "Serves containers",
				"Containers of the model in " + folder.getFileName() + " whose HDD this storage replaces:",
				storage.getContainers().stream().map(this::container).filter(java.util.Objects::nonNull).toList());
		if (chosen != null) {
			setContainers(storage, chosen.stream().map(ResourceContainer::getId).toList());
		}
	}

	/** @return the elements the user checked in a list of them, or null if the dialog was cancelled */
	private <T> java.util.List<T> choose(java.util.List<T> elements, Function<T, String> label, String title, String message,
			java.util.List<T> preselected) {
		ListSelectionDialog dialog = ListSelectionDialog.of(elements.toArray())
				.labelProvider(new org.eclipse.jface.viewers.LabelProvider() {
					@Override
					@SuppressWarnings("unchecked") // the dialog shows only the elements given
					public String getText(Object element) {
						return label.apply((T) element);
					}
				}).message(message).preselect(preselected.toArray()).create(getSite().getShell());
		dialog.setTitle(title);
		if (dialog.open() != ListSelectionDialog.OK) {
			return null;
		}
		@SuppressWarnings("unchecked") // the dialog returns some of the elements given
		java.util.List<T> result = java.util.Arrays.stream(dialog.getResult()).map(element -> (T) element).toList();
		return result;
	}

	/** Asks for a folder of stored analysis models and which of them to add. */
	private void pickStoredModels() {
		DirectoryDialog folderDialog = new DirectoryDialog(getSite().getShell());
		folderDialog.setText("Add stored analysis models");
		folderDialog.setMessage("A folder of stored analysis model definitions (*.json), such as the output of a calibration:");
		folderDialog.setFilterPath(file().getLocation().toPath().getParent().toString());
		String folder = folderDialog.open();
		if (folder == null) {
			return;
		}
		java.util.List<ModelDefinition> found;
		try {
			found = AnalysisModelRegistry.loadStored(Path.of(folder));
		} catch (AnalysisModelException unreadable) {
			MessageDialog.openError(getSite().getShell(), "Add stored analysis models", unreadable.getMessage());
			return;
		}
		if (found.isEmpty()) {
			MessageDialog.openInformation(getSite().getShell(), "Add stored analysis models",
					folder + " holds no stored analysis model definitions (*.json).");
			return;
		}
		java.util.List<ModelDefinition> chosen = choose(found, definition -> definition.name() + " (" + definition.kind() + ")",
				"Add stored analysis models", "Analysis models stored in " + folder + " to copy into this configuration:",
				found);
		if (chosen != null) {
			addStoredModels(chosen);
		}
	}

	/**
	 * Copies stored analysis model definitions into the configuration, as one command: each keeps its
	 * kind, features and parameters, gets a name no other model has, and finds its files (a regression
	 * model, a table) from the folder it was stored in, written relative to this configuration's folder
	 * so that both can move together.
	 */
	public void addStoredModels(java.util.List<ModelDefinition> stored) {
		Path folder = file().getLocation().toPath().getParent().toAbsolutePath().normalize();
		java.util.List<String> taken = new ArrayList<>(configuration.getAnalysisModels().stream()
				.map(AnalysisModelDefinition::getName).toList());
		java.util.List<AnalysisModelDefinition> added = new ArrayList<>();
		for (ModelDefinition definition : stored) {
			AnalysisModelDefinition element = definition.toElement();
			element.setName(unique(definition.name(), taken));
			taken.add(element.getName());
			Path base = definition.baseDirectory().toAbsolutePath().normalize();
			String relative = base.getRoot() != null && base.getRoot().equals(folder.getRoot())
					? folder.relativize(base).toString() : base.toString();
			element.setBaseDirectory(relative.isEmpty() ? null : relative); // unset: the configuration's own folder
			added.add(element);
		}
		execute(AddCommand.create(domain, configuration, IO.getIoConfiguration_AnalysisModels(), added));
	}

	/** Sets the containers a storage serves (by id), as one command. */
	public void setContainers(VirtualizedStorage storage, java.util.List<String> ids) {
		execute(SetCommand.create(domain, storage, IO.getVirtualizedStorage_Containers(), ids));
	}

	private void execute(Command command) {
		if (command != null && command.canExecute()) {
			domain.getCommandStack().execute(command);
		}
	}

	private void refresh() {
		if (form == null || form.isDisposed()) {
			return;
		}
		refreshing = true;
		try {
			refreshers.forEach(Runnable::run);
		} finally {
			refreshing = false;
		}
		form.reflow(true);
	}

	private static String positiveNumberError(String text) {
		try {
			return Double.parseDouble(text) > 0 ? null : "a positive number";
		} catch (NumberFormatException notANumber) {
			return "a positive number";
		}
	}

	private static String unique(String base, java.util.List<String> taken) {
		String name = base;
		for (int n = 2; taken.contains(name); n++) {
			name = base + "-" + n;
		}
		return name;
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		Path path = file().getLocation().toPath();
		try {
			ByteArrayOutputStream written = new ByteArrayOutputStream();
			resource.save(written, null);
			String text = written.toString(StandardCharsets.UTF_8);
			Matcher declaration = LEADING_COMMENTS.matcher(text);
			if (declaration.find() && !leadingComments.isEmpty()) {
				text = declaration.group(1) + leadingComments + text.substring(declaration.end());
			}
			String content = text;
			WholeFiles.write(path, staged -> Files.writeString(staged, content));
			saved();
			file().refreshLocal(IResource.DEPTH_ZERO, monitor);
		} catch (IOException | CoreException failed) {
			saveFailed(monitor, failed);
		}
	}

	@Override
	public void setFocus() {
		form.setFocus();
	}

	@Override
	public void dispose() {
		if (toolkit != null) {
			toolkit.dispose();
		}
		super.dispose();
	}

	// What the workbench's tests use.

	public IoConfiguration configuration() {
		return configuration;
	}

	/** The form's control for a field, by its key (feature {@code Class.feature}, or a list's name). */
	public Control field(String key) {
		return FormFields.find(form, key);
	}
}
