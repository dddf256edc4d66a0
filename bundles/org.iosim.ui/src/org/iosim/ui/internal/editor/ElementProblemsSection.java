package org.iosim.ui.internal.editor;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.views.properties.tabbed.AbstractPropertySection;
import org.eclipse.ui.views.properties.tabbed.TabbedPropertySheetPage;
import org.iosim.pcm.validation.Diagnostic;

/** The Problems tab: what the validator found on the selected element at the last open or save. */
public final class ElementProblemsSection extends AbstractPropertySection {

	/** Widget data key of the table, for tests. */
	public static final String TABLE_KEY = "org.iosim.ui.elementProblems";

	private Table table;
	private ModelEditor editor;
	private EObject element;

	@Override
	public void createControls(Composite parent, TabbedPropertySheetPage page) {
		super.createControls(parent, page);
		Composite area = getWidgetFactory().createComposite(parent);
		area.setLayout(new GridLayout(1, false));
		table = getWidgetFactory().createTable(area, SWT.FULL_SELECTION | SWT.BORDER);
		table.setData(TABLE_KEY, Boolean.TRUE);
		table.setHeaderVisible(true);
		table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		for (String column : List.of("Severity", "Problem")) {
			TableColumn added = new TableColumn(table, SWT.LEFT);
			added.setText(column);
			added.setWidth(column.equals("Severity") ? 90 : 700);
		}
	}

	@Override
	public void setInput(IWorkbenchPart part, ISelection selection) {
		super.setInput(part, selection);
		editor = part instanceof ModelEditor modelEditor ? modelEditor : null;
		element = selection instanceof IStructuredSelection structured && structured.getFirstElement() instanceof EObject chosen
				? chosen : null;
	}

	@Override
	public void refresh() {
		table.removeAll();
		if (editor == null || element == null) {
			return;
		}
		List<Diagnostic> findings = editor.findingsOf(element);
		for (Diagnostic finding : findings) {
			new TableItem(table, SWT.NONE).setText(new String[] { finding.isError() ? "error" : "warning", finding.message() });
		}
		if (findings.isEmpty()) {
			new TableItem(table, SWT.NONE).setText(new String[] { "", "no problems found at the last open or save" });
		}
	}

	@Override
	public boolean shouldUseExtraSpace() {
		return true;
	}
}
