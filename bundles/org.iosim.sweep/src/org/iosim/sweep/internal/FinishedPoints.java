package org.iosim.sweep.internal;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.stream.IntStream;

import org.iosim.run.RunFailure;
import org.iosim.sweep.PointSummary;
import org.iosim.sweep.ReplicationResult;
import org.iosim.sweep.SweepDefinition;

/**
 * A finished sweep's points as the sweep folder holds them, each pooled when asked for: only the
 * file of the point asked for last is in memory, so results of a million points are written and
 * analysed in one pass over the folder rather than from memory. Asking in point order reads each
 * file once.
 */
public final class FinishedPoints extends AbstractList<PointSummary> implements RandomAccess {

	/** A file of finished points could not be read back; its message names the file. */
	public static final class Unreadable extends RuntimeException {

		private static final long serialVersionUID = 1L;

		private final transient RunFailure failure;

		Unreadable(RunFailure failure) {
			super(failure.getMessage(), failure);
			this.failure = failure;
		}

		public RunFailure failure() {
			return failure;
		}
	}

	private final SweepDefinition definition;
	private final SweepFolder folder;
	private int loadedFile = -1;
	private List<PointSummary> loaded;

	public FinishedPoints(SweepDefinition definition, SweepFolder folder) {
		this.definition = definition;
		this.folder = folder;
	}

	@Override
	public int size() {
		return definition.points().size();
	}

	/** @throws Unreadable if the point's file cannot be read back */
	@Override
	public synchronized PointSummary get(int index) {
		Objects.checkIndex(index, size());
		int file = definition.fileOf(index);
		if (file != loadedFile) {
			List<List<ReplicationResult>> points;
			try {
				points = folder.readPoints(definition, file);
			} catch (RunFailure failure) {
				throw new Unreadable(failure);
			}
			int first = definition.firstPointOf(file);
			loaded = IntStream.range(0, points.size())
					.mapToObj(i -> PointSummary.pool(definition.points().get(first + i), points.get(i))).toList();
			loadedFile = file;
		}
		return loaded.get(index - definition.firstPointOf(file));
	}
}
