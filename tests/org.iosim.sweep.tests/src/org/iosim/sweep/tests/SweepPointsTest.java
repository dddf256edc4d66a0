package org.iosim.sweep.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.iosim.run.RunConfiguration;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPoint;
import org.iosim.sweep.SweepPoints;
import org.junit.jupiter.api.Test;

class SweepPointsTest {

	private static final RunConfiguration BASE = RunConfiguration.of(List.of(Path.of("model")));

	private static SweepDefinition grid(String... parameters) {
		return SweepDefinition.factorial(BASE, java.util.Arrays.stream(parameters).map(SweepParameter::parse).toList(), 1);
	}

	@Test
	void aGridsPointsAreEveryCombinationTheFirstParameterChangingSlowest() {
		SweepPoints points = SweepPoints.grid(List.of(List.of("a", "b"), List.of("1", "2", "3")));
		assertEquals(List.of(List.of("a", "1"), List.of("a", "2"), List.of("a", "3"), List.of("b", "1"),
				List.of("b", "2"), List.of("b", "3")), points.stream().map(SweepPoint::values).toList());
		for (int i = 0; i < points.size(); i++) {
			assertEquals(i, points.get(i).index());
		}
		assertThrows(IndexOutOfBoundsException.class, () -> points.get(6));
	}

	@Test
	void aTableKeepsItsRowsInOrderAndEachDistinctValueOnce() {
		List<List<String>> rows = List.of(List.of("5", "x.ioconfig"), List.of("10", "x.ioconfig"),
				List.of("5", "y.ioconfig"));
		SweepPoints points = SweepPoints.table(2, rows);
		assertFalse(points.isGrid());
		assertEquals(rows, points.stream().map(SweepPoint::values).toList());
		assertEquals(List.of("5", "10"), points.values(0));
		assertEquals(List.of("x.ioconfig", "y.ioconfig"), points.values(1));
		assertEquals(List.of(0, 1, 2), points.representatives());
		IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
				() -> SweepPoints.table(2, List.of(List.of("1", "2"), List.of("3"))));
		assertEquals("point 2 has 1 values for 2 parameters", wrong.getMessage());
	}

	/** Up to 10,000 points every point is checked first; beyond, every value of every parameter in one point each. */
	@Test
	void aLargeSweepChecksEveryValueOfEveryParameterOnce() {
		SweepDefinition small = grid("population=1..100", "thinkTime=1..100");
		assertEquals(10_000, small.pointsToCheck().size());

		SweepDefinition large = grid("population=1..101", "thinkTime=1..101");
		List<Integer> checked = large.pointsToCheck();
		assertEquals(101 + 101 - 1, checked.size());
		Set<String> populations = new HashSet<>();
		Set<String> thinkTimes = new HashSet<>();
		for (int point : checked) {
			populations.add(large.points().get(point).values().get(0));
			thinkTimes.add(large.points().get(point).values().get(1));
		}
		assertEquals(101, populations.size());
		assertEquals(101, thinkTimes.size());
		assertEquals(checked.stream().sorted().toList(), checked);
	}

	@Test
	void finishedPointsAreWrittenInAboutAThousandFilesAtMost() {
		assertEquals(1, grid("population=1..1000").pointsPerFile());
		assertEquals(2, grid("population=1..1001").pointsPerFile());
		assertEquals(1_000, grid("population=1..1000", "thinkTime=1..1000").pointsPerFile());
	}

	/** A grid of a million points travels as its parameters' values, and reads back as the same points. */
	@Test
	void aMillionPointGridTravelsAsItsValues() {
		SweepDefinition million = grid("population=1..1000", "thinkTime=1..1000");
		assertEquals(1_000_000, million.points().size());
		String json = million.toJson();
		assertTrue(json.length() < 20_000, json.length() + " characters");
		SweepDefinition read = SweepDefinition.fromJson(json);
		assertTrue(read.sweepPoints().isGrid());
		assertEquals(List.of("1000", "1000"), read.points().get(999_999).values());
		assertEquals(List.of("2", "1"), read.points().get(1_000).values());

		SweepDefinition table = SweepDefinition.listed(BASE, List.of("population", "io"),
				List.of(List.of("1", "a.ioconfig"), List.of("2", "a.ioconfig")), 1);
		assertEquals(table, SweepDefinition.fromJson(table.toJson()));
		SweepDefinition absolute = table.absolute(Path.of("/data"));
		assertEquals(List.of("2", "/data/a.ioconfig"), absolute.points().get(1).values());
		assertEquals(List.of("/data/a.ioconfig"), absolute.sweepPoints().values(1));
	}
}
