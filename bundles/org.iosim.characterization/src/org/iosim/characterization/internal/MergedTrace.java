package org.iosim.characterization.internal;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

import org.iosim.characterization.IoRecord;
import org.iosim.characterization.TraceReader;

/**
 * Several traces of one workload on one clock as one sequence: the next request is the earliest of
 * the traces' next requests (by {@link IoRecord#time()}, then by the trace's place in the list), so
 * each trace keeps its own order and only one request a trace is held.
 */
public final class MergedTrace implements TraceReader {

	private record Head(IoRecord request, int trace) {
	}

	private final List<TraceReader> traces;
	private final PriorityQueue<Head> heads = new PriorityQueue<>(
			Comparator.<Head>comparingDouble(head -> head.request().time()).thenComparingInt(Head::trace));
	private boolean started;

	/** @param traces the traces, which this reader closes */
	public MergedTrace(List<TraceReader> traces) {
		this.traces = List.copyOf(traces);
	}

	@Override
	public IoRecord next() throws IOException {
		if (!started) {
			started = true;
			for (int trace = 0; trace < traces.size(); trace++) {
				advance(trace);
			}
		}
		Head earliest = heads.poll();
		if (earliest == null) {
			return null;
		}
		advance(earliest.trace());
		return earliest.request();
	}

	private void advance(int trace) throws IOException {
		IoRecord next = traces.get(trace).next();
		if (next != null) {
			heads.add(new Head(next, trace));
		}
	}

	@Override
	public void close() throws IOException {
		IOException first = null;
		for (TraceReader trace : traces) {
			try {
				trace.close();
			} catch (IOException failed) {
				if (first == null) {
					first = failed;
				}
			}
		}
		if (first != null) {
			throw first;
		}
	}
}
