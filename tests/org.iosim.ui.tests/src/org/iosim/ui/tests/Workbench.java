package org.iosim.ui.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;

/** What the workbench tests share: the UI thread, example projects, screenshots. */
final class Workbench {

	private Workbench() {
	}

	/** How long the UI thread may take for one piece of work; a dialog nobody answers ends the test here. */
	private static final long UI_WAIT_SECONDS = 120;

	/** Runs on the UI thread and returns its result; what it throws is rethrown here. */
	static <T> T ui(Callable<T> work) {
		CompletableFuture<T> result = new CompletableFuture<>();
		Display.getDefault().asyncExec(() -> {
			try {
				result.complete(work.call());
			} catch (Throwable thrown) {
				result.completeExceptionally(thrown);
			}
		});
		try {
			return result.get(UI_WAIT_SECONDS, TimeUnit.SECONDS);
		} catch (TimeoutException blocked) {
			throw new AssertionError("the UI thread did not finish within " + UI_WAIT_SECONDS + " s (a dialog open?)");
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(interrupted);
		} catch (ExecutionException failed) {
			if (failed.getCause() instanceof RuntimeException unchecked) {
				throw unchecked;
			}
			if (failed.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(failed.getCause());
		}
	}

	static void uiRun(Runnable work) {
		ui(() -> {
			work.run();
			return null;
		});
	}

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/** Lets the UI thread handle what is queued (async updates of editors and views). */
	static void processEvents() {
		uiRun(() -> {
			while (Display.getDefault().readAndDispatch()) {
				// until nothing is left
			}
		});
	}

	static Path repositoryRoot() {
		return Path.of(System.getProperty("iosim.repository.root", "../.."));
	}

	/** A new workspace project holding a copy of one of the repository's examples. */
	static IProject exampleProject(String example, String projectName) throws CoreException, IOException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(projectName);
		if (project.exists()) {
			project.delete(true, true, null);
		}
		project.create(null);
		project.open(null);
		try (Stream<Path> files = Files.list(repositoryRoot().resolve("examples").resolve(example))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				try (InputStream content = Files.newInputStream(file)) {
					project.getFile(file.getFileName().toString()).create(content, true, null);
				}
			}
		}
		return project;
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
				ImageLoader loader = new ImageLoader();
				loader.data = new ImageData[] { image.getImageData() };
				Files.createDirectories(Path.of(folder));
				loader.save(Path.of(folder, name + ".png").toString(), SWT.IMAGE_PNG);
			} catch (IOException cannotWrite) {
				throw new IllegalStateException(cannotWrite);
			} finally {
				gc.dispose();
				image.dispose();
			}
		});
	}

	/** Every widget under the control, depth first. */
	static List<org.eclipse.swt.widgets.Control> widgets(org.eclipse.swt.widgets.Control root) {
		List<org.eclipse.swt.widgets.Control> found = new java.util.ArrayList<>();
		found.add(root);
		if (root instanceof org.eclipse.swt.widgets.Composite composite) {
			for (org.eclipse.swt.widgets.Control child : composite.getChildren()) {
				found.addAll(widgets(child));
			}
		}
		return found;
	}
}
