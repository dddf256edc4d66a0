package org.iosim.ui.internal.results;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelDefinition;

/**
 * What {@code iosim models} lists: the kinds of I/O analysis models installed (built in and from
 * plug-ins), and the stored model definitions of a folder of the workspace (what
 * {@code --models DIR} gives a simulation), with their kind and features.
 */
public final class AnalysisModelsView extends ViewPart {

	private Table kinds;
	private Table stored;
	private Text folder;
	private Label message;

	@Override
	public void createPartControl(Composite parent) {
		SashForm sash = new SashForm(parent, SWT.VERTICAL);
		Composite top = new Composite(sash, SWT.NONE);
		top.setLayout(new GridLayout(1, false));
		new Label(top, SWT.NONE).setText("Kinds of analysis models installed:");
		kinds = table(top, "Kind", "What it is");
		Composite bottom = new Composite(sash, SWT.NONE);
		bottom.setLayout(new GridLayout(3, false));
		new Label(bottom, SWT.NONE).setText("Stored models in:");
		folder = new Text(bottom, SWT.BORDER | SWT.SINGLE);
		folder.setToolTipText("A folder of the workspace holding stored model definitions (*.json), as iosim models --models DIR");
		folder.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
		Button list = new Button(bottom, SWT.PUSH);
		list.setText("List");
		list.addListener(SWT.Selection, event -> listStored(folder.getText()));
		message = new Label(bottom, SWT.WRAP);
		message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
		stored = table(bottom, "Model", "Kind", "Features");
		((GridData) stored.getLayoutData()).horizontalSpan = 3;
		for (IoAnalysisModelKind kind : AnalysisModelRegistry.standard().kinds()) {
			new TableItem(kinds, SWT.NONE).setText(new String[] { kind.id(), kind.description() });
		}
		kinds.getColumn(0).pack();
		kinds.getColumn(1).pack();
	}

	private static Table table(Composite parent, String... columns) {
		Table table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION);
		table.setHeaderVisible(true);
		table.setLinesVisible(true);
		table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		for (String column : columns) {
			TableColumn added = new TableColumn(table, SWT.LEFT);
			added.setText(column);
			added.setWidth(200);
		}
		return table;
	}

	/** Lists the stored model definitions of a workspace folder ({@code /project/folder}). */
	public void listStored(String workspacePath) {
		folder.setText(workspacePath);
		stored.removeAll();
		message.setText("");
		IResource found = workspacePath.isBlank() ? null
				: ResourcesPlugin.getWorkspace().getRoot().findMember(IPath.fromPortableString(workspacePath.strip()));
		if (!(found instanceof IContainer container) || container.getLocation() == null) {
			message.setText(workspacePath + " is not a folder of the workspace");
			return;
		}
		Path location = container.getLocation().toPath();
		List<ModelDefinition> definitions;
		try {
			definitions = AnalysisModelRegistry.loadStored(location);
		} catch (AnalysisModelException unreadable) {
			message.setText(unreadable.getMessage());
			return;
		}
		for (ModelDefinition definition : definitions) {
			new TableItem(stored, SWT.NONE).setText(new String[] { definition.name(), definition.kind(),
					Features.describe(definition.features()) });
		}
		message.setText(definitions.size() + " stored model" + (definitions.size() == 1 ? "" : "s"));
		message.getParent().layout();
	}

	// What the workbench's tests read.

	public Table kinds() {
		return kinds;
	}

	public Table stored() {
		return stored;
	}

	@Override
	public void setFocus() {
		kinds.setFocus();
	}
}
