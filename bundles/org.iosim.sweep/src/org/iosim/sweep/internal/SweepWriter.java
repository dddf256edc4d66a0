package org.iosim.sweep.internal;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.files.WholeFiles;
import org.iosim.sweep.Estimate;
import org.iosim.sweep.LoadCurve;
import org.iosim.sweep.PointSummary;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepResult;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes a sweep's results: {@code sweep.json} (one entry per point with its values and figures,
 * and the load curves with their saturation analysis), {@code points.csv} (per point and scenario),
 * {@code resources.csv} (per point and resource) and the self-contained {@code report.html}. Each
 * file is written whole and moved into place. Figures that do not exist are {@code null} in JSON and
 * empty in CSV.
 */
public final class SweepWriter {

	private SweepWriter() {
	}

	/**
	 * Writes the files in one pass over the points, which may be read from the sweep's folder as they
	 * are asked for, analysing the load curves on the way.
	 *
	 * @return the sweep's result: the points given and their curves
	 */
	public static SweepResult write(SweepDefinition definition, List<PointSummary> points, Path folder)
			throws IOException {
		LoadCurve.Collector collector = new LoadCurve.Collector(definition);
		List<List<LoadCurve>> curves = new ArrayList<>();
		WholeFiles.write(folder.resolve(Sweep.SWEEP_JSON), jsonFile -> WholeFiles.write(folder.resolve(Sweep.POINTS_CSV),
				pointsFile -> WholeFiles.write(folder.resolve(Sweep.RESOURCES_CSV), resourcesFile -> {
					try (JsonGenerator json = new JsonFactory().createGenerator(jsonFile.toFile(), JsonEncoding.UTF8);
							Writer pointsCsv = Files.newBufferedWriter(pointsFile, StandardCharsets.UTF_8);
							Writer resourcesCsv = Files.newBufferedWriter(resourcesFile, StandardCharsets.UTF_8)) {
						if (definition.pointsPerFile() == 1) {
							// a file of more than a thousand points is for programs, and indenting a
							// million points' figures would add gigabytes
							json.useDefaultPrettyPrinter();
						}
						startJson(json, definition);
						pointsHeader(pointsCsv, definition);
						resourcesHeader(resourcesCsv, definition);
						for (PointSummary point : points) {
							writePoint(json, definition, point);
							pointRows(pointsCsv, point);
							resourceRows(resourcesCsv, point);
							collector.add(point);
						}
						json.writeEndArray();
						curves.add(collector.curves(points));
						json.writeArrayFieldStart("curves");
						for (LoadCurve curve : curves.get(0)) {
							writeCurve(json, curve);
						}
						json.writeEndArray();
						json.writeEndObject();
					}
				})));
		SweepResult result = new SweepResult(definition, points, curves.get(0));
		WholeFiles.write(folder.resolve(Sweep.REPORT_HTML),
				file -> Files.writeString(file, SweepReport.html(result), StandardCharsets.UTF_8));
		return result;
	}

	// ------------------------------------------------------------------ JSON

	/** Everything before the points' entries, up to the opening of their list. */
	private static void startJson(JsonGenerator json, SweepDefinition definition) throws IOException {
		json.writeStartObject();
		json.writeArrayFieldStart("parameters");
		for (String name : definition.parameters()) {
			json.writeString(name);
		}
		json.writeEndArray();
		json.writeNumberField("replications", definition.replications());
		json.writeNumberField("seed", definition.seed());
		json.writeStringField("saturationCriterion", SweepReport.CRITERION);
		json.writeArrayFieldStart("points");
	}

	private static void writePoint(JsonGenerator json, SweepDefinition definition, PointSummary point)
			throws IOException {
		json.writeStartObject();
		json.writeNumberField("point", point.point().index() + 1);
		json.writeObjectFieldStart("values");
		for (int i = 0; i < definition.parameters().size(); i++) {
			json.writeStringField(definition.parameters().get(i), point.point().values().get(i));
		}
		json.writeEndObject();
		json.writeArrayFieldStart("scenarios");
		for (PointSummary.ScenarioFigures scenario : point.scenarios()) {
			json.writeStartObject();
			json.writeStringField("id", scenario.id());
			json.writeStringField("name", scenario.name());
			estimate(json, "responseTime", scenario.responseTime());
			estimate(json, "p75ResponseTime", scenario.p75ResponseTime());
			estimate(json, "throughput", scenario.throughput());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeArrayFieldStart("resources");
		for (PointSummary.ResourceFigures resource : point.resources()) {
			json.writeStartObject();
			json.writeStringField("id", resource.id());
			json.writeStringField("container", resource.container());
			json.writeStringField("type", resource.type());
			if (resource.servers() < 0) {
				json.writeNullField("servers");
			} else {
				json.writeNumberField("servers", resource.servers());
			}
			estimate(json, "utilization", resource.utilization());
			estimate(json, "throughput", resource.throughput());
			estimate(json, "meanWaiting", resource.meanWaiting());
			estimate(json, "meanInSystem", resource.meanInSystem());
			estimate(json, "responseTime", resource.responseTime());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeArrayFieldStart("passiveResources");
		for (PointSummary.PassiveFigures passive : point.passiveResources()) {
			json.writeStartObject();
			json.writeStringField("id", passive.id());
			json.writeStringField("owner", passive.owner());
			json.writeStringField("name", passive.name());
			json.writeNumberField("capacity", passive.capacity());
			estimate(json, "utilization", passive.utilization());
			estimate(json, "waitingTime", passive.waitingTime());
			estimate(json, "held", passive.held());
			estimate(json, "waiting", passive.waiting());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeArrayFieldStart("io");
		for (PointSummary.IoFigures io : point.io()) {
			json.writeStartObject();
			json.writeStringField("storage", io.storage());
			json.writeStringField("type", io.type());
			if (io.fileSet() != null) {
				json.writeStringField("fileSet", io.fileSet());
			}
			estimate(json, "delay", io.delay());
			estimate(json, "concurrency", io.concurrency());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeEndObject();
	}

	private static void writeCurve(JsonGenerator json, LoadCurve curve) throws IOException {
		json.writeStartObject();
		json.writeStringField("load", curve.load());
		json.writeStringField("scenario", curve.scenario());
		json.writeObjectFieldStart("fixed");
		for (Map.Entry<String, String> fixed : curve.fixed().entrySet()) {
			json.writeStringField(fixed.getKey(), fixed.getValue());
		}
		json.writeEndObject();
		json.writeArrayFieldStart("points");
		for (int point : curve.points()) {
			json.writeNumber(point + 1);
		}
		json.writeEndArray();
		number(json, "saturationPoint", curve.saturation());
		number(json, "demand", curve.demand());
		number(json, "thinkTime", curve.thinkTime());
		number(json, "maxDemand", curve.maxDemand());
		number(json, "boundKnee", curve.boundKnee());
		json.writeArrayFieldStart("multiprogramming");
		for (LoadCurve.LoadFigures figures : curve.figures()) {
			json.writeStartObject();
			json.writeNumberField("point", figures.point() + 1);
			json.writeStringField("passiveResource", figures.passiveResource());
			number(json, "multiprogrammingLevel", figures.multiprogrammingLevel());
			number(json, "eligible", figures.eligible());
			number(json, "eligibleWait", figures.eligibleWait());
			number(json, "runningTime", figures.runningTime());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeArrayFieldStart("bottlenecks");
		for (LoadCurve.Bottleneck bottleneck : curve.bottlenecks()) {
			json.writeStartObject();
			json.writeStringField("kind", bottleneck.kind());
			json.writeStringField("resource", bottleneck.resource());
			json.writeStringField("reason", bottleneck.reason());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeEndObject();
	}

	private static void estimate(JsonGenerator json, String name, Estimate estimate) throws IOException {
		json.writeObjectFieldStart(name);
		number(json, "mean", estimate.mean());
		number(json, "sd", estimate.standardDeviation());
		number(json, "se", estimate.standardError());
		json.writeNumberField("n", estimate.replications());
		json.writeEndObject();
	}

	private static void number(JsonGenerator json, String name, double value) throws IOException {
		if (Double.isFinite(value)) {
			json.writeNumberField(name, value);
		} else {
			json.writeNullField(name);
		}
	}

	// ------------------------------------------------------------------ CSV
	// A column of a time or a rate names its unit (docs/simulation.md, "Units"), in these files' snake
	// case: a time ends in _seconds (for _time), a rate in _per_second, each before its statistic (_sd,
	// _se, _p75).

	private static void pointsHeader(Writer csv, SweepDefinition definition) throws IOException {
		List<String> header = new ArrayList<>(List.of("point"));
		header.addAll(definition.parameters());
		header.addAll(List.of("scenario", "throughput_per_second", "throughput_per_second_sd",
				"throughput_per_second_se", "response_seconds", "response_seconds_sd", "response_seconds_se",
				"response_seconds_p75", "response_seconds_p75_sd", "response_seconds_p75_se", "replications"));
		row(csv, header);
	}

	private static void pointRows(Writer csv, PointSummary point) throws IOException {
		for (PointSummary.ScenarioFigures scenario : point.scenarios()) {
			List<String> cells = start(point);
			cells.add(scenario.name());
			cells.addAll(figures(scenario.throughput()));
			cells.addAll(figures(scenario.responseTime()));
			cells.addAll(figures(scenario.p75ResponseTime()));
			cells.add(Integer.toString(scenario.throughput().replications()));
			row(csv, cells);
		}
	}

	private static void resourcesHeader(Writer csv, SweepDefinition definition) throws IOException {
		List<String> header = new ArrayList<>(List.of("point"));
		header.addAll(definition.parameters());
		header.addAll(List.of("kind", "resource", "capacity", "utilization", "utilization_sd", "utilization_se",
				"throughput_per_second", "throughput_per_second_sd", "throughput_per_second_se", "response_seconds",
				"response_seconds_sd", "response_seconds_se"));
		row(csv, header);
	}

	private static void resourceRows(Writer csv, PointSummary point) throws IOException {
		for (PointSummary.ResourceFigures resource : point.resources()) {
			List<String> cells = start(point);
			cells.addAll(List.of(resource.type(), resource.container() + " " + resource.type(),
					resource.servers() < 0 ? "" : Integer.toString(resource.servers())));
			cells.addAll(figures(resource.utilization()));
			cells.addAll(figures(resource.throughput()));
			cells.addAll(figures(resource.responseTime()));
			row(csv, cells);
		}
		for (PointSummary.PassiveFigures passive : point.passiveResources()) {
			List<String> cells = start(point);
			cells.addAll(List.of("passive", passive.owner() + "." + passive.name(),
					Integer.toString(passive.capacity())));
			cells.addAll(figures(passive.utilization()));
			cells.addAll(List.of("", "", ""));
			cells.addAll(figures(passive.waitingTime()));
			row(csv, cells);
		}
	}

	private static List<String> start(PointSummary point) {
		List<String> cells = new ArrayList<>(List.of(Integer.toString(point.point().index() + 1)));
		cells.addAll(point.point().values());
		return cells;
	}

	private static List<String> figures(Estimate estimate) {
		return List.of(cell(estimate.mean()), cell(estimate.standardDeviation()), cell(estimate.standardError()));
	}

	private static String cell(double value) {
		return Double.isFinite(value) ? String.format(Locale.ROOT, "%.6g", value) : "";
	}

	/** A CSV row; cells with a comma, quote or line break are quoted (RFC 4180). */
	private static void row(Writer csv, List<String> cells) throws IOException {
		for (int i = 0; i < cells.size(); i++) {
			String cell = cells.get(i) == null ? "" : cells.get(i);
			if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
				cell = "\"" + cell.replace("\"", "\"\"") + "\"";
			}
			if (i > 0) {
				csv.write(',');
			}
			csv.write(cell);
		}
		csv.write("\r\n");
	}
}
