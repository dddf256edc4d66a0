package org.iosim.qpn.report.internal;

import static org.iosim.report.svg.Markup.escape;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnResult.ProbeResult;
import org.iosim.report.internal.CsvTable;
import org.iosim.report.internal.HtmlReport;
import org.iosim.report.internal.JsonResultWriter;
import org.iosim.report.svg.NiceScale;
import org.iosim.report.svg.SvgDocument;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The files of a queueing Petri net run: results.json, places.csv and report.html, places and probes
 * (a probe's rows in places.csv have the part "probe" and the probe's name as place). Every name in
 * them comes from a net file and is escaped in the HTML; the same results give the same bytes.
 */
public final class QpnReport {

	private static final int CHART_WIDTH = 720;
	private static final int BAR_HEIGHT = 22;
	private static final int LABEL_WIDTH = 220;
	private static final double FONT_SIZE = 12;
	/** The part of a probe's rows in places.csv. */
	private static final String PROBE_PART = "probe";

	private QpnReport() {
	}

	public static void writeJson(QpnResult result, String configuration, Path file) throws IOException {
		try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW);
				JsonGenerator json = JsonResultWriter.JSON.createGenerator(out, JsonEncoding.UTF8)) {
			json.setPrettyPrinter(JsonResultWriter.prettyPrinter());
			json.writeStartObject();
			json.writeStringField("net", result.net());
			json.writeStringField("configuration", configuration);
			json.writeNumberField("seed", result.seed());
			json.writeNumberField("replications", result.replications());
			json.writeStringField("stopReason", result.stopReason());
			JsonResultWriter.number(json, "simulatedTime", result.simulatedTime());
			json.writeNumberField("events", result.events());
			JsonResultWriter.number(json, "wallClockSeconds", result.wallClockSeconds());
			json.writeArrayFieldStart("places");
			List<PlaceResult> places = result.places();
			for (int index = 0; index < places.size(); index++) {
				PlaceResult place = places.get(index);
				json.writeStartObject();
				json.writeStringField("place", place.place());
				json.writeStringField("placeId", place.placeId());
				json.writeStringField("colour", place.colour());
				json.writeStringField("kind", place.part() == Part.QUEUE ? "queueing place" : "place");
				estimate(json, "residenceTime", place.residenceTime());
				JsonResultWriter.number(json, "throughput", place.throughput());
				JsonResultWriter.number(json, "population", place.population());
				if (place.part() == Part.QUEUE) {
					// an infinite-server queue's busy servers are no share of anything: null utilization
					JsonResultWriter.number(json, "utilization", place.shareOfBusyServers());
					JsonResultWriter.number(json, "meanBusyServers", place.meanBusyServers());
					// a queueing place is one entry: its queue, with its depository inside (a result lists a
					// queueing place's depository right after its queue)
					PlaceResult depository = places.get(++index);
					json.writeObjectFieldStart("depository");
					estimate(json, "residenceTime", depository.residenceTime());
					JsonResultWriter.number(json, "throughput", depository.throughput());
					JsonResultWriter.number(json, "population", depository.population());
					json.writeEndObject();
				}
				json.writeEndObject();
			}
			json.writeEndArray();
			json.writeArrayFieldStart("probes");
			for (ProbeResult probe : result.probes()) {
				json.writeStartObject();
				json.writeStringField("probe", probe.probe());
				json.writeStringField("probeId", probe.probeId());
				json.writeStringField("colour", probe.colour());
				estimate(json, "residenceTime", probe.residenceTime());
				JsonResultWriter.number(json, "throughput", probe.throughput());
				json.writeEndObject();
			}
			json.writeEndArray();
			json.writeEndObject();
			json.writeRaw('\n');
		}
	}

	private static void estimate(JsonGenerator json, String field, Estimate estimate) throws IOException {
		json.writeObjectFieldStart(field);
		JsonResultWriter.number(json, "mean", estimate.mean());
		JsonResultWriter.number(json, "ci95", estimate.ci95());
		json.writeNumberField("observations", estimate.observations());
		if (estimate.hasPercentiles()) {
			JsonResultWriter.number(json, "p50", estimate.p50());
			JsonResultWriter.number(json, "p95", estimate.p95());
			JsonResultWriter.number(json, "p99", estimate.p99());
		}
		json.writeEndObject();
	}

	public static void writeCsv(QpnResult result, Path file) throws IOException {
		CsvTable csv = new CsvTable("place", "colour", "part", "residenceTime", "residenceTimeCi95", "observations",
				"throughput", "population", "utilization", "residenceTimeP50", "residenceTimeP95", "residenceTimeP99",
				"meanBusyServers");
		for (PlaceResult place : result.places()) {
			Estimate residence = place.residenceTime();
			csv.text(place.place()).text(place.colour()).text(place.part().label()).number(residence.mean())
					.number(residence.ci95()).integer(residence.observations()).number(place.throughput())
					.number(place.population()).number(place.shareOfBusyServers()).number(residence.p50())
					.number(residence.p95()).number(residence.p99()).number(place.meanBusyServers());
			csv.endRow();
		}
		for (ProbeResult probe : result.probes()) {
			Estimate residence = probe.residenceTime();
			csv.text(probe.probe()).text(probe.colour()).text(PROBE_PART).number(residence.mean())
					.number(residence.ci95()).integer(residence.observations()).number(probe.throughput())
					.number(Double.NaN).number(Double.NaN).number(residence.p50()).number(residence.p95())
					.number(residence.p99()).number(Double.NaN);
			csv.endRow();
		}
		csv.writeTo(file);
	}

	public static void writeHtml(QpnResult result, String configuration, Path file) throws IOException {
		StringBuilder html = new StringBuilder(32 * 1024);
		html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
				.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
				.append("<title>IOSim results: ").append(escape(result.net())).append("</title>\n")
				.append("<style>\n").append(HtmlReport.STYLE).append("</style>\n</head>\n<body>\n")
				.append("<h1>Queueing Petri net results: ").append(escape(result.net())).append("</h1>\n");
		html.append("<dl class=\"summary\">\n");
		summary(html, "configuration", escape(String.valueOf(configuration)));
		summary(html, "seed", Long.toString(result.seed()));
		summary(html, "replications", Integer.toString(result.replications()));
		summary(html, "stopped", escape(result.stopReason()) + " after " + number(result.simulatedTime()) + " time units");
		summary(html, "events", String.format(Locale.ROOT, "%,d", result.events()));
		html.append("</dl>\n");
		html.append("<h2>Places</h2>\n<p class=\"note\">Residence time: for a queueing place the time in its queue"
				+ " (waiting and served), with the half-width of its 95 % confidence interval; the depository is the"
				+ " time a served token waited for a transition. Utilization: the mean share of a queue's servers at"
				+ " work; an infinite-server (IS) queue has no fixed number of servers, so it has none, only its mean"
				+ " busy servers (the tokens in service). Times are in the net's time unit (tu), that of its service"
				+ " and think times.</p>\n");
		html.append("<table>\n<tr><th>place</th><th>colour</th><th>part</th><th class=\"num\">residence time (tu)</th>"
				+ "<th class=\"num\">± 95 % (tu)</th><th class=\"num\">throughput (1/tu)</th>"
				+ "<th class=\"num\">population</th>"
				+ "<th class=\"num\">utilization</th><th class=\"num\">busy servers</th></tr>\n");
		for (PlaceResult place : result.places()) {
			html.append("<tr><td>").append(escape(place.place())).append("</td><td>").append(escape(place.colour()))
					.append("</td><td>").append(place.part().label()).append("</td>");
			for (double value : new double[] { place.residenceTime().mean(), place.residenceTime().ci95(),
					place.throughput(), place.population(), place.shareOfBusyServers(), place.meanBusyServers() }) {
				html.append("<td class=\"num\">").append(number(value)).append("</td>");
			}
			html.append("</tr>\n");
		}
		html.append("</table>\n");
		if (!result.probes().isEmpty()) {
			html.append("<h2>Probes</h2>\n<p class=\"note\">Residence time: from the start of a probe's measurement"
					+ " (a token entering or leaving its start place) to its end (the token, or one it became, entering or"
					+ " leaving its end place), by the colour at the end; throughput: measurements ended per time"
					+ " unit.</p>\n");
			html.append("<table>\n<tr><th>probe</th><th>colour</th><th class=\"num\">residence time (tu)</th>"
					+ "<th class=\"num\">± 95 % (tu)</th><th class=\"num\">measurements</th>"
					+ "<th class=\"num\">throughput (1/tu)</th>"
					+ "</tr>\n");
			for (ProbeResult probe : result.probes()) {
				html.append("<tr><td>").append(escape(probe.probe())).append("</td><td>").append(escape(probe.colour()))
						.append("</td>");
				for (double value : new double[] { probe.residenceTime().mean(), probe.residenceTime().ci95() }) {
					html.append("<td class=\"num\">").append(number(value)).append("</td>");
				}
				html.append("<td class=\"num\">").append(probe.residenceTime().observations()).append("</td>")
						.append("<td class=\"num\">").append(number(probe.throughput())).append("</td></tr>\n");
			}
			html.append("</table>\n");
		}
		List<PlaceResult> queues = result.places().stream()
				.filter(place -> place.part() == Part.QUEUE && Double.isFinite(place.residenceTime().mean())).toList();
		if (!queues.isEmpty()) {
			html.append("<h2>Residence time in the queues</h2>\n<figure>\n").append(chart(queues)).append("</figure>\n");
		}
		html.append("</body>\n</html>\n");
		Files.writeString(file, html, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
	}

	/** One bar per queueing place and colour, with its confidence interval as a whisker. */
	private static String chart(List<PlaceResult> queues) {
		double highest = 0;
		for (PlaceResult queue : queues) {
			Estimate residence = queue.residenceTime();
			double whisker = Double.isFinite(residence.ci95()) ? residence.ci95() : 0;
			highest = Math.max(highest, residence.mean() + whisker);
		}
		NiceScale scale = NiceScale.covering(0, highest > 0 ? highest : 1, 5);
		int height = 40 + queues.size() * BAR_HEIGHT;
		double left = LABEL_WIDTH;
		double right = CHART_WIDTH - 20;
		SvgDocument svg = new SvgDocument(CHART_WIDTH, height, FONT_SIZE,
				"Mean residence time in each queue by colour, with 95 % confidence intervals");
		svg.group("axis", "stroke", "#cbd2d9");
		for (double tick : scale.ticks()) {
			double x = scale.pixel(tick, left, right);
			svg.line(x, 10, x, height - 25);
		}
		svg.endGroup();
		svg.group("labels", "fill", "#52606d");
		for (double tick : scale.ticks()) {
			svg.text(scale.pixel(tick, left, right), height - 8, "middle", scale.label(tick));
		}
		svg.endGroup();
		for (int index = 0; index < queues.size(); index++) {
			PlaceResult queue = queues.get(index);
			double y = 12 + index * BAR_HEIGHT;
			svg.textWithin(LABEL_WIDTH - 10, FONT_SIZE, LABEL_WIDTH - 8, y + BAR_HEIGHT * 0.6, "end",
					queue.place() + " / " + queue.colour());
			double mean = queue.residenceTime().mean();
			svg.group("bar", "fill", "#3e7cb1");
			svg.rect(left, y + 3, Math.max(0, scale.pixel(mean, left, right) - left), BAR_HEIGHT - 8);
			svg.endGroup();
			double halfWidth = queue.residenceTime().ci95();
			if (Double.isFinite(halfWidth) && halfWidth > 0) {
				double middle = y + BAR_HEIGHT / 2.0 - 1;
				svg.group("whisker", "stroke", "#1f2933");
				svg.line(scale.pixel(Math.max(0, mean - halfWidth), left, right), middle,
						scale.pixel(mean + halfWidth, left, right), middle);
				svg.endGroup();
			}
		}
		return svg.finish();
	}

	private static void summary(StringBuilder html, String term, String escapedValue) {
		html.append("<dt>").append(term).append("</dt><dd>").append(escapedValue).append("</dd>\n");
	}

	private static String number(double value) {
		return Double.isNaN(value) ? "–" : Double.isInfinite(value) ? "∞" : String.format(Locale.ROOT, "%.4g", value);
	}
}
