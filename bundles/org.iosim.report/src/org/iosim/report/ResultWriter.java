package org.iosim.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

import org.iosim.report.internal.CsvResultWriter;
import org.iosim.report.internal.HtmlReport;
import org.iosim.report.internal.JsonResultWriter;
import org.iosim.engine.SimulationResult;

/**
 * Writes a finished simulation's results into a folder: {@value #RESULTS_JSON} for tools, CSV tables
 * for spreadsheets and {@value #REPORT_HTML} for people.
 * <p>
 * The folder appears complete or not at all: everything is written into a temporary sibling folder
 * first and then renamed into place. An existing, non-empty folder is only replaced when asked to,
 * and a failed write leaves it as it was.
 */
public final class ResultWriter {

	/** All figures of the run, deterministic for a given seed apart from {@code wallClockSeconds}. */
	public static final String RESULTS_JSON = "results.json";
	/** One row per usage scenario. */
	public static final String SCENARIOS_CSV = "scenarios.csv";
	/** One row per active resource. */
	public static final String RESOURCES_CSV = "resources.csv";
	public static final String IO_CSV = "io.csv";
	/** One row per usage scenario and window of simulated time. */
	public static final String RESPONSE_TIME_OVER_TIME_CSV = "response-time-over-time.csv";
	/**
	 * One row per window of simulated time and closed workload whose population follows a load profile:
	 * its mean users. Written only when a scenario has such a workload.
	 */
	public static final String POPULATION_OVER_TIME_CSV = "population-over-time.csv";
	/**
	 * One row per window of simulated time and resource with a finite number of servers: its
	 * utilization, of the first replication. Written only when a resource has such a series.
	 */
	public static final String UTILIZATION_OVER_TIME_CSV = "utilization-over-time.csv";
	/** Self-contained report with tables and embedded charts. */
	public static final String REPORT_HTML = "report.html";

	private ResultWriter() {
	}

	/**
	 * Writes the results with the default chart size.
	 *
	 * @see #write(SimulationResult, Path, boolean, ReportOptions)
	 */
	public static Path write(SimulationResult result, Path outputFolder, boolean overwrite) throws IOException {
		return write(result, outputFolder, overwrite, ReportOptions.defaults());
	}

	/**
	 * Writes the results into {@code outputFolder}, creating its parent folders if missing.
	 *
	 * @param overwrite whether an existing, non-empty output folder may be replaced
	 * @return the absolute path of the written folder
	 * @throws OutputFolderException if the folder is not empty and {@code overwrite} is false, or is not
	 *                               a folder; nothing has been touched then
	 * @throws IOException           if writing fails; the output folder is then as it was before
	 */
	public static Path write(SimulationResult result, Path outputFolder, boolean overwrite, ReportOptions options)
			throws IOException {
		return write(result, null, outputFolder, overwrite, options);
	}

	/**
	 * Writes the results of a run with the I/O configuration it applied named in results.json and
	 * report.html.
	 *
	 * @param ioConfiguration which I/O configuration the run applied; null when unknown (not written)
	 * @see #write(SimulationResult, Path, boolean, ReportOptions)
	 */
	public static Path write(SimulationResult result, IoConfigurationUse ioConfiguration, Path outputFolder,
			boolean overwrite, ReportOptions options) throws IOException {
		Objects.requireNonNull(result, "result");
		Objects.requireNonNull(outputFolder, "outputFolder");
		Objects.requireNonNull(options, "options");
		return OutputFolder.fill(outputFolder, overwrite, folder -> {
			JsonResultWriter.write(result, ioConfiguration, folder.resolve(RESULTS_JSON));
			CsvResultWriter.writeScenarios(result, folder.resolve(SCENARIOS_CSV));
			CsvResultWriter.writeResources(result, folder.resolve(RESOURCES_CSV));
			CsvResultWriter.writeIo(result, folder.resolve(IO_CSV));
			CsvResultWriter.writeResponseTimeOverTime(result, folder.resolve(RESPONSE_TIME_OVER_TIME_CSV));
			if (result.scenarios().stream().anyMatch(scenario -> !scenario.populationOverTime().isEmpty())) {
				CsvResultWriter.writePopulationOverTime(result, folder.resolve(POPULATION_OVER_TIME_CSV));
			}
			if (result.resources().stream().anyMatch(resource -> !resource.utilizationOverTime().isEmpty())) {
				CsvResultWriter.writeUtilizationOverTime(result, folder.resolve(UTILIZATION_OVER_TIME_CSV));
			}
			HtmlReport.write(result, ioConfiguration, options, folder.resolve(REPORT_HTML));
		});
	}
}
