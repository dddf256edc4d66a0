package org.iosim.analysis.san.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.analysis.san.SanConfiguration;
import org.iosim.analysis.san.SanConfigurationReader;
import org.iosim.analysis.san.SanReplay;
import org.iosim.analysis.san.SanReport;
import org.iosim.analysis.san.SpcTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay of a small deterministic SPC trace whose hit rate, response times, utilizations and queue
 * lengths are computed by hand below.
 *
 * <p>The SAN: one host, one storage node, every resource free (no overhead, no transfer time) except
 * <ul>
 * <li>the host adapter: 0.1 ms + bytes / 40,960,000 B/s, i.e. 0.2 ms for 4 KiB, 0.3 ms for 8 KiB;</li>
 * <li>the peer adapter: 0.2 ms;</li>
 * <li>the one disk of a RAID-0 rank: 4 ms + bytes / 4,096,000 B/s, i.e. 5 ms for one 4 KiB track, 6 ms
 * for two.</li>
 * </ul>
 * The volume lies concatenated on the rank (so the LVM does not split request 3). The cache holds 4 tracks of 4 KiB (track k = LBA 8k); the NVS is far from its destage threshold; no
 * prestaging.
 *
 * <pre>
 * #  time   request            at the cache                       response
 * 1  0.000  read  track 0      miss: HA 0.2 + disk 5              5.2 ms
 * 2  0.010  read  track 0      hit                                0.2 ms
 * 3  0.020  read  tracks 1-2   miss: HA 0.3 + disk 6 (one op)     6.3 ms  (done 26.3 ms)
 * 4  0.021  read  track 2      miss: track 2 is being staged by 3; HA until 21.2, waits to 26.3: 5.3 ms
 * 5  0.030  write track 100    fast write: HA 0.2 + PA 0.2        0.4 ms  cache: 0 1 2 100 (full)
 * 6  0.040  read  track 3      miss 5.2 ms; inserting 3 evicts the least recently used, 0
 * 7  0.050  read  track 0      miss 5.2 ms (evicts 1)
 * 8  0.060  read  track 1      miss 5.2 ms (evicts 2)
 * 9  0.070  read  track 25     miss: HA 70.0-70.2, disk 70.2-75.2  5.2 ms
 * 10 0.070  read  track 26     miss: HA waits to 70.2, 70.2-70.4; disk waits to 75.2, 75.2-80.2: 10.2 ms
 * </pre>
 * Reads: 9, hits: 1, hit rate 1/9. Read response times sum to 5.2+0.2+6.3+5.3+5.2+5.2+5.2+5.2+10.2 =
 * 48.0 ms, mean 48/9 = 5.333 ms, maximum 10.2 ms; the one write 0.4 ms. The run lasts 80.2 ms; the
 * disk is busy 5+6+5+5+5+5+5 = 36 ms (utilization 36/80.2), its population is 1 for those 36 ms and 2
 * while request 10 waits (75.2 - 70.4 = 4.8 ms): mean requests in system (36 + 4.8)/80.2, of them waiting
 * 4.8/80.2. The host adapter is busy 9 x 0.2 + 0.3 = 2.1 ms, of which request 10 waited 0.2 ms (its mean
 * wait 0.2/10 ms, mean requests waiting 0.2/80.2).
 */
class HandComputedReplayTest {

	static final String CONFIG = """
			{
			  "hosts": [ { "name": "h" } ],
			  "storage": {
			    "nodes": 1,
			    "hostAdapters": { "count": 1, "overhead": 0.0001, "bandwidth": 40960000 },
			    "peerAdapter": { "overhead": 0.0002 },
			    "cache": { "size": 16384, "trackSize": 4096 },
			    "nvs": { "size": 1048576, "destageHigh": 0.9, "destageLow": 0.5 },
			    "ranks": [ { "name": "r0", "raid": "raid0", "disks": 1, "stripeUnit": 4096,
			                 "disk": { "overhead": 0.004, "bandwidth": 4096000 } } ]
			  },
			  "volumes": [ { "asu": 0, "size": 1048576, "ranks": [ "r0" ], "layout": "concatenated" } ]
			}
			""";

	static final String TRACE = """
			0,0,4096,r,0.000
			0,0,4096,r,0.010
			0,8,8192,r,0.020
			0,16,4096,R,0.021
			0,800,4096,w,0.030
			0,24,4096,r,0.040
			0,0,4096,r,0.050
			0,8,4096,r,0.060
			0,200,4096,r,0.070
			0,208,4096,r,0.070
			""";

	@TempDir
	Path folder;

	@Test
	void hitRateAndResponseTimesMatchTheHandComputation() throws Exception {
		SanConfiguration configuration = SanConfigurationReader.parse("hand.json", CONFIG);
		Path trace = Files.writeString(folder.resolve("hand.spc"), TRACE);
		SanReplay.Result result = SanReplay.run(configuration, SpcTrace.read(trace), trace.toString());
		SanReport report = result.report();

		assertEquals(9, report.reads());
		assertEquals(1, report.writes());
		assertEquals(1, report.readHits());
		assertEquals(1.0 / 9, report.hitRate(), 1e-12);
		assertEquals(48.0e-3 / 9, report.readTimes().mean(), 1e-12);
		assertEquals(10.2e-3, report.readTimes().max(), 1e-12);
		assertEquals(0.4e-3, report.writeTimes().mean(), 1e-12);
		assertEquals(80.2e-3, report.duration(), 1e-12);
		assertEquals(8, report.stagedTracks(), "tracks 0, 1-2, 3, 0, 1, 25 and 26; request 4 waits for track 2");

		var disk = report.resource("r0.disk0");
		assertEquals(7, disk.served());
		assertEquals(36.0 / 80.2, disk.utilization(), 1e-9);
		assertEquals((36.0 + 4.8) / 80.2, disk.inSystem(), 1e-9);
		assertEquals(4.8 / 80.2, disk.waiting(), 1e-9);
		var hostAdapter = report.resource("node0.hostAdapter");
		assertEquals(10, hostAdapter.served());
		assertEquals(2.1 / 80.2, hostAdapter.utilization(), 1e-9);
		assertEquals(0.2e-3 / 10, hostAdapter.meanWait(), 1e-12);
		assertEquals(0.2 / 80.2, hostAdapter.waiting(), 1e-9);
		assertEquals((2.1 + 0.2) / 80.2, hostAdapter.inSystem(), 1e-9);
		assertEquals(0.2 / 80.2, report.resource("node0.peerAdapter").utilization(), 1e-9);
	}
}
