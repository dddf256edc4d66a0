package org.iosim.ui.internal;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.iosim.ui.IosimUi;

/** Models on the left, editors in the middle, properties, problems, results and progress below. */
public final class IosimPerspective implements IPerspectiveFactory {

	private static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";

	@Override
	public void createInitialLayout(IPageLayout layout) {
		String editors = layout.getEditorArea();
		layout.addView(PROJECT_EXPLORER, IPageLayout.LEFT, 0.22f, editors);
		IFolderLayout bottom = layout.createFolder("org.iosim.ui.bottom", IPageLayout.BOTTOM, 0.62f, editors);
		bottom.addView(IPageLayout.ID_PROP_SHEET);
		bottom.addView(IosimUi.RESULTS_VIEW_ID);
		bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
		bottom.addView(IPageLayout.ID_PROGRESS_VIEW);
		bottom.addPlaceholder(IosimUi.ANALYSIS_MODELS_VIEW_ID);
		layout.addShowViewShortcut(IosimUi.RESULTS_VIEW_ID);
		layout.addShowViewShortcut(IosimUi.ANALYSIS_MODELS_VIEW_ID);
		layout.addShowViewShortcut(IPageLayout.ID_PROP_SHEET);
		layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
		layout.addShowViewShortcut(IPageLayout.ID_PROGRESS_VIEW);
		layout.addShowViewShortcut(PROJECT_EXPLORER);
		layout.addActionSet("org.eclipse.debug.ui.launchActionSet");
		layout.addNewWizardShortcut("org.iosim.ui.newModelSet");
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.project");
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.folder");
	}
}
