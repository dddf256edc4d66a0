package org.iosim.report.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import org.iosim.engine.SimulationResult;
import org.iosim.report.IoConfigurationUse;
import org.iosim.engine.SimulationResult.CallKind;
import org.iosim.engine.SimulationResult.CallResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.engine.SimulationResult.PassiveResourceResult;
import org.iosim.engine.SimulationResult.PopulationWindow;
import org.iosim.engine.SimulationResult.QuantilePoint;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.engine.SimulationResult.ResponseTime;
import org.iosim.engine.SimulationResult.ScenarioResult;
import org.iosim.engine.SimulationResult.TimeWindow;
import org.iosim.engine.SimulationResult.UtilizationWindow;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

/**
 * Writes results.json. Fields are written one by one rather than by data binding, so their order is
 * fixed by this class and not by reflection, and the file stays byte-identical for identical results.
 * Numbers use Java's shortest round-trip notation, which does not depend on the locale; NaN and
 * infinities, which JSON cannot express, become {@code null}.
 */
public final class JsonResultWriter {

	public static final JsonFactory JSON = JsonFactory.builder().build();

	/** Unix line ends on every platform, so the bytes do not depend on where the run happened. */
	private static final DefaultIndenter INDENTER = new DefaultIndenter("  ", "\n");

	private JsonResultWriter() {
	}

	/** @param ioConfiguration which I/O configuration the run applied, or null when unknown (then not written) */
	public static void write(SimulationResult result, IoConfigurationUse ioConfiguration, Path file) throws IOException {
		try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW);
				JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
			json.setPrettyPrinter(prettyPrinter());
			writeResult(json, result, ioConfiguration);
			json.writeRaw('\n');
		}
	}

	/** Two-space indents and Unix line ends, as every results.json IOSim writes. */
	public static DefaultPrettyPrinter prettyPrinter() {
		Separators separators = Separators.createDefaultInstance()
				.withObjectFieldValueSpacing(Separators.Spacing.AFTER)
				.withObjectEmptySeparator("")
				.withArrayEmptySeparator("");
		return new DefaultPrettyPrinter(separators).withObjectIndenter(INDENTER).withArrayIndenter(INDENTER);
	}

	private static void writeResult(JsonGenerator json, SimulationResult result, IoConfigurationUse ioConfiguration)
			throws IOException {
		json.writeStartObject();
		json.writeStringField("model", result.modelName());
		if (ioConfiguration != null) {
			// null for the model as it is; the ones beside it that were not applied, so a reader sees the choice
			json.writeStringField("ioConfiguration", ioConfiguration.applied());
			json.writeArrayFieldStart("ioConfigurationsNotApplied");
			for (String name : ioConfiguration.notApplied()) {
				json.writeString(name);
			}
			json.writeEndArray();
		}
		json.writeNumberField("seed", result.seed());
		json.writeNumberField("replications", result.replications());
		json.writeNumberField("events", result.events());
		json.writeStringField("stopReason", result.stopReason().label());
		number(json, "simulatedTime", result.simulatedTime());
		number(json, "wallClockSeconds", result.wallClockSeconds());

		json.writeArrayFieldStart("scenarios");
		for (ScenarioResult scenario : result.scenarios()) {
			writeScenario(json, scenario);
		}
		json.writeEndArray();

		json.writeArrayFieldStart("calls");
		for (CallResult call : result.calls()) {
			writeCall(json, call);
		}
		json.writeEndArray();

		json.writeArrayFieldStart("resources");
		for (ResourceResult resource : result.resources()) {
			writeResource(json, resource);
		}
		json.writeEndArray();

		json.writeArrayFieldStart("passiveResources");
		for (PassiveResourceResult passive : result.passiveResources()) {
			writePassiveResource(json, passive);
		}
		json.writeEndArray();

		json.writeArrayFieldStart("io");
		for (IoResult io : result.io()) {
			writeIo(json, io);
		}
		json.writeEndArray();
		json.writeEndObject();
	}

	/** One entry per storage and request type over all file sets (fileSet null), then per file set. */
	private static void writeIo(JsonGenerator json, IoResult io) throws IOException {
		json.writeStartObject();
		json.writeStringField("storage", io.storage());
		json.writeStringField("type", io.type());
		json.writeStringField("fileSet", io.fileSet());
		writeResponseTime(json, "delay", io.delay());
		json.writeNumberField("count", io.count());
		number(json, "throughputBytesPerSecond", io.throughputBytesPerSecond());
		number(json, "meanConcurrency", io.meanConcurrency());
		json.writeEndObject();
	}

	/** Besides the summary, keeps the series behind the charts so tools can redraw them. */
	private static void writeScenario(JsonGenerator json, ScenarioResult scenario) throws IOException {
		json.writeStartObject();
		json.writeStringField("id", scenario.id());
		json.writeStringField("name", scenario.name());
		writeResponseTime(json, scenario.responseTime());
		number(json, "throughput", scenario.throughput());
		json.writeArrayFieldStart("overTime");
		for (TimeWindow window : scenario.overTime()) {
			json.writeStartObject();
			number(json, "start", window.start());
			number(json, "end", window.end());
			json.writeNumberField("count", window.count());
			number(json, "mean", window.mean());
			json.writeEndObject();
		}
		json.writeEndArray();
		// only a closed workload that follows a load profile has one: other results stay as they were
		if (!scenario.populationOverTime().isEmpty()) {
			json.writeArrayFieldStart("populationOverTime");
			for (PopulationWindow window : scenario.populationOverTime()) {
				json.writeStartObject();
				number(json, "start", window.start());
				number(json, "end", window.end());
				number(json, "meanUsers", window.meanUsers());
				json.writeEndObject();
			}
			json.writeEndArray();
		}
		json.writeArrayFieldStart("distribution");
		for (QuantilePoint point : scenario.distribution()) {
			json.writeStartObject();
			number(json, "probability", point.probability());
			number(json, "value", point.value());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeEndObject();
	}

	private static void writeCall(JsonGenerator json, CallResult call) throws IOException {
		json.writeStartObject();
		json.writeStringField("kind", kindLabel(call.kind()));
		json.writeStringField("id", call.id());
		json.writeStringField("caller", call.caller());
		json.writeStringField("callee", call.callee());
		writeResponseTime(json, call.responseTime());
		json.writeEndObject();
	}

	/** {@code entry-level} or {@code external}. */
	static String kindLabel(CallKind kind) {
		return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	private static void writeResponseTime(JsonGenerator json, ResponseTime responseTime) throws IOException {
		writeResponseTime(json, "responseTime", responseTime);
	}

	private static void writeResponseTime(JsonGenerator json, String field, ResponseTime responseTime)
			throws IOException {
		json.writeObjectFieldStart(field);
		number(json, "mean", responseTime.mean());
		number(json, "ci95", responseTime.ci95());
		json.writeNumberField("count", responseTime.count());
		number(json, "stdDev", responseTime.standardDeviation());
		number(json, "min", responseTime.min());
		number(json, "max", responseTime.max());
		number(json, "p50", responseTime.p50());
		number(json, "p90", responseTime.p90());
		number(json, "p95", responseTime.p95());
		number(json, "p99", responseTime.p99());
		json.writeEndObject();
	}

	private static void writeResource(JsonGenerator json, ResourceResult resource) throws IOException {
		json.writeStartObject();
		json.writeStringField("id", resource.id());
		json.writeStringField("container", resource.container());
		json.writeStringField("type", resource.type());
		json.writeStringField("schedulingPolicy", resource.schedulingPolicy());
		number(json, "servers", resource.hasInfiniteServers() ? Double.POSITIVE_INFINITY : resource.servers());
		number(json, "utilization", resource.utilization());
		// the queue by both definitions, the same for every kind of resource: waiting for a server, and
		// waiting or in service
		number(json, "meanWaiting", resource.meanWaiting());
		number(json, "meanInSystem", resource.meanInSystem());
		number(json, "throughput", resource.throughput());
		number(json, "meanServiceTime", resource.meanServiceTime());
		number(json, "meanResponseTime", resource.meanResponseTime());
		// left out where it is not followed (infinite servers, an analysis model's resources), as populationOverTime is
		if (!resource.utilizationOverTime().isEmpty()) {
			json.writeArrayFieldStart("utilizationOverTime");
			for (UtilizationWindow window : resource.utilizationOverTime()) {
				json.writeStartObject();
				number(json, "start", window.start());
				number(json, "end", window.end());
				number(json, "utilization", window.utilization());
				json.writeEndObject();
			}
			json.writeEndArray();
		}
		json.writeEndObject();
	}

	private static void writePassiveResource(JsonGenerator json, PassiveResourceResult passive) throws IOException {
		json.writeStartObject();
		json.writeStringField("id", passive.id());
		json.writeStringField("owner", passive.owner());
		json.writeStringField("name", passive.name());
		json.writeNumberField("capacity", passive.capacity());
		number(json, "utilization", passive.utilization());
		number(json, "meanWaitingTime", passive.meanWaitingTime());
		json.writeNumberField("acquisitions", passive.acquisitions());
		json.writeEndObject();
	}

	/** A number, or null where it does not exist (JSON has no NaN or infinity). */
	public static void number(JsonGenerator json, String field, double value) throws IOException {
		if (Double.isFinite(value)) {
			json.writeNumberField(field, value);
		} else {
			json.writeNullField(field);
		}
	}
}
