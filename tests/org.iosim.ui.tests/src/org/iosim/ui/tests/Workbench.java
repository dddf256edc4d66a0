package org.iosim.ui.tests;

import static org.iosim.ui.testing.UiThread.processEvents;
import static org.iosim.ui.testing.UiThread.uiRun;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.internal.ui.launchConfigurations.LaunchConfigurationsDialog;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CLabel;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.iosim.testing.Repository;
import org.iosim.ui.IosimUi;
import org.iosim.ui.internal.editor.ModelEditor;
import org.iosim.ui.internal.launch.FieldsTab;
import org.iosim.ui.testing.UiThread;

/** What the workbench tests share: the active page, example projects, screenshots of windows. */
final class Workbench {

	private Workbench() {
	}

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	static Path repositoryRoot() {
		return Repository.root();
	}

	/** An empty, open workspace project of that name, replacing one an earlier test left. */
	static IProject freshProject(String projectName) throws CoreException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(projectName);
		if (project.exists()) {
			project.delete(true, true, null);
		}
		project.create(null);
		project.open(null);
		return project;
	}

	/** A new workspace project holding a copy of one of the repository's examples. */
	static IProject exampleProject(String example, String projectName) throws CoreException, IOException {
		IProject project = freshProject(projectName);
		try (Stream<Path> files = Files.list(repositoryRoot().resolve("examples").resolve(example))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				try (InputStream content = Files.newInputStream(file)) {
					project.getFile(file.getFileName().toString()).create(content, true, null);
				}
			}
		}
		return project;
	}

	/** @return the first element of the type in the editor's model, in containment order */
	static <T extends EObject> T first(ModelEditor editor, Class<T> type) {
		for (var contents = editor.model().eAllContents(); contents.hasNext();) {
			EObject next = contents.next();
			if (type.isInstance(next)) {
				return type.cast(next);
			}
		}
		throw new AssertionError("no " + type.getSimpleName() + " in the example");
	}

	/**
	 * The IOSim perspective in a window of a fixed size, as the tests and their screenshots expect;
	 * a test answers no dialog, so launching does not ask to save editors (the tests close theirs).
	 */
	static void showIosimPerspective() {
		DebugUITools.getPreferenceStore().setValue("org.eclipse.debug.ui.save_dirty_editors_before_launch",
				MessageDialogWithToggle.NEVER);
		uiRun(() -> {
			var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
			window.getShell().setBounds(0, 0, 1280, 960);
			try {
				PlatformUI.getWorkbench().showPerspective(IosimUi.PERSPECTIVE_ID, window);
			} catch (Exception cannotShow) {
				throw new IllegalStateException(cannotShow);
			}
		});
	}

	/** Saves a picture of the workbench window into the screenshot folder (docs shows them). */
	static void screenshot(String name) {
		screenshot(name, () -> PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell());
	}

	/** Saves a picture of a shell (a window or dialog) into the screenshot folder. */
	static void screenshot(String name, java.util.function.Supplier<Shell> window) {
		String folder = System.getProperty("iosim.screenshots");
		if (folder == null) {
			return;
		}
		// GTK paints after the events that asked for it: let it catch up before the picture is taken
		for (int round = 0; round < 3; round++) {
			processEvents();
			try {
				Thread.sleep(200);
			} catch (InterruptedException interrupted) {
				Thread.currentThread().interrupt();
				return;
			}
		}
		uiRun(() -> {
			Shell shell = window.get();
			Rectangle bounds = shell.getBounds();
			Image image = new Image(shell.getDisplay(), bounds.width, bounds.height);
			GC gc = new GC(shell.getDisplay());
			try {
				gc.copyArea(image, bounds.x, bounds.y);
				UiThread.saveScreenshot(name, image);
			} finally {
				gc.dispose();
				image.dispose();
			}
		});
	}

	/**
	 * Selects the resource in the Project Explorer and opens its context menu as a user's right click
	 * does (the menu fills itself when shown). Hide it with {@code SWT.Hide} when done. Call on the UI
	 * thread.
	 */
	static Menu contextMenu(IResource resource) {
		IViewPart explorer;
		try {
			explorer = page().showView(IPageLayout.ID_PROJECT_EXPLORER);
		} catch (PartInitException cannotShow) {
			throw new IllegalStateException(cannotShow);
		}
		page().activate(explorer);
		((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(resource));
		Menu context = ((Viewer) explorer.getSite().getSelectionProvider()).getControl().getMenu();
		context.notifyListeners(SWT.Show, new Event());
		return context;
	}

	/** The context menu last opened without a Run As, to show what it had instead. */
	private static List<String> contextMenuWithoutRunAs = List.of();

	/** What Run As in the resource's context menu in the Project Explorer offers. */
	static List<String> runAsItems(IResource resource) {
		return UiThread.ui(() -> {
			Menu runAs = runAsMenu(resource);
			if (runAs == null) {
				return List.of("(no Run As in the context menu: " + contextMenuWithoutRunAs + ")");
			}
			List<String> items = labels(runAs);
			hide(runAs);
			return items;
		});
	}

	/** Picks Run As → {@code launch} in the resource's context menu in the Project Explorer, as a user's click does. */
	static void runAs(IResource resource, String launch) {
		UiThread.uiRun(() -> {
			Menu runAs = runAsMenu(resource);
			if (runAs == null) {
				throw new AssertionError("no Run As in the context menu of " + resource + ": " + contextMenuWithoutRunAs);
			}
			MenuItem item = Arrays.stream(runAs.getItems()).filter(each -> label(each).equals(launch)).findFirst()
					.orElseThrow(() -> new AssertionError("no " + launch + " in Run As: " + labels(runAs)));
			item.notifyListeners(SWT.Selection, new Event());
			hide(runAs);
		});
	}

	/**
	 * Selects the resource in the Project Explorer and opens its context menu and the Run As submenu as
	 * a user's click does (the menus fill themselves when shown); null when the menu has no Run As
	 * ({@link #contextMenuWithoutRunAs} then says what it has). Call on the UI thread.
	 */
	private static Menu runAsMenu(IResource resource) {
		Menu context = contextMenu(resource);
		MenuItem runAs = Arrays.stream(context.getItems()).filter(item -> label(item).equals("Run As")).findFirst()
				.orElse(null);
		if (runAs == null || runAs.getMenu() == null) {
			contextMenuWithoutRunAs = labels(context);
			context.notifyListeners(SWT.Hide, new Event());
			return null;
		}
		runAs.getMenu().notifyListeners(SWT.Show, new Event());
		return runAs.getMenu();
	}

	private static void hide(Menu runAs) {
		runAs.notifyListeners(SWT.Hide, new Event());
		runAs.getParentMenu().notifyListeners(SWT.Hide, new Event());
	}

	/** Something a test does that may throw. */
	@FunctionalInterface
	interface Action {
		void run() throws Exception;
	}

	/**
	 * Does {@code action} and returns the first job of the family it scheduled (a launch's job), waiting
	 * a minute at most for it to be scheduled.
	 */
	static Job jobScheduledBy(Object family, Action action) throws Exception {
		CompletableFuture<Job> scheduled = new CompletableFuture<>();
		JobChangeAdapter listener = new JobChangeAdapter() {
			@Override
			public void scheduled(IJobChangeEvent event) {
				if (event.getJob().belongsTo(family)) {
					scheduled.complete(event.getJob());
				}
			}
		};
		Job.getJobManager().addJobChangeListener(listener);
		try {
			action.run();
			return scheduled.get(60, TimeUnit.SECONDS);
		} finally {
			Job.getJobManager().removeJobChangeListener(listener);
		}
	}

	/** A menu's entries by their labels. */
	static List<String> labels(Menu menu) {
		return Arrays.stream(menu.getItems()).map(Workbench::label).toList();
	}

	/** A menu item's text without its mnemonic, number and accelerator ("&1 IOSim Simulation\tCtrl+X"). */
	static String label(MenuItem item) {
		String text = item.getText().replace("&", "");
		text = text.contains("\t") ? text.substring(0, text.indexOf('\t')) : text;
		return text.replaceFirst("^\\d+ ", "").strip();
	}

	/**
	 * Opens the Run Configurations dialog on a configuration, without waiting (it is modal), and finds
	 * it among the display's shells by a field of the tab the test expects.
	 *
	 * @param field a {@link org.iosim.ui.internal.launch.FieldsTab#ATTRIBUTE_KEY} of the tab's fields
	 * @return the dialog's shell, or null if it did not open within a minute
	 */
	static Shell openLaunchDialog(ILaunchConfiguration configuration, String field) throws InterruptedException {
		Shell workbench = UiThread.ui(() -> PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell());
		uiRun(Workbench::forgetADisposedLaunchDialog);
		Display.getDefault().asyncExec(() -> DebugUITools.openLaunchConfigurationDialogOnGroup(workbench,
				new StructuredSelection(configuration), "org.eclipse.debug.ui.launchGroup.run"));
		for (int tries = 0; tries < 600; tries++) {
			Thread.sleep(100);
			Shell dialog = UiThread.ui(() -> Arrays.stream(Display.getDefault().getShells())
					.filter(shell -> shell != workbench && shell.isVisible() && launchField(shell, field) != null)
					.findFirst().orElse(null));
			if (dialog != null) {
				return dialog;
			}
		}
		return null;
	}

	/** Throws the dialog away: closing it would ask whether to keep the changes, and a test keeps none. */
	static void disposeLaunchDialog(Shell dialog) {
		uiRun(() -> {
			dialog.dispose();
			forgetADisposedLaunchDialog();
		});
	}

	/**
	 * The debug UI remembers the open launch dialog until it is closed, and brings that one to the front
	 * instead of opening another: a dialog disposed without closing would keep the next test's dialog
	 * from opening. Call on the UI thread.
	 */
	private static void forgetADisposedLaunchDialog() {
		if (LaunchConfigurationsDialog.getCurrentlyVisibleLaunchConfigurationDialog() instanceof Window open
				&& (open.getShell() == null || open.getShell().isDisposed())) {
			LaunchConfigurationsDialog.setCurrentlyVisibleLaunchConfigurationDialog(null);
		}
	}

	/** The launch tab's field of an attribute. Call on the UI thread. */
	static Text launchField(Shell shell, String attribute) {
		return UiThread.widgets(shell).stream().filter(widget -> widget instanceof Text)
				.filter(widget -> attribute.equals(widget.getData(FieldsTab.ATTRIBUTE_KEY))).map(Text.class::cast)
				.findFirst().orElse(null);
	}

	/** What a dialog's labels, fields and message area say. Call on the UI thread. */
	static List<String> texts(Shell shell) {
		return UiThread.widgets(shell).stream().map(widget -> widget instanceof Label label ? label.getText()
				: widget instanceof CLabel label ? label.getText() : widget instanceof Text text ? text.getText() : null)
				.filter(Objects::nonNull).toList();
	}
}
