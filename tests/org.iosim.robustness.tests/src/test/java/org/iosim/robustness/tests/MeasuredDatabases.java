package org.iosim.robustness.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;

import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;

/**
 * Measurement databases as {@code iosim measure} leaves them, without fio: one run of a one-run plan
 * recorded with computed figures, then edited with SQL as someone with a SQLite shell would.
 */
final class MeasuredDatabases {

	private MeasuredDatabases() {
	}

	/** @return the database {@code measured.db} in the folder, after the edits */
	static Path withOneRun(Path folder, String... edits) throws IOException {
		Path plan = Files.writeString(folder.resolve("plan.json"), "{\"name\": \"p\", \"design\": \"factorial\","
				+ " \"repetitions\": 1, \"warmup\": 0, \"duration\": 1, \"factors\": {\"readRatio\": [1]}}");
		Path db = folder.resolve("measured.db");
		try (MeasurementDatabase database = MeasurementDatabase.open(db, true)) {
			MeasurementPlan loaded = MeasurementPlan.load(plan);
			PlannedRun run = loaded.runs().get(0);
			long planId = database.plan(loaded, 1, "computed", null);
			double delay = 0.0005;
			database.record(planId, run, new RunResult(Optional.of(new Latencies(2000, 1 / delay, 4096 / delay, delay, delay,
					delay, delay)), Optional.empty(), 1, "{\"computed\": true}"));
		} catch (MeasurementException | PlanException failed) {
			throw new IOException(failed);
		}
		try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + db, new Properties());
				Statement statement = connection.createStatement()) {
			for (String edit : edits) {
				statement.execute(edit);
			}
		} catch (SQLException failed) {
			throw new IOException(failed);
		}
		return db;
	}
}
