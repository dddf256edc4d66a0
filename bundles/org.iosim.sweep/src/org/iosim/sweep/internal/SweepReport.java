package org.iosim.sweep.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.report.svg.Markup;
import org.iosim.report.svg.NiceScale;
import org.iosim.report.svg.SvgDocument;
import org.iosim.sweep.Estimate;
import org.iosim.sweep.LoadCurve;
import org.iosim.sweep.PointSummary;
import org.iosim.sweep.SweepCharts;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepResult;

/**
 * The sweep's report.html: self-contained (inline SVG, no scripts, no external files). Per load
 * curve, throughput and response time against the load with error bars (mean ± SE), the asymptotic
 * bounds of a closed workload, the saturation point and N*; the bottleneck findings and
 * multiprogramming figures; then every point's figures. A sweep with a second factor has a curve per
 * value of it: they are overlaid, one chart per metric with a legend naming each curve's values.
 * Every name from the model or the command line is escaped.
 */
final class SweepReport {

	static final String CRITERION = "the saturation point is the first load whose step to the next load gains less"
			+ " than " + plain(LoadCurve.KNEE_FRACTION) + " of the initial throughput gain per unit of load"
			+ " (the throughput at the smallest load divided by that load); N* = (D + Z) / D_max is where the"
			+ " asymptotic bounds cross";

	/**
	 * Colours told apart also by most colour-blind readers (Tableau's ten), one per curve a chart draws
	 * ({@link SweepCharts#CURVES_DRAWN}); a legend names every line.
	 */
	private static final List<String> PALETTE = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
			"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf");

	private static final int WIDTH = 640;
	private static final int HEIGHT = 360;
	private static final double FONT = 12;
	private static final double LEFT = 70;
	private static final double RIGHT = 20;
	private static final double TOP = 30;
	private static final double BOTTOM = 50;

	private SweepReport() {
	}

	static String html(SweepResult result) {
		SweepDefinition definition = result.definition();
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>IOSim sweep</title>\n")
				.append("<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}")
				.append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .5em;")
				.append("text-align:right}th{background:#f4f4f4}td.name{text-align:left}")
				.append(".series{fill:none;stroke-width:2}.bound{fill:none;stroke:#999;stroke-dasharray:6 4}")
				.append(".grid line{stroke:#eee}.axis line{stroke:#333}.errors line{stroke-width:1.5}")
				.append(".marker{stroke-dasharray:2 3}</style>\n</head>\n<body>\n")
				.append("<h1>Sweep of ").append(esc(String.join(", ", definition.model()))).append("</h1>\n")
				.append("<p>").append(definition.points().size()).append(" points × ")
				.append(definition.replications()).append(" replications, seed ").append(definition.seed())
				.append("; parameters: ").append(esc(String.join(", ", definition.parameters())))
				.append(". Error bars: mean ± standard error (SD/√n over the replications).</p>\n");
		for (List<LoadCurve> family : families(result.curves())) {
			if (family.size() == 1) {
				curve(html, family.get(0));
			} else {
				family(html, family);
			}
		}
		if (result.curves().isEmpty()) {
			html.append("<p>The sweep varies no population or arrival rate, so there is no load curve and no"
					+ " saturation analysis.</p>\n");
		}
		points(html, result);
		return html.append("</body>\n</html>\n").toString();
	}

	/**
	 * The curves of one scenario against one load, in the sweep's order: with a second factor, one curve
	 * per value of it, which belong in one chart to be compared.
	 */
	static List<List<LoadCurve>> families(List<LoadCurve> curves) {
		Map<List<String>, List<LoadCurve>> families = new LinkedHashMap<>();
		for (LoadCurve curve : curves) {
			families.computeIfAbsent(List.of(curve.scenario(), curve.load()), key -> new ArrayList<>()).add(curve);
		}
		return List.copyOf(families.values());
	}

	/** The other parameters' values that tell a curve from its family's others, e.g. {@code thinkTime=5}. */
	private static String fixedValues(LoadCurve curve) {
		return String.join(", ", curve.fixed().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
	}

	/**
	 * The curves of a sweep with a second factor, overlaid: one throughput and one response-time chart
	 * with a line per curve and a legend naming its values, a table of each curve's saturation point
	 * and knee, then each curve's bottlenecks. The asymptotic bounds and 75th percentiles, one set per
	 * curve, would bury the comparison: the points table and sweep.json hold them. A family of more
	 * curves than there are colours draws some of them ({@link SweepCharts#curvesDrawn}).
	 */
	private static void family(StringBuilder html, List<LoadCurve> family) {
		LoadCurve first = family.get(0);
		html.append("<h2>").append(esc(first.scenario() + ": " + first.load() + " by "
				+ String.join(", ", first.fixed().keySet()))).append("</h2>\n");
		List<LoadCurve> drawn = SweepCharts.curvesDrawn(family);
		html.append("<p>").append(family.size()).append(" curves, one per value of ")
				.append(esc(String.join(", ", first.fixed().keySet()))).append(". Criterion: ").append(esc(CRITERION))
				.append(".");
		if (drawn.size() < family.size()) {
			html.append(" The table has every curve; the charts and the sections after them show ").append(drawn.size())
					.append(" of them, spread evenly (sweep.json has every curve's analysis).");
		}
		html.append("</p>\n");
		html.append("<table>\n<tr><th>curve</th><th>saturation point</th>")
				.append(first.closed() ? "<th>N* = (D + Z) / D_max</th>" : "").append("</tr>\n");
		List<Series> throughput = new ArrayList<>();
		List<Series> response = new ArrayList<>();
		for (int i = 0; i < drawn.size(); i++) {
			LoadCurve curve = drawn.get(i);
			String colour = PALETTE.get(i);
			throughput.add(new Series(fixedValues(curve), colour, curve.loads(), curve.throughput(), false));
			response.add(new Series(fixedValues(curve), colour, curve.loads(), curve.responseTime(), false));
		}
		for (LoadCurve curve : family) {
			html.append("<tr><td class=\"name\">").append(esc(fixedValues(curve))).append("</td><td>")
					.append(Double.isNaN(curve.saturation()) ? "not reached" : plain(curve.saturation())).append("</td>");
			if (first.closed()) {
				html.append("<td>").append(plain(curve.boundKnee())).append("</td>");
			}
			html.append("</tr>\n");
		}
		html.append("</table>\n");
		html.append(chart("Throughput vs " + first.load(), first.load(), "throughput (per s)", throughput,
				List.of()));
		html.append(chart("Mean response time vs " + first.load(), first.load(), "mean response time (s)", response,
				List.of()));
		for (LoadCurve curve : drawn) {
			html.append("<h3>").append(esc(fixedValues(curve))).append("</h3>\n");
			bottlenecksAndFigures(html, curve);
		}
	}

	private static void curve(StringBuilder html, LoadCurve curve) {
		String fixed = curve.fixed().isEmpty() ? "" : " (" + fixedValues(curve) + ")";
		html.append("<h2>").append(esc(curve.scenario() + ": " + curve.load() + fixed)).append("</h2>\n");
		html.append("<p>Saturation point: <b>").append(Double.isNaN(curve.saturation()) ? "not reached"
				: plain(curve.saturation())).append("</b>");
		if (curve.closed()) {
			html.append("; asymptotic-bound knee N* = (D + Z) / D_max = (").append(plain(curve.demand())).append(" + ")
					.append(plain(curve.thinkTime())).append(") / ").append(plain(curve.maxDemand())).append(" = <b>")
					.append(plain(curve.boundKnee())).append("</b>");
		}
		html.append(". Criterion: ").append(esc(CRITERION)).append(".</p>\n");
		List<Double> loads = curve.loads();
		List<Series> throughput = new ArrayList<>(List.of(new Series("simulated throughput", "#1f77b4", loads,
				curve.throughput(), false)));
		List<Series> response = new ArrayList<>(List.of(
				new Series("mean response time", "#d62728", loads, curve.responseTime(), false),
				new Series("75th percentile", "#ff7f0e", loads, curve.p75ResponseTime(), false)));
		if (curve.closed() && curve.maxDemand() > 0) {
			double maxLoad = loads.get(loads.size() - 1);
			List<Double> boundLoads = new ArrayList<>(List.of(0.0));
			if (curve.boundKnee() > 0 && curve.boundKnee() < maxLoad) {
				boundLoads.add(curve.boundKnee());
			}
			boundLoads.add(maxLoad);
			List<Estimate> xBound = boundLoads.stream().map(n -> exact(Math.min(n / (curve.demand() + curve.thinkTime()),
					1 / curve.maxDemand()))).toList();
			List<Estimate> rBound = boundLoads.stream().map(n -> exact(Math.max(curve.demand(),
					n * curve.maxDemand() - curve.thinkTime()))).toList();
			throughput.add(new Series("asymptotic bound min(N/(D+Z), 1/D_max)", "#999", boundLoads, xBound, true));
			response.add(new Series("asymptotic bound max(D, N·D_max − Z)", "#999", boundLoads, rBound, true));
		}
		List<Marker> markers = new ArrayList<>();
		if (!Double.isNaN(curve.saturation())) {
			markers.add(new Marker("saturation " + plain(curve.saturation()), curve.saturation(), "#2ca02c"));
		}
		if (curve.closed() && Double.isFinite(curve.boundKnee())) {
			markers.add(new Marker("N* " + plain(curve.boundKnee()), curve.boundKnee(), "#9467bd"));
		}
		html.append(chart("Throughput vs " + curve.load(), curve.load(), "throughput (per s)", throughput,
				markers));
		html.append(chart("Response time vs " + curve.load(), curve.load(), "response time (s)", response, markers));
		bottlenecksAndFigures(html, curve);
	}

	private static void bottlenecksAndFigures(StringBuilder html, LoadCurve curve) {
		html.append("<h3>Bottlenecks</h3>\n<ul>\n");
		for (LoadCurve.Bottleneck bottleneck : curve.bottlenecks()) {
			html.append("<li><b>").append(esc(bottleneck.kind())).append("</b>: ").append(esc(bottleneck.reason()))
					.append("</li>\n");
		}
		html.append("</ul>\n");
		if (!curve.figures().isEmpty()) {
			html.append("<h3>Multiprogramming</h3>\n<table>\n<tr><th>").append(esc(curve.load()))
					.append("</th><th>passive resource</th><th>MPL n</th><th>eligible m</th><th>eligible wait m·T/u(n) (s)</th>")
					.append("<th>running time n/u(n) (s)</th></tr>\n");
			for (LoadCurve.LoadFigures figures : curve.figures()) {
				int position = curve.points().indexOf(figures.point());
				html.append("<tr><td>").append(plain(curve.loads().get(position))).append("</td><td class=\"name\">")
						.append(esc(figures.passiveResource())).append("</td><td>")
						.append(plain(figures.multiprogrammingLevel())).append("</td><td>")
						.append(plain(figures.eligible())).append("</td><td>").append(plain(figures.eligibleWait()))
						.append("</td><td>").append(plain(figures.runningTime())).append("</td></tr>\n");
			}
			html.append("</table>\n");
		}
	}

	private static void points(StringBuilder html, SweepResult result) {
		html.append("<h2>Points</h2>\n<table>\n<tr><th>point</th>");
		for (String name : result.definition().parameters()) {
			html.append("<th>").append(esc(name)).append("</th>");
		}
		html.append("<th>scenario</th><th>throughput (1/s)</th><th>± SE (1/s)</th><th>response time (s)</th>")
				.append("<th>± SE (s)</th><th>p75 (s)</th><th>busiest resource</th><th>utilization</th></tr>\n");
		List<PointSummary> shown = result.points().subList(0, Math.min(SweepCharts.POINTS_LISTED, result.points().size()));
		for (PointSummary point : shown) {
			PointSummary.ResourceFigures busiest = point.resources().stream()
					.filter(r -> r.servers() > 0 && !Double.isNaN(r.utilization().mean()))
					.max(java.util.Comparator.comparingDouble(r -> r.utilization().mean())).orElse(null);
			for (PointSummary.ScenarioFigures scenario : point.scenarios()) {
				html.append("<tr><td>").append(point.point().index() + 1).append("</td>");
				for (String value : point.point().values()) {
					html.append("<td class=\"name\">").append(esc(value)).append("</td>");
				}
				html.append("<td class=\"name\">").append(esc(scenario.name())).append("</td><td>")
						.append(plain(scenario.throughput().mean())).append("</td><td>")
						.append(plain(scenario.throughput().standardError())).append("</td><td>")
						.append(plain(scenario.responseTime().mean())).append("</td><td>")
						.append(plain(scenario.responseTime().standardError())).append("</td><td>")
						.append(plain(scenario.p75ResponseTime().mean())).append("</td><td class=\"name\">")
						.append(busiest == null ? "–" : esc(busiest.container() + " " + busiest.type()))
						.append("</td><td>").append(busiest == null ? "–" : plain(busiest.utilization().mean()))
						.append("</td></tr>\n");
			}
		}
		html.append("</table>\n");
		if (shown.size() < result.points().size()) {
			html.append("<p>The first ").append(String.format(Locale.ROOT, "%,d", shown.size())).append(" of ")
					.append(String.format(Locale.ROOT, "%,d", result.points().size()))
					.append(" points; points.csv and sweep.json have every point.</p>\n");
		}
	}

	record Series(String name, String colour, List<Double> x, List<Estimate> y, boolean bound) {
	}

	record Marker(String label, double x, String colour) {
	}

	/** A line chart of the series with error bars (mean ± SE) and vertical markers. */
	static String chart(String title, String xTitle, String yTitle, List<Series> series, List<Marker> markers) {
		double xMax = 0;
		double yMax = 0;
		for (Series s : series) {
			for (int i = 0; i < s.x().size(); i++) {
				xMax = Math.max(xMax, s.x().get(i));
				Estimate y = s.y().get(i);
				double top = y.mean() + (Double.isNaN(y.standardError()) ? 0 : y.standardError());
				if (Double.isFinite(top)) {
					yMax = Math.max(yMax, top);
				}
			}
		}
		for (Marker marker : markers) {
			xMax = Math.max(xMax, marker.x());
		}
		NiceScale xScale = NiceScale.covering(0, xMax, 8);
		NiceScale yScale = NiceScale.covering(0, yMax, 6);
		double legendHeight = 16 * (series.size() + markers.size());
		int height = (int) (HEIGHT + legendHeight);
		double plotBottom = HEIGHT - BOTTOM;
		double plotRight = WIDTH - RIGHT;
		SvgDocument svg = new SvgDocument(WIDTH, height, FONT, title);
		svg.text(WIDTH / 2.0, 18, "middle", title);
		svg.group("grid", "stroke", "#eee");
		for (double tick : yScale.ticks()) {
			double y = yScale.pixel(tick, plotBottom, TOP);
			svg.line(LEFT, y, plotRight, y);
		}
		svg.endGroup();
		for (double tick : yScale.ticks()) {
			svg.text(LEFT - 6, yScale.pixel(tick, plotBottom, TOP) + 4, "end", yScale.label(tick));
		}
		for (double tick : xScale.ticks()) {
			svg.text(xScale.pixel(tick, LEFT, plotRight), plotBottom + 16, "middle", xScale.label(tick));
		}
		svg.group("axis", "stroke", "#333");
		svg.line(LEFT, plotBottom, plotRight, plotBottom);
		svg.line(LEFT, TOP, LEFT, plotBottom);
		svg.endGroup();
		svg.text((LEFT + plotRight) / 2, plotBottom + 36, "middle", xTitle);
		svg.verticalText(16, (TOP + plotBottom) / 2, yTitle);
		for (Marker marker : markers) {
			double x = xScale.pixel(marker.x(), LEFT, plotRight);
			svg.group("marker", "stroke", marker.colour(), "stroke-dasharray", "2 3");
			svg.line(x, TOP, x, plotBottom);
			svg.endGroup();
		}
		int longest = 0;
		for (Series s : series) {
			int[] drawn = SweepCharts.pointsDrawn(s.x().size());
			longest = Math.max(longest, s.x().size());
			StringBuilder path = new StringBuilder();
			for (int i : drawn) {
				double mean = s.y().get(i).mean();
				if (!Double.isFinite(mean)) {
					continue;
				}
				path.append(path.length() == 0 ? "M" : " L").append(SvgDocument.number(xScale.pixel(s.x().get(i), LEFT,
						plotRight))).append(' ').append(SvgDocument.number(yScale.pixel(mean, plotBottom, TOP)));
			}
			// presentation as attributes too, so that a chart saved on its own looks the same
			if (s.bound()) {
				svg.path("bound", path, "stroke", s.colour(), "fill", "none", "stroke-dasharray", "6 4");
			} else {
				svg.path("series", path, "stroke", s.colour(), "fill", "none", "stroke-width", "2");
			}
			if (!s.bound()) {
				svg.group("errors", "stroke", s.colour(), "fill", s.colour());
				for (int i : drawn) {
					Estimate y = s.y().get(i);
					if (!Double.isFinite(y.mean())) {
						continue;
					}
					double x = xScale.pixel(s.x().get(i), LEFT, plotRight);
					svg.circle(x, yScale.pixel(y.mean(), plotBottom, TOP), 2.5);
					if (Double.isFinite(y.standardError())) {
						double low = yScale.pixel(y.mean() - y.standardError(), plotBottom, TOP);
						double high = yScale.pixel(y.mean() + y.standardError(), plotBottom, TOP);
						svg.line(x, low, x, high).line(x - 3, low, x + 3, low).line(x - 3, high, x + 3, high);
					}
				}
				svg.endGroup();
			}
		}
		double legendY = HEIGHT - 6;
		for (Series s : series) {
			svg.group("legend", "stroke", s.colour(), "stroke-width", "2", "stroke-dasharray", s.bound() ? "6 4" : "none");
			svg.line(LEFT, legendY - 4, LEFT + 24, legendY - 4);
			svg.endGroup();
			svg.text(LEFT + 30, legendY, "start", s.name());
			legendY += 16;
		}
		for (Marker marker : markers) {
			svg.group("marker", "stroke", marker.colour());
			svg.line(LEFT, legendY - 4, LEFT + 24, legendY - 4);
			svg.endGroup();
			svg.text(LEFT + 30, legendY, "start", marker.label());
			legendY += 16;
		}
		String caption = longest <= SweepCharts.POINTS_PER_LINE ? ""
				: String.format(Locale.ROOT, "<figcaption>A line of more than %,d points goes through %,d of them,"
						+ " spread evenly (the longest has %,d); points.csv has every point.</figcaption>",
						SweepCharts.POINTS_PER_LINE, SweepCharts.POINTS_PER_LINE, longest);
		return "<figure>" + svg.finish() + caption + "</figure>\n";
	}

	private static Estimate exact(double value) {
		return new Estimate(value, Double.NaN, Double.NaN, 0);
	}

	private static String esc(String text) {
		return Markup.escape(text);
	}

	static String plain(double value) {
		if (!Double.isFinite(value)) {
			return "–";
		}
		return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
				: String.format(Locale.ROOT, "%.4g", value);
	}
}
