package org.iosim.qpn.report;

import java.io.IOException;
import java.nio.file.Path;

import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.report.internal.QpnReport;
import org.iosim.report.OutputFolder;
import org.iosim.report.ResultWriter;

/**
 * Writes the results of a queueing Petri net simulation into an output folder, completely or not at
 * all (see {@link OutputFolder}): {@value #RESULTS_JSON} (per place and colour: residence time with its
 * confidence interval, throughput, population, utilization; a queueing place's depository inside its
 * entry; per probe and colour: residence time and throughput), {@value #PLACES_CSV} (the same, one row
 * per place, colour and part, and per probe and colour with the part "probe") and a self-contained
 * {@value #REPORT_HTML}.
 */
public final class QpnResultWriter {

	public static final String RESULTS_JSON = ResultWriter.RESULTS_JSON;
	public static final String PLACES_CSV = "places.csv";
	public static final String REPORT_HTML = ResultWriter.REPORT_HTML;

	private QpnResultWriter() {
	}

	/**
	 * @param configuration the simulator configuration the run used
	 * @return the absolute output folder
	 */
	public static Path write(QpnResult result, String configuration, Path outputFolder, boolean overwrite)
			throws IOException {
		return OutputFolder.fill(outputFolder, overwrite, folder -> {
			QpnReport.writeJson(result, configuration, folder.resolve(RESULTS_JSON));
			QpnReport.writeCsv(result, folder.resolve(PLACES_CSV));
			QpnReport.writeHtml(result, configuration, folder.resolve(REPORT_HTML));
		});
	}
}
