package org.iosim.des.statistics;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Objects;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.mapping.CubicallyInterpolatedMapping;
import com.datadoghq.sketch.ddsketch.store.Bin;
import com.datadoghq.sketch.ddsketch.store.CollapsingLowestDenseStore;
import com.datadoghq.sketch.ddsketch.store.Store;

/**
 * Streaming quantile estimates with a bounded relative error, backed by a
 * DDSketch.
 * <p>
 * The sketch keeps at most a fixed number of buckets, so memory is constant.
 * When the observed range outgrows them, the lowest buckets are merged: the
 * upper quantiles that matter for response times (p90 … p99) keep their
 * accuracy. The cubically interpolated index mapping avoids a logarithm per
 * observation at the price of slightly more buckets for the same accuracy.
 */
public final class Quantiles {

	/** Relative accuracy of every quantile estimate (0.5 %). */
	public static final double DEFAULT_RELATIVE_ACCURACY = 0.005;

	/**
	 * With the default accuracy, 2048 buckets cover values spanning more than
	 * eight orders of magnitude before any bucket collapses.
	 */
	public static final int DEFAULT_MAX_BUCKETS = 2048;

	private final double relativeAccuracy;
	private final DDSketch sketch;

	public Quantiles() {
		this(DEFAULT_RELATIVE_ACCURACY, DEFAULT_MAX_BUCKETS);
	}

	public Quantiles(double relativeAccuracy, int maxBuckets) {
		if (!(relativeAccuracy > 0 && relativeAccuracy < 1)) {
			throw new IllegalArgumentException("relative accuracy must lie in (0, 1): " + relativeAccuracy);
		}
		if (maxBuckets < 1) {
			throw new IllegalArgumentException("at least one bucket is needed: " + maxBuckets);
		}
		this.relativeAccuracy = relativeAccuracy;
		this.sketch = new DDSketch(new CubicallyInterpolatedMapping(relativeAccuracy),
				() -> new CollapsingLowestDenseStore(maxBuckets));
	}

	public void add(double observation) {
		sketch.accept(observation);
	}

	public long count() {
		return (long) sketch.getCount();
	}

	public double relativeAccuracy() {
		return relativeAccuracy;
	}

	/**
	 * Estimate of the {@code q}-quantile, {@code 0 ≤ q ≤ 1}; NaN without
	 * observations.
	 */
	public double quantile(double q) {
		if (!(q >= 0 && q <= 1)) {
			throw new IllegalArgumentException("quantile must lie in [0, 1]: " + q);
		}
		return sketch.isEmpty() ? Double.NaN : sketch.getValueAtQuantile(q);
	}

	/**
	 * The estimates of several quantiles in one pass over the sketch, each exactly as {@link #quantile}
	 * gives it (a small replication's hundred percentiles took a pass each).
	 *
	 * @param ascending quantiles in [0, 1], in ascending order
	 * @return one estimate per quantile; NaN without observations
	 */
	public double[] quantiles(double... ascending) {
		double[] values = new double[ascending.length];
		for (int i = 0; i < ascending.length; i++) {
			if (!(ascending[i] >= 0 && ascending[i] <= 1) || i > 0 && ascending[i] < ascending[i - 1]) {
				throw new IllegalArgumentException("quantiles must lie in [0, 1] in ascending order: "
						+ Arrays.toString(ascending));
			}
		}
		if (sketch.isEmpty()) {
			Arrays.fill(values, Double.NaN);
			return values;
		}
		// DDSketch's own rule: the value of the first bin, from the most negative up, whose cumulative
		// count exceeds q·(count − 1); counts are whole numbers, so the zero bin's is exactly the rest
		double count = sketch.getCount();
		Store negative = sketch.getNegativeValueStore();
		Store positive = sketch.getPositiveValueStore();
		double zeroCount = count - negative.getTotalCount() - positive.getTotalCount();
		int next = 0;
		double cumulative = 0;
		for (Iterator<Bin> bins = negative.getDescendingIterator(); next < values.length && bins.hasNext();) {
			Bin bin = bins.next();
			cumulative += bin.getCount();
			while (next < values.length && cumulative > ascending[next] * (count - 1)) {
				values[next++] = -sketch.getIndexMapping().value(bin.getIndex());
			}
		}
		cumulative += zeroCount;
		while (next < values.length && cumulative > ascending[next] * (count - 1)) {
			values[next++] = 0;
		}
		for (Iterator<Bin> bins = positive.getAscendingIterator(); next < values.length && bins.hasNext();) {
			Bin bin = bins.next();
			cumulative += bin.getCount();
			while (next < values.length && cumulative > ascending[next] * (count - 1)) {
				values[next++] = sketch.getIndexMapping().value(bin.getIndex());
			}
		}
		return values;
	}

	public double median() {
		return quantile(0.5);
	}

	public double p90() {
		return quantile(0.9);
	}

	public double p95() {
		return quantile(0.95);
	}

	public double p99() {
		return quantile(0.99);
	}

	/** Adds all observations of {@code other}, e.g. to pool replications. */
	public void merge(Quantiles other) {
		Objects.requireNonNull(other, "other");
		if (other.relativeAccuracy != relativeAccuracy) {
			throw new IllegalArgumentException("sketches with different accuracies cannot be merged");
		}
		sketch.mergeWith(other.sketch);
	}

	public void reset() {
		sketch.clear();
	}
}
