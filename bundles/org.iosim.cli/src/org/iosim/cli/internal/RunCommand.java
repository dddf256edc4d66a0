package org.iosim.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipException;
import java.util.stream.Stream;

import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.run.ModelTransformation;
import org.iosim.run.PipelineFile;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunPipeline;
import org.iosim.run.Transformations;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Runs a pipeline file: a small JSON file naming the model, the I/O configuration, model"
				+ " transformations to insert between the steps (load, complete, bind) and the simulation settings;"
				+ " see docs/pipelines.md. Paths in it are relative to the file.",
				"The chain is load, complete (with an I/O configuration), the transformations, bind, simulate and"
						+ " write results; each step is announced on standard error." },
		footer = { "", "Exit status: 0 simulated, 1 the model or the pipeline's inputs are invalid, 2 usage error"
				+ " (including a pipeline file that is not well-formed)." })
final class RunCommand implements Callable<Integer> {

	@Parameters(paramLabel = "PIPELINE", arity = "0..1", description = "The pipeline file (JSON).")
	Path pipeline;

	@Option(names = "--out", paramLabel = "DIR", description = "Output folder instead of the file's 'out'.")
	Path out;

	@Option(names = "--overwrite", description = "Replace the output folder's contents (atomically) if it exists.")
	boolean overwrite;

	@Option(names = "--plugins", paramLabel = "DIR",
			description = "A folder of jars with model transformations of your own (listed in"
					+ " META-INF/services/org.iosim.run.ModelTransformation).")
	Path plugins;

	@Option(names = "--transformations", description = "List the model transformations installed, and stop.")
	boolean listTransformations;

	@Option(names = "--quiet", description = "No progress lines.")
	boolean quiet;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(pipeline, plugins);
		Thread thread = Thread.currentThread();
		ClassLoader previous = thread.getContextClassLoader();
		try (URLClassLoader pluginLoader = new URLClassLoader(jars(), RunCommand.class.getClassLoader())) {
			// Transformations are found through the context class loader (java.util.ServiceLoader).
			thread.setContextClassLoader(pluginLoader);
			return listTransformations ? list() : run();
		} catch (IOException unreadable) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, plugins + ": " + FileProblems.reason(unreadable));
		} finally {
			thread.setContextClassLoader(previous);
		}
	}

	private int list() {
		PrintWriter out = spec.commandLine().getOut();
		Transformations installed = installed();
		List<ModelTransformation> all = installed.all();
		for (int index = 0; index < all.size(); index++) {
			out.printf("%-24s %s%n", installed.ids().get(index), Transformations.description(all.get(index)));
		}
		return 0;
	}

	/** @return the transformations installed and in the plug-in jars; those that cannot be used are warned about */
	private Transformations installed() {
		Transformations transformations = Transformations.standard();
		transformations.problems().forEach(problem -> spec.commandLine().getErr().println("warning: " + problem));
		return transformations;
	}

	private int run() {
		if (pipeline == null) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "name the pipeline file to run (or --transformations)");
		}
		RunConfiguration configuration;
		try {
			configuration = PipelineFile.read(pipeline);
		} catch (RunFailure invalid) {
			throw IosimCommand.failed(invalid);
		}
		if (out != null || overwrite) {
			configuration = configuration.withOutputFolder(out != null ? out : configuration.outputFolder(), overwrite);
		}
		RunPipeline chain = new RunPipeline(configuration);
		if (!configuration.transformations().isEmpty()) {
			chain.transformations(installed());
		}
		if (!quiet) {
			spec.commandLine().getErr().println("pipeline: " + String.join(" → ", chain.steps()));
		}
		ResultSummary.print(spec.commandLine().getOut(), IosimCommand.runPipeline(chain, quiet, spec));
		return 0;
	}

	private URL[] jars() throws IOException {
		if (plugins == null) {
			return new URL[0];
		}
		List<URL> jars = new ArrayList<>();
		try (Stream<Path> files = Files.list(plugins)) {
			for (Path jar : files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList()) {
				requireReadableJar(jar);
				jars.add(toUrl(jar));
			}
		}
		if (jars.isEmpty()) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, plugins + ": holds no .jar files; give the folder of"
					+ " the jars with your transformations");
		}
		return jars.toArray(URL[]::new);
	}

	/** Bytes of a jar's entries read through to find damage; a larger jar's later entries are left to the class loader. */
	private static final long CHECKED_BYTES = 64L << 20;

	/**
	 * Opens a plug-in jar and reads its entries through (their checksums), because the class loader
	 * passes over a jar it cannot open without a word, and the user would only learn that a
	 * transformation is missing.
	 */
	private static void requireReadableJar(Path jar) {
		if (Files.isDirectory(jar)) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, jar + ": a folder, not a jar; " + "--plugins names the"
					+ " folder that holds the jars of your transformations");
		}
		try (JarFile file = new JarFile(jar.toFile())) {
			byte[] buffer = new byte[1 << 16];
			long read = 0;
			for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements() && read < CHECKED_BYTES;) {
				JarEntry entry = entries.nextElement();
				if (entry.isDirectory()) {
					continue;
				}
				try (InputStream in = file.getInputStream(entry)) {
					for (int n = in.read(buffer); n >= 0 && read < CHECKED_BYTES; n = in.read(buffer)) {
						read += n;
					}
				}
			}
		} catch (ZipException | SecurityException damaged) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, jar + ": not a readable plug-in jar, so its"
					+ " transformations cannot be loaded: it is damaged or not a jar (ZIP) file at all"
					+ (damaged.getMessage() == null ? "" : " (" + FileProblems.excerpt(damaged.getMessage()) + ")")
					+ "; build it again or remove it from the folder");
		} catch (IOException unreadable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, jar + ": cannot read the plug-in jar: "
					+ FileProblems.reason(unreadable));
		}
	}

	private static URL toUrl(Path jar) throws MalformedURLException {
		return jar.toUri().toURL();
	}
}
