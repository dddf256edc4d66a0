package org.iosim.calibration.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.calibration.Calibration;
import org.iosim.calibration.Calibration.TypeModel;
import org.iosim.measure.MeasuredDelay;
import org.iosim.measure.StorageWorkload;
import org.iosim.pcm.io.IoType;
import org.iosim.report.svg.Markup;

/**
 * The calibration report: one self-contained HTML page (inline SVG, no scripts) that shows, for
 * reads and writes, which model was selected and why, how well it predicts configurations it did
 * not learn from, and where it errs.
 */
public final class CalibrationReport {

	/** Beyond this many distinct values, a factor's errors are shown by quartile. */
	private static final int MAX_LEVELS_SHOWN = 10;

	private CalibrationReport() {
	}

	/** A factor of the measured configurations, for the error-by-parameter tables. */
	private record Factor(String name, ToDoubleFunction<StorageWorkload> value, boolean size) {
	}

	private static final List<Factor> FACTORS = List.of(
			new Factor("request size", StorageWorkload::requestSize, true),
			new Factor("read ratio", StorageWorkload::readRatio, false),
			new Factor("sequential", workload -> workload.sequential() ? 1 : 0, false),
			new Factor("file set size", StorageWorkload::fileSetSize, true),
			new Factor("threads", StorageWorkload::concurrency, false),
			new Factor("queue depth", StorageWorkload::queueDepth, false));

	public static String html(Calibration.Result result, String systemUnderStudy) {
		StringBuilder page = new StringBuilder(64 * 1024);
		String title = "Calibration of '" + result.settings().name() + "'";
		page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Markup.escape(title))
				.append("</title>\n<style>body{font-family:system-ui,sans-serif;margin:2em;color:#1f2933;max-width:1000px}"
						+ "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #d9dee5;padding:3px 8px;"
						+ "text-align:right}th{background:#f5f7fa}td.l,th.l{text-align:left}td.l{overflow-wrap:anywhere}"
						+ ".chart{margin:0 1em 1em 0;max-width:100%;height:auto}"
						+ ".selected{font-weight:bold}td.inside{color:#2f7d32}p.note{color:#52606d}</style></head><body>\n");
		page.append("<h1>").append(Markup.escape(title)).append("</h1>\n<p>System under study: ")
				.append(Markup.escape(systemUnderStudy)).append(String.format(Locale.ROOT,
						". Model selection on %d-fold cross-validation (seed %d): every technique with its defaults, the %d"
								+ " best tuned with S3, the simpler one kept when its error is within %.0f %% of the best. The models"
								+ " learn ln(delay), so their RMSE is about a relative error."
								+ " Errors are relative, |measured &minus; predicted| / measured (001, Eq. 9.2); \"held-out\""
								+ " predictions come from the model fitted without the row's fold.</p>\n",
						result.settings().folds(), result.settings().seed(), ModelSelection.TUNED,
						(ModelSelection.SIMPLER_MARGIN - 1) * 100));
		for (TypeModel model : result.models()) {
			section(page, model);
		}
		return page.append("</body></html>\n").toString();
	}

	private static void section(StringBuilder page, TypeModel model) {
		String types = model.type() == IoType.READ ? "Reads" : "Writes";
		ModelSelection.Tuned selected = model.selection().selected();
		StoredModel stored = model.model();
		double[] errors = model.heldOutErrors();
		page.append("<h2>").append(types).append(" delay</h2>\n<table>\n");
		row(page, "selected technique", selected.technique().id());
		row(page, "chosen parameters", parameters(selected));
		row(page, "features", String.join(", ", stored.features()));
		row(page, "training configurations", Integer.toString(model.training().size()));
		row(page, "held-out mean relative error", percent(mean(errors)));
		row(page, "held-out 95th percentile", percent(percentile(errors, 0.95)));
		row(page, "cross-validated RMSE of ln(delay)", String.format(Locale.ROOT, "%.4f", selected.error().rmse()));
		boolean repeated = model.training().stream().anyMatch(measured -> measured.delays().size() >= 2);
		row(page, "repeatability (mean largest deviation of a repetition from the mean)",
				repeated ? percent(meanSpread(model.training())) : "not measured (one repetition per configuration)");
		row(page, "noise floor: a perfect model's expected mean relative error on these noisy means",
				repeated ? percent(model.heldOutNoiseFloor()) : "not known (one repetition per configuration)");
		if (model.testError().isPresent()) {
			row(page, "test configurations", Integer.toString(model.test().size()));
			row(page, "test mean relative error", percent(model.testError().get()));
			double testFloor = model.testNoiseFloor().orElseThrow();
			row(page, "noise floor of the test configurations",
					Double.isNaN(testFloor) ? "not known (one repetition per configuration)" : percent(testFloor));
		}
		page.append("</table>\n");
		techniques(page, model.selection());
		page.append("<div>").append(CalibrationCharts.scatter(model)).append(CalibrationCharts.histogram(errors, types))
				.append("</div>\n");
		errorsByFactor(page, model, errors);
		outsideRanges(page, model);
		configurations(page, model);
	}

	/**
	 * Every configuration's measured mean with its 95 % interval beside the model's prediction: a
	 * prediction inside the interval is as good as the measurement can tell.
	 */
	private static void configurations(StringBuilder page, TypeModel model) {
		page.append("<details><summary>Each configuration: measured interval and prediction</summary>\n<table><tr>"
				+ "<th class=\"l\">configuration</th><th class=\"l\">rows</th><th>runs</th><th>measured mean</th>"
				+ "<th>95 % interval</th><th>predicted</th><th>relative error</th><th>noise floor</th></tr>\n");
		for (int row = 0; row < model.training().size(); row++) {
			configuration(page, model.training().get(row), "training (held out)", model.heldOut()[row]);
		}
		for (int row = 0; row < model.test().size(); row++) {
			configuration(page, model.test().get(row), "test", model.predictions().get(row).value());
		}
		page.append("</table></details>\n");
	}

	private static void configuration(StringBuilder page, MeasuredDelay measured, String rows, double predicted) {
		double mean = measured.meanDelay();
		double halfWidth = measured.halfWidth95();
		boolean inside = !Double.isNaN(halfWidth) && Math.abs(predicted - mean) <= halfWidth;
		page.append("<tr><td class=\"l\">").append(Markup.escape(measured.workload().toString())).append("</td><td class=\"l\">")
				.append(rows).append("</td><td>").append(measured.delays().size()).append("</td><td>").append(seconds(mean))
				.append("</td><td>").append(Double.isNaN(halfWidth) ? "&ndash;" : "&plusmn; " + seconds(halfWidth) + " ("
						+ percent(halfWidth / mean) + ")")
				.append("</td><td").append(inside ? " class=\"inside\"" : "").append(">").append(seconds(predicted))
				.append("</td><td>").append(percent(Calibration.relativeError(mean, predicted))).append("</td><td>")
				.append(Double.isNaN(measured.noiseFloor()) ? "&ndash;" : percent(measured.noiseFloor())).append("</td></tr>\n");
	}

	private static void techniques(StringBuilder page, ModelSelection.Outcome selection) {
		page.append("<table><tr><th class=\"l\">technique</th><th>CV RMSE of ln(delay), defaults</th><th>tuned with S3</th></tr>\n");
		for (ModelSelection.Tuned untuned : selection.untuned()) {
			ModelSelection.Tuned tuned = selection.tuned().get(untuned.technique().id());
			boolean chosen = selection.best(untuned) == selection.selected();
			page.append(chosen ? "<tr class=\"selected\">" : "<tr>").append("<td class=\"l\">")
					.append(untuned.technique().id()).append(chosen ? " (selected)" : "").append("</td><td>")
					.append(logRmse(untuned.error().rmse())).append("</td><td>")
					.append(tuned == null ? "&ndash;" : logRmse(tuned.error().rmse())).append("</td></tr>\n");
		}
		selection.leftOut().forEach((id, reason) -> page.append("<tr><td class=\"l\">").append(id)
				.append("</td><td class=\"l\" colspan=\"2\">left out: ").append(Markup.escape(reason)).append("</td></tr>\n"));
		page.append("</table>\n");
	}

	private static void errorsByFactor(StringBuilder page, TypeModel model, double[] errors) {
		page.append("<h3>Held-out error by parameter</h3>\n<table><tr><th class=\"l\">parameter</th><th class=\"l\">value</th>"
				+ "<th>configurations</th><th>mean relative error</th></tr>\n");
		for (Factor factor : FACTORS) {
			Map<Double, List<Double>> byValue = new TreeMap<>();
			for (int row = 0; row < errors.length; row++) {
				byValue.computeIfAbsent(factor.value().applyAsDouble(model.training().get(row).workload()),
						unused -> new ArrayList<>()).add(errors[row]);
			}
			if (byValue.size() < 2) {
				continue;
			}
			List<Map.Entry<String, List<Double>>> groups = new ArrayList<>();
			if (byValue.size() <= MAX_LEVELS_SHOWN) {
				byValue.forEach((value, group) -> groups.add(Map.entry(level(factor, value), group)));
			} else {
				List<Double> values = new ArrayList<>(byValue.keySet());
				for (int quartile = 0; quartile < 4; quartile++) {
					List<Double> group = new ArrayList<>();
					List<Double> bounds = values.subList(quartile * values.size() / 4, (quartile + 1) * values.size() / 4);
					bounds.forEach(value -> group.addAll(byValue.get(value)));
					groups.add(Map.entry(level(factor, bounds.get(0)) + " &ndash; " + level(factor, bounds.get(bounds.size() - 1)),
							group));
				}
			}
			boolean first = true;
			for (Map.Entry<String, List<Double>> group : groups) {
				page.append("<tr><td class=\"l\">").append(first ? factor.name() : "").append("</td><td class=\"l\">")
						.append(group.getKey()).append("</td><td>").append(group.getValue().size()).append("</td><td>")
						.append(percent(group.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(0)))
						.append("</td></tr>\n");
				first = false;
			}
		}
		page.append("</table>\n");
	}

	private static void outsideRanges(StringBuilder page, TypeModel model) {
		page.append("<h3>Configurations outside the training ranges</h3>\n");
		if (model.test().isEmpty()) {
			page.append("<p class=\"note\">No test plan was given (calibrate with --test PLAN), so no configuration was"
					+ " predicted beyond the training data.</p>\n");
			return;
		}
		List<String> lines = new ArrayList<>();
		for (int row = 0; row < model.test().size(); row++) {
			StoredModel.Prediction prediction = model.predictions().get(row);
			if (prediction.extrapolated()) {
				MeasuredDelay measured = model.test().get(row);
				lines.add(String.format(Locale.ROOT, "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td><td>%s</td><td>%s</td></tr>",
						Markup.escape(measured.workload().toString()), String.join(", ", prediction.outsideTrainingRange()),
						seconds(measured.meanDelay()), seconds(prediction.value())));
			}
		}
		if (lines.isEmpty()) {
			page.append("<p class=\"note\">Every test configuration lies within the training ranges.</p>\n");
			return;
		}
		page.append("<table><tr><th class=\"l\">test configuration</th><th class=\"l\">outside in</th><th>measured</th>"
				+ "<th>predicted</th></tr>\n");
		lines.forEach(line -> page.append(line).append('\n'));
		page.append("</table>\n");
	}

	private static double meanSpread(List<MeasuredDelay> rows) {
		return rows.stream().mapToDouble(MeasuredDelay::spread).average().orElse(0);
	}

	private static double mean(double[] values) {
		double sum = 0;
		for (double value : values) {
			sum += value;
		}
		return values.length == 0 ? Double.NaN : sum / values.length;
	}

	private static double percentile(double[] values, double quantile) {
		double[] sorted = values.clone();
		java.util.Arrays.sort(sorted);
		return sorted.length == 0 ? Double.NaN : sorted[Math.max(0, (int) Math.ceil(quantile * sorted.length) - 1)];
	}

	private static String parameters(ModelSelection.Tuned tuned) {
		if (tuned.parameters().isEmpty()) {
			return "none";
		}
		List<String> parts = new ArrayList<>();
		tuned.parameters().forEach((name, value) -> parts.add(name + " = " + compact(value)));
		return String.join(", ", parts);
	}

	private static String level(Factor factor, double value) {
		if (factor.size()) {
			return StorageWorkload.bytes((long) value);
		}
		return compact(value);
	}

	private static String compact(double value) {
		return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3g", value);
	}

	private static void row(StringBuilder page, String label, String value) {
		page.append("<tr><th class=\"l\">").append(label).append("</th><td class=\"l\">").append(Markup.escape(value))
				.append("</td></tr>\n");
	}

	/** An RMSE of logarithms; for small errors about the relative error. */
	private static String logRmse(double rmse) {
		return String.format(Locale.ROOT, "%.4f", rmse);
	}

	private static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
	}

	/** A duration in the unit that suits it: "85 µs", "1.2 ms", "0.35 s". */
	static String seconds(double value) {
		double magnitude = Math.abs(value);
		if (magnitude >= 0.1) {
			return String.format(Locale.ROOT, "%.3g s", value);
		}
		if (magnitude >= 1e-4) {
			return String.format(Locale.ROOT, "%.3g ms", value * 1e3);
		}
		return String.format(Locale.ROOT, "%.3g µs", value * 1e6);
	}
}
