package org.iosim.qpn.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnResult.ProbeResult;
import org.iosim.qpn.report.QpnResultWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A QPN run's probes are in results.json, places.csv and report.html, their names escaped. */
class QpnProbeRowsTest {

	private static final String MARKUP_NAME = "<b>miss</b> & \"path\"";

	@TempDir
	Path temp;

	private Path folder;

	@BeforeEach
	void writeResult() throws IOException {
		QpnResult result = new QpnResult("probes", 7, 1, "run length", 1000, 12345, 0.5,
				List.of(new PlaceResult("Cache", "p-cache", "request", Part.PLACE,
						new Estimate(1.5, 0.25, 400, 1.25, 2.5, 3.75), 0.4, 0.6)),
				List.of(new ProbeResult(MARKUP_NAME, "pr-miss", "request", new Estimate(11.75, 0.5, 200), 0.2),
						new ProbeResult("response", "pr-response", "reply", new Estimate(Double.NaN, Double.POSITIVE_INFINITY, 0),
								0)));
		folder = QpnResultWriter.write(result, "probes", temp.resolve("out"), false);
	}

	@Test
	void placesCsvHasOneRowPerProbeAndColourAfterThePlaces() throws IOException {
		assertEquals("""
				place,colour,part,residenceTime,residenceTimeCi95,observations,throughput,population,utilization,residenceTimeP50,residenceTimeP95,residenceTimeP99,meanBusyServers\r
				Cache,request,place,1.5,0.25,400,0.4,0.6,,1.25,2.5,3.75,\r
				"<b>miss</b> & ""path\""",request,probe,11.75,0.5,200,0.2,,,,,,\r
				response,reply,probe,,,0,0,,,,,,\r
				""", Files.readString(folder.resolve(QpnResultWriter.PLACES_CSV), StandardCharsets.UTF_8));
	}

	@Test
	void resultsJsonListsProbesWithTheirResidenceTimes() throws IOException {
		JsonNode probes = new ObjectMapper().readTree(folder.resolve(QpnResultWriter.RESULTS_JSON).toFile()).get("probes");
		assertEquals(2, probes.size());
		assertEquals(MARKUP_NAME, probes.get(0).get("probe").asText());
		assertEquals("pr-miss", probes.get(0).get("probeId").asText());
		assertEquals("request", probes.get(0).get("colour").asText());
		assertEquals(11.75, probes.get(0).get("residenceTime").get("mean").asDouble());
		assertEquals(0.5, probes.get(0).get("residenceTime").get("ci95").asDouble());
		assertTrue(probes.get(0).get("residenceTime").get("p50") == null, "no percentiles where none were measured");
		JsonNode cache = new ObjectMapper().readTree(folder.resolve(QpnResultWriter.RESULTS_JSON).toFile()).get("places")
				.get(0).get("residenceTime");
		assertEquals(2.5, cache.get("p95").asDouble(), cache.toString());
		assertEquals(200, probes.get(0).get("residenceTime").get("observations").asLong());
		assertEquals(0.2, probes.get(0).get("throughput").asDouble());
		assertEquals(0, probes.get(1).get("residenceTime").get("observations").asLong());
	}

	@Test
	void reportHtmlEscapesProbeNames() throws IOException {
		String html = Files.readString(folder.resolve(QpnResultWriter.REPORT_HTML), StandardCharsets.UTF_8);
		assertTrue(html.contains("<h2>Probes</h2>"), html);
		assertTrue(html.contains("<td>&lt;b&gt;miss&lt;/b&gt; &amp; &quot;path&quot;</td><td>request</td>"
				+ "<td class=\"num\">11.75</td><td class=\"num\">0.5000</td><td class=\"num\">200</td>"
				+ "<td class=\"num\">0.2000</td></tr>"), html);
		assertFalse(html.contains("<b>miss"), html);
	}
}
