package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.iosim.analysis.AccessPattern;
import org.iosim.pcm.io.IoType;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;

class WorkloadStateTest {

	@Test
	void inputNamesAreThoseOfFormulasTablesAndDataColumns() {
		assertEquals(List.of("concurrency", "type", "meanReadSize", "meanWriteSize", "readPattern", "writePattern",
				"readRatio", "fileSetSize", "requestSize", "readSequentiality", "writeSequentiality", "synchronous"),
				WorkloadInput.names());
		assertEquals(Optional.of(WorkloadInput.READ_RATIO), WorkloadInput.named("readRatio"));
		assertEquals(Optional.empty(), WorkloadInput.named("ReadRatio"), "names are case-sensitive");
	}

	@Test
	void valuesUseTheNumericEncodings() {
		WorkloadState state = new WorkloadState(3, IoType.WRITE, 4096, 8192, AccessPattern.SEQUENTIAL,
				AccessPattern.RANDOM, 0.25, 1e9, 512, 0.75, 0.125);
		assertEquals(3, state.value(WorkloadInput.CONCURRENCY));
		assertEquals(1, state.value(WorkloadInput.TYPE));
		assertEquals(4096, state.value(WorkloadInput.MEAN_READ_SIZE));
		assertEquals(8192, state.value(WorkloadInput.MEAN_WRITE_SIZE));
		assertEquals(1, state.value(WorkloadInput.READ_PATTERN));
		assertEquals(0, state.value(WorkloadInput.WRITE_PATTERN));
		assertEquals(0.25, state.value(WorkloadInput.READ_RATIO));
		assertEquals(1e9, state.value(WorkloadInput.FILE_SET_SIZE));
		assertEquals(512, state.value(WorkloadInput.REQUEST_SIZE));
		assertEquals(0.75, state.value(WorkloadInput.READ_SEQUENTIALITY));
		assertEquals(0.125, state.value(WorkloadInput.WRITE_SEQUENTIALITY));
	}

	@Test
	void ofBuildsAStateFromEncodedValuesAndReadsThemBack() {
		Map<WorkloadInput, Double> values = new EnumMap<>(WorkloadInput.class);
		for (WorkloadInput input : WorkloadInput.values()) {
			values.put(input, 1.0);
		}
		values.put(WorkloadInput.CONCURRENCY, 7.0);
		values.put(WorkloadInput.MEAN_READ_SIZE, 65536.0);
		WorkloadState state = WorkloadState.of(values);
		assertEquals(IoType.WRITE, state.type());
		assertEquals(AccessPattern.SEQUENTIAL, state.readPattern());
		for (WorkloadInput input : WorkloadInput.values()) {
			assertEquals(values.get(input), state.value(input), input.inputName());
		}
		WorkloadState defaults = WorkloadState.of(Map.of());
		assertEquals(IoType.READ, defaults.type());
		assertEquals(0, defaults.concurrency());
	}

	@Test
	void invalidValuesAreRejected() {
		IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
				() -> WorkloadState.of(Map.of(WorkloadInput.TYPE, 2)));
		assertEquals("type must be 0 or 1 but is 2.0", type.getMessage());
		assertThrows(IllegalArgumentException.class, () -> WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 1.5)));
		IllegalArgumentException ratio = assertThrows(IllegalArgumentException.class,
				() -> WorkloadState.of(Map.of(WorkloadInput.READ_RATIO, 1.5)));
		assertTrue(ratio.getMessage().startsWith("readRatio must lie in [0, 1]"), ratio.getMessage());
		assertThrows(IllegalArgumentException.class,
				() -> WorkloadState.of(Map.of(WorkloadInput.MEAN_READ_SIZE, Double.POSITIVE_INFINITY)));
	}
}
