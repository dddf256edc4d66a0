package org.iosim.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import org.iosim.files.FileProblems;
import org.iosim.report.IoConfigurationUse;
import org.iosim.run.RunFailure.Kind;

/**
 * What a selection means to simulate: one rule for the command line ({@code simulate}, {@code validate}),
 * the workbench's <i>Run As</i> and launch configurations, and the Maven plugin, so that the same
 * selection gives the same run everywhere.
 * <p>
 * <b>Nothing is applied implicitly.</b> A model folder or model files are simulated as they are; an
 * I/O configuration ({@code .ioconfig}) lying beside them is not applied, only named
 * ({@link #notApplied()}) so that a front end can say how to apply it. An I/O configuration is
 * applied when it is chosen: named on its own ({@code --io}, the launch configuration's field, the
 * plugin's {@code ioConfiguration}), or selected itself ({@code iosim simulate X.ioconfig}, <i>Run
 * As</i> on the {@code .ioconfig}), which then stands for the model in its folder. That is Palladio's
 * way as well: a run configuration names every model it uses, and none is picked up by lying in the
 * same folder.
 *
 * @param model           the model folders and files to read
 * @param ioConfiguration the I/O configuration applied, or null for the model as it is
 * @param notApplied      the I/O configurations in the model's folders that this run does not apply,
 *                        sorted; empty when one is applied
 */
public record SimulationTarget(List<Path> model, Path ioConfiguration, List<Path> notApplied) {

	/** The extension of I/O configuration files. */
	public static final String IO_CONFIGURATION_EXTENSION = "ioconfig";

	public SimulationTarget {
		model = List.copyOf(model);
		notApplied = List.copyOf(notApplied);
	}

	/**
	 * @param selected        model folders and files, and at most one {@code .ioconfig}: a selected
	 *                        {@code .ioconfig} is applied, and stands for its folder's model when nothing
	 *                        else is selected
	 * @param ioConfiguration the I/O configuration chosen on its own, or null
	 * @throws RunFailure (usage) when more than one I/O configuration is chosen
	 */
	public static SimulationTarget of(List<Path> selected, Path ioConfiguration) throws RunFailure {
		List<Path> model = new ArrayList<>();
		List<Path> chosen = new ArrayList<>();
		if (ioConfiguration != null) {
			chosen.add(ioConfiguration);
		}
		for (Path path : selected) {
			boolean again = chosen.stream().anyMatch(known -> sameFile(known, path));
			if (isIoConfiguration(path) && !again) {
				chosen.add(path);
			} else if (!isIoConfiguration(path)) {
				model.add(path);
			}
		}
		if (chosen.size() > 1) {
			throw new RunFailure(Kind.USAGE, "more than one I/O configuration is chosen (" + String.join(", ",
					chosen.stream().map(path -> FileProblems.excerpt(path.toString())).toList()) + "); a run applies one");
		}
		Path applied = chosen.isEmpty() ? null : chosen.get(0);
		if (model.isEmpty() && applied != null) {
			model.add(folderOf(applied));
		}
		return new SimulationTarget(model, applied, applied == null ? besides(model) : List.of());
	}

	/** What a run configuration simulates: its model, and its I/O configuration or the ones it leaves beside the model. */
	public static SimulationTarget of(RunConfiguration run) {
		Path applied = run.ioConfiguration();
		return new SimulationTarget(run.model(), applied, applied == null ? besides(run.model()) : List.of());
	}

	/** A run of this target with the default settings, for the front end to add its own. */
	public RunConfiguration configuration() {
		return RunConfiguration.of(model).withIoConfiguration(ioConfiguration);
	}

	/** How the run's results name its I/O configuration. */
	public IoConfigurationUse ioConfigurationUse() {
		return new IoConfigurationUse(ioConfiguration == null ? null : String.valueOf(ioConfiguration.getFileName()),
				notApplied.stream().map(path -> String.valueOf(path.getFileName())).toList());
	}

	public static boolean isIoConfiguration(Path path) {
		Path name = path.getFileName();
		return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith("." + IO_CONFIGURATION_EXTENSION)
				&& !Files.isDirectory(path);
	}

	/**
	 * The I/O configurations directly in the model's folders: a folder's own, and a model file's
	 * folder's. Unreadable folders give none (the model reader reports them in its own words).
	 */
	static List<Path> besides(List<Path> model) {
		Set<Path> folders = new LinkedHashSet<>();
		for (Path path : model) {
			folders.add(Files.isDirectory(path) ? path : folderOf(path));
		}
		List<Path> found = new ArrayList<>();
		for (Path folder : folders) {
			try (Stream<Path> files = Files.list(folder)) {
				files.filter(SimulationTarget::isIoConfiguration).filter(Files::isRegularFile).sorted().forEach(found::add);
			} catch (IOException unreadable) {
				// the model reader names an unreadable folder
			}
		}
		return found;
	}

	/** One file named twice ({@code X.ioconfig --io X.ioconfig}) is one choice. */
	private static boolean sameFile(Path one, Path other) {
		return one.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize());
	}

	/** The folder a file lies in, as the user named it where possible ({@code shop.allocation} lies in the current one). */
	private static Path folderOf(Path file) {
		return file.getParent() != null ? file.getParent() : file.toAbsolutePath().getParent();
	}
}
