package org.iosim.ui.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;

/**
 * What the workbench's UI tests share: work run on the UI thread from the test thread (never
 * blocking forever on a dialog nobody answers), the widgets under a control, and screenshots saved
 * into the folder the build names ({@code iosim.screenshots}).
 */
public final class UiThread {

	/** How long the UI thread may take for one piece of work; a dialog nobody answers ends the test here. */
	private static final long UI_WAIT_SECONDS = 120;

	private UiThread() {
	}

	/** Runs on the UI thread and returns its result; what it throws is rethrown here. */
	public static <T> T ui(Callable<T> work) {
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

	public static void uiRun(Runnable work) {
		ui(() -> {
			work.run();
			return null;
		});
	}

	/** Lets the UI thread handle what is queued (async updates of editors and views). */
	public static void processEvents() {
		uiRun(() -> {
			while (Display.getDefault().readAndDispatch()) {
				// until nothing is left
			}
		});
	}

	/** Every widget under the control, depth first. */
	public static List<Control> widgets(Control root) {
		List<Control> found = new ArrayList<>();
		found.add(root);
		if (root instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				found.addAll(widgets(child));
			}
		}
		return found;
	}

	/**
	 * Saves the image as {@code NAME.png} into the screenshot folder, when the build names one; call on
	 * the UI thread. The image stays the caller's to dispose.
	 */
	public static void saveScreenshot(String name, Image image) {
		String folder = System.getProperty("iosim.screenshots");
		if (folder == null) {
			return;
		}
		try {
			Files.createDirectories(Path.of(folder));
		} catch (IOException cannotWrite) {
			throw new IllegalStateException(cannotWrite);
		}
		ImageLoader loader = new ImageLoader();
		loader.data = new ImageData[] { image.getImageData() };
		loader.save(Path.of(folder, name + ".png").toString(), SWT.IMAGE_PNG);
	}
}
