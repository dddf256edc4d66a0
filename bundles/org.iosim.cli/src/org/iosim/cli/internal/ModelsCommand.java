package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelDefinition;
import org.iosim.cli.Main;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "models", mixinStandardHelpOptions = true,
		description = { "Lists the registered kinds of I/O analysis models and the stored model definitions.",
				"Kinds come with IOSim or are contributed by plug-ins (extension point"
						+ " org.iosim.analysis.modelKinds in Eclipse, ServiceLoader on a plain classpath); the list"
						+ " shows those installed." })
final class ModelsCommand implements Callable<Integer> {

	@Option(names = "--models", paramLabel = "DIR", description = "Folder of stored analysis model definitions (*.json).")
	Path models;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		AnalysisModelRegistry registry = AnalysisModelRegistry.standard();
		out.println("Analysis model kinds:");
		for (IoAnalysisModelKind kind : registry.kinds()) {
			out.printf("  %-12s %s%n", kind.id(), kind.description());
		}
		if (models == null) {
			out.println("Stored models: none (give a folder with --models DIR)");
			return 0;
		}
		List<ModelDefinition> stored;
		try {
			stored = AnalysisModelRegistry.loadStored(models);
		} catch (AnalysisModelException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
		}
		out.printf("Stored models in %s:%n", models);
		if (stored.isEmpty()) {
			out.println("  none");
		}
		for (ModelDefinition definition : stored) {
			out.printf("  %-24s kind %-10s %s%n", definition.name(), definition.kind(), Features.describe(definition.features()));
		}
		return 0;
	}
}
