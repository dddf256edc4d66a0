package org.iosim.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

import org.eclipse.equinox.app.IApplicationContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.service.application.ApplicationDescriptor;
import org.osgi.service.application.ApplicationHandle;

/** Launches the headless application through Equinox's application container, as an Eclipse pipeline would. */
class HeadlessApplicationTest {

	private static final String APPLICATION_ID = "org.iosim.cli.headless";

	@TempDir
	Path folder;

	private static Object launch(String... args) throws Exception {
		BundleContext context = FrameworkUtil.getBundle(HeadlessApplicationTest.class).getBundleContext();
		Collection<ServiceReference<ApplicationDescriptor>> found = context.getServiceReferences(
				ApplicationDescriptor.class, "(" + ApplicationDescriptor.APPLICATION_PID + "=" + APPLICATION_ID + ")");
		assertEquals(1, found.size(), "the application " + APPLICATION_ID + " is registered");
		ServiceReference<ApplicationDescriptor> reference = found.iterator().next();
		ApplicationDescriptor descriptor = context.getService(reference);
		try {
			ApplicationHandle handle = descriptor.launch(Map.of(IApplicationContext.APPLICATION_ARGS, args));
			return handle.getExitValue(120_000);
		} finally {
			context.ungetService(reference);
		}
	}

	@Test
	void simulatesThroughTheApplicationContainer() throws Exception {
		Path out = folder.resolve("results");
		Object exit = launch("simulate", CommandLine.example("minimal").toString(), "--out", out.toString(),
				"--max-measurements", "3000", "--quiet");
		assertEquals(Integer.valueOf(0), exit);
		assertTrue(Files.readString(out.resolve("results.json")).contains("\"Browsing customers\""));
	}

	@Test
	void reportsInvalidModelsThroughItsExitValue() throws Exception {
		Object exit = launch("validate", folder.resolve("missing").toString());
		assertNotNull(exit);
		assertEquals(Integer.valueOf(2), exit);
	}
}
