package org.iosim.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.iosim.pcm.DlimAbsoluteSin;
import org.iosim.pcm.DlimBurst;
import org.iosim.pcm.DlimCombinator;
import org.iosim.pcm.DlimConstant;
import org.iosim.pcm.DlimExponentialIncreaseAndDecline;
import org.iosim.pcm.DlimExponentialIncreaseLogarithmicDecline;
import org.iosim.pcm.DlimExponentialTrend;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimLinearIncreaseAndDecline;
import org.iosim.pcm.DlimLinearTrend;
import org.iosim.pcm.DlimLogarithmicTrend;
import org.iosim.pcm.DlimNormalNoise;
import org.iosim.pcm.DlimOperator;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.DlimSin;
import org.iosim.pcm.DlimSinTrend;
import org.iosim.pcm.DlimTrend;
import org.iosim.pcm.DlimUniformNoise;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.validation.DlimClocks;

/**
 * The arrival rate an open workload's {@link LoadProfile} gives over simulated time (or a closed
 * workload's population, {@link #population}), compiled once from the metamodel's DLIM classes, with the
 * upper bounds that let arrivals be drawn exactly as a non-homogeneous Poisson process by thinning.
 * <p>
 * Semantics (those of DLIM's reference evaluator where it defines them): a sequence runs its
 * containers one after the other and loops until its final duration (the earlier of
 * {@code terminateAfterLoops} loops and {@code terminateAfterTime}; neither set: endless). A function
 * in a container runs on the container's clock (0 where the container starts) and a trend or burst
 * spans the container's duration. Combinators run on the clock of the function that holds them, with
 * its span; multiplications apply first, then additions and subtractions, each in order. A nested
 * sequence runs on the clock of its container (or of the function whose combinator holds it); once
 * it has ended its value is 0, or in a combinator the operator's neutral element. The root sequence
 * runs on simulated time: its combinators span its final duration. A repeating profile starts again
 * after the final duration; otherwise the rate is 0 from then on. The rate is the profile's value,
 * 0 where that is negative.
 * <p>
 * For thinning, the profile's time is cut into segments, one per container of the root sequence and
 * loop; the bound of a segment comes from interval arithmetic over the functions (trends are
 * monotonic over their span, a burst rises to its peak and falls, a sine stays between its minimum
 * and maximum), so it is never below the rate anywhere in the segment.
 * <p>
 * Noise ({@code UniformNoise}, {@code NormalNoise}) is drawn once per step of the profile's step
 * width in simulated time, as SimuLizar evaluates a profile once per step: from k * stepWidth until
 * (k + 1) * stepWidth each noise function keeps one value. The values of a step come from the noise
 * seed, the step and the function's place in the profile alone ({@link #withNoiseSeed}), so they do
 * not depend on when or how often the profile is evaluated. Segments of a profile with noise end at
 * step boundaries, and within a step the noise is a constant of the bound.
 */
public final class ArrivalRateProfile {

	/** From simulated time {@code start} until {@code end} the rate is at most {@code bound}. */
	public record Segment(double start, double end, double bound) {
	}

	/** Where the bound of a segment is raised above the computed supremum, against rounding. */
	private static final double RELATIVE_MARGIN = 1e-9;

	private final SequenceNode root;
	private final boolean repeating;
	private final double duration;
	private final boolean noisy;
	private final double stepWidth;
	private final long noiseSeed;
	/** The largest value over the profile's duration, from its bounds; NaN where noise leaves it open. */
	private double maximum = Double.NaN;

	private ArrivalRateProfile(SequenceNode root, boolean repeating, boolean noisy, double stepWidth, long noiseSeed) {
		this.root = root;
		this.repeating = repeating;
		this.duration = root.finalDuration;
		this.noisy = noisy;
		this.stepWidth = stepWidth;
		this.noiseSeed = noiseSeed;
	}

	/**
	 * @param profile a profile the validator accepts ({@link org.iosim.pcm.validation.ModelValidator}): the
	 *                rules of a DLIM profile (durations, periods, orders, peak times, noise and its step
	 *                width, clocks that end) are its rules alone, so compiling does not check them again
	 * @return the profile, its noise drawn with seed 0 until {@link #withNoiseSeed} gives another
	 */
	public static ArrivalRateProfile compile(LoadProfile profile) {
		SequenceNode root = sequence(profile.getSequence(), 0.0);
		// the root's combinators span its final duration
		root.combine(profile.getSequence(), root.finalDuration);
		int[] noises = { 0 };
		root.visit(node -> {
			if (node instanceof NoiseNode noise) {
				noise.index = noises[0]++;
			}
		});
		ArrivalRateProfile compiled = new ArrivalRateProfile(root, profile.isRepeating(), noises[0] > 0,
				profile.getStepWidth(), 0);
		// where noise may take any value the bound over all time is not known (NaN)
		compiled.maximum = root.range(0, compiled.duration, null).hi;
		return compiled;
	}

	/** @return whether the profile has noise functions, whose values depend on the noise seed */
	public boolean hasNoise() {
		return noisy;
	}

	/**
	 * @return this profile with its noise drawn from {@code seed}: the same seed, the same noise
	 */
	public ArrivalRateProfile withNoiseSeed(long seed) {
		ArrivalRateProfile seeded = new ArrivalRateProfile(root, repeating, noisy, stepWidth, seed);
		seeded.maximum = maximum;
		return seeded;
	}

	/**
	 * @return an upper bound of the profile's value over its whole duration (interval arithmetic, so at
	 *         least the largest value), or NaN where the profile has noise, which may take any value
	 */
	public double maximum() {
		return maximum;
	}

	/** @return the simulated time between two draws of the noise, and between two evaluations of a closed population */
	public double stepWidth() {
		return stepWidth;
	}

	/**
	 * @return the population of a closed workload that follows the profile at simulated time {@code time}:
	 *         its value rounded to the nearest whole number (halves up, as SimuLizar rounds), at least 0
	 */
	public long population(double time) {
		double value = value(time);
		return value > 0 ? Math.round(value) : 0;
	}

	/** @return the root sequence's final duration: how long the profile lasts before it repeats or ends; may be infinite */
	public double duration() {
		return duration;
	}

	public boolean repeating() {
		return repeating;
	}

	/** @return the profile's value at simulated time {@code time}, which may be negative; 0 after a non-repeating profile has ended */
	public double value(double time) {
		double local = profileTime(time);
		return Double.isNaN(local) ? 0 : root.value(local, drawAt(time));
	}

	/** @return the arrival rate at simulated time {@code time}: the value, 0 where it is negative */
	public double rate(double time) {
		return Math.max(0, value(time));
	}

	/** @return the segment holding simulated time {@code time} (not negative), with its bound on the rate */
	public Segment segment(double time) {
		double local = profileTime(time);
		if (Double.isNaN(local)) {
			return new Segment(time, Double.POSITIVE_INFINITY, 0);
		}
		double offset = time - local;
		double inLoop = local - Math.floor(local / root.loop) * root.loop;
		int container = root.containerAt(inLoop);
		double start = local - (inLoop - root.starts[container]);
		double end = Math.min(local + (root.ends[container] - inLoop), duration);
		Draw draw = drawAt(time);
		Range range = root.range(Math.max(start, 0), end, draw);
		double bound = Math.max(0, range.hi);
		bound += bound * RELATIVE_MARGIN;
		double simulatedEnd = offset + end;
		if (noisy) {
			simulatedEnd = Math.min(simulatedEnd, (draw.step + 1) * stepWidth);
		}
		if (!(simulatedEnd > time)) {
			simulatedEnd = Math.nextUp(time);
		}
		return new Segment(time, simulatedEnd, bound);
	}

	/** The noise of the step holding simulated time {@code time}. */
	private Draw drawAt(double time) {
		return new Draw(noiseSeed, noisy ? (long) Math.floor(Math.max(time, 0) / stepWidth) : 0);
	}

	/** @return the time within the profile, or NaN once a non-repeating profile has ended */
	private double profileTime(double time) {
		if (time < duration) {
			return Math.max(time, 0);
		}
		if (!repeating) {
			return Double.NaN;
		}
		return time - Math.floor(time / duration) * duration;
	}

	// ------------------------------------------------------------------ compiling

	/** @param neutral the value of the sequence before it starts and after it ends */
	private static SequenceNode sequence(DlimSequence sequence, double neutral) {
		int count = sequence.getContainers().size();
		double[] starts = new double[count];
		double[] ends = new double[count];
		Node[] functions = new Node[count];
		double time = 0;
		for (int i = 0; i < count; i++) {
			DlimFunctionContainer container = sequence.getContainers().get(i);
			double length = container.getDuration();
			starts[i] = time;
			time += length;
			ends[i] = time;
			functions[i] = function(container.getFunction(), length);
		}
		return new SequenceNode(starts, ends, functions, time, DlimClocks.finalDuration(sequence), neutral);
	}

	/** @param span the duration of the clock the function runs on, which trends and bursts stretch over */
	private static Node function(DlimFunction function, double span) {
		Node node;
		if (function instanceof DlimSequence sequence) {
			node = sequence(sequence, neutralFor(sequence));
		} else if (function instanceof DlimConstant constant) {
			node = new ConstantNode(constant.getConstant());
		} else if (function instanceof DlimTrend trend) {
			node = trend(trend, span);
		} else if (function instanceof DlimAbsoluteSin sin) {
			node = new SinNode(sin.getMin(), sin.getMax(), sin.getPeriod(), sin.getPhase(), true);
		} else if (function instanceof DlimSin sin) {
			node = new SinNode(sin.getMin(), sin.getMax(), sin.getPeriod(), sin.getPhase(), false);
		} else if (function instanceof DlimBurst burst) {
			node = burst(burst, span);
		} else if (function instanceof DlimUniformNoise uniform) {
			node = new NoiseNode(uniform.getMin(), uniform.getMax() - uniform.getMin(), false);
		} else if (function instanceof DlimNormalNoise normal) {
			node = new NoiseNode(normal.getMean(), normal.getStandardDeviation(), true);
		} else {
			throw notEvaluable(function);
		}
		node.combine(function, span);
		return node;
	}

	private static Node trend(DlimTrend trend, double span) {
		double start = trend.getFunctionOutputAtStart();
		double end = trend.getFunctionOutputAtEnd();
		if (trend instanceof DlimLinearTrend) {
			return new MonotoneNode(x -> start + x * (end - start) / span, span);
		} else if (trend instanceof DlimExponentialTrend) {
			return new MonotoneNode(x -> exponential(x, start, end, span), span);
		} else if (trend instanceof DlimLogarithmicTrend logarithmic) {
			double order = logarithmic.getOrder();
			return new MonotoneNode(x -> logarithmic(x, start, end, order, span), span);
		} else if (trend instanceof DlimSinTrend) {
			return new MonotoneNode(x -> sinTrend(x, start, end, span), span);
		}
		throw notEvaluable(trend);
	}

	private static Node burst(DlimBurst burst, double span) {
		double base = burst.getBase();
		double peak = burst.getPeak();
		double peakTime = burst.getPeakTime();
		Curve curve;
		if (burst instanceof DlimLinearIncreaseAndDecline) {
			curve = x -> base + (peak - base) / peakTime * mirrored(x, peakTime, span);
		} else if (burst instanceof DlimExponentialIncreaseAndDecline) {
			curve = x -> exponential(mirrored(x, peakTime, span), base, peak, peakTime);
		} else if (burst instanceof DlimExponentialIncreaseLogarithmicDecline logarithmic) {
			double order = logarithmic.getLogarithmicOrder();
			curve = x -> x <= peakTime ? exponential(x, base, peak, peakTime)
					: logarithmic(mirrored(x, peakTime, span), base, peak, order, peakTime);
		} else {
			throw notEvaluable(burst);
		}
		return new BurstNode(curve, peakTime, span);
	}

	/**
	 * Every concrete DLIM class of the metamodel has its case above; this is reached only if the
	 * metamodel gains one and the compiler is not taught it.
	 */
	private static IllegalStateException notEvaluable(DlimFunction function) {
		return new IllegalStateException("a " + function.eClass().getName() + " is not a function IOSim can evaluate");
	}

	private static double neutralFor(DlimSequence sequence) {
		return sequence.eContainer() instanceof DlimCombinator combinator && combinator.getOperator() == DlimOperator.MULT
				? 1.0
				: 0.0;
	}

	// ------------------------------------------------------------------ DLIM's function shapes

	/**
	 * Exponential from start to end over the span; where either is not positive, the curve is moved up
	 * so that its lower end is 0.5 and then moved back.
	 */
	static double exponential(double x, double start, double end, double span) {
		double offset = 0;
		double from = start;
		double to = end;
		double lower = Math.min(start, end);
		if (lower <= 0) {
			offset = lower - 0.5;
			from = start + 0.5 - lower;
			to = end + 0.5 - lower;
		}
		return offset + Math.exp(Math.log(from) + (Math.log(to) - Math.log(from)) * (x / span));
	}

	/** Logarithmic of the given order from start to end over the span; falling trends are mirrored. */
	static double logarithmic(double x, double start, double end, double order, double span) {
		if (start > end) {
			double back = Math.abs(x - span);
			return end + (start - end) / order * Math.log(back * Math.expm1(order) / span + 1);
		}
		return start + (end - start) / order * Math.log(x * Math.expm1(order) / span + 1);
	}

	/** Half a sine period from start to end over the span. */
	static double sinTrend(double x, double start, double end, double span) {
		double min = Math.min(start, end);
		double max = Math.max(start, end);
		double phase = start > end ? Math.PI / 2 : -Math.PI / 2;
		return min + (max - min) / 2 + (max - min) / 2 * Math.sin(phase + x * Math.PI / span);
	}

	/** Time after the peak runs back towards 0 as fast as the decline takes. */
	private static double mirrored(double x, double peakTime, double span) {
		return x <= peakTime ? x : peakTime - (x - peakTime) * peakTime / (span - peakTime);
	}

	// ------------------------------------------------------------------ evaluation

	@FunctionalInterface
	private interface Curve {
		double at(double x);
	}

	/** A closed interval of values. */
	private record Range(double lo, double hi) {
		static Range of(double a, double b) {
			return new Range(Math.min(a, b), Math.max(a, b));
		}

		Range union(Range other) {
			return other == null ? this : new Range(Math.min(lo, other.lo), Math.max(hi, other.hi));
		}

		Range apply(DlimOperator operator, Range other) {
			return switch (operator) {
			case MULT -> {
				double a = lo * other.lo;
				double b = lo * other.hi;
				double c = hi * other.lo;
				double d = hi * other.hi;
				yield new Range(Math.min(Math.min(a, b), Math.min(c, d)), Math.max(Math.max(a, b), Math.max(c, d)));
			}
			case SUB -> new Range(lo - other.hi, hi - other.lo);
			default -> new Range(lo + other.lo, hi + other.hi);
			};
		}
	}

	/** A function with its combinators: multiplications first, then additions and subtractions. */
	private abstract static class Node {
		private DlimOperator[] operators = new DlimOperator[0];
		private Node[] operands = new Node[0];

		/** Compiles the combinators of {@code function}, which run on its clock with its span. */
		final void combine(DlimFunction function, double span) {
			List<DlimCombinator> ordered = new ArrayList<>();
			function.getCombine().stream().filter(c -> c.getOperator() == DlimOperator.MULT).forEach(ordered::add);
			function.getCombine().stream().filter(c -> c.getOperator() != DlimOperator.MULT).forEach(ordered::add);
			operators = new DlimOperator[ordered.size()];
			operands = new Node[ordered.size()];
			for (int i = 0; i < ordered.size(); i++) {
				DlimCombinator combinator = ordered.get(i);
				operators[i] = combinator.getOperator();
				operands[i] = function(combinator.getFunction(), span);
			}
		}

		final double value(double x, Draw draw) {
			double value = own(x, draw);
			for (int i = 0; i < operators.length; i++) {
				double other = operands[i].value(x, draw);
				value = switch (operators[i]) {
				case MULT -> value * other;
				case SUB -> value - other;
				default -> value + other;
				};
			}
			return value;
		}

		/**
		 * @param draw the noise of the step [a, b] lies in, or null for bounds over any noise
		 * @return bounds of the value for x in [a, b]
		 */
		final Range range(double a, double b, Draw draw) {
			Range range = ownRange(a, b, draw);
			for (int i = 0; i < operators.length; i++) {
				range = range.apply(operators[i], operands[i].range(a, b, draw));
			}
			return range;
		}

		/** Visits this node, the functions it holds and its combinators' functions, always in the same order. */
		final void visit(Consumer<Node> visitor) {
			visitor.accept(this);
			visitHeld(visitor);
			for (Node operand : operands) {
				operand.visit(visitor);
			}
		}

		/** Visits the functions this node holds besides its combinators' (a sequence's containers). */
		void visitHeld(Consumer<Node> visitor) {
		}

		abstract double own(double x, Draw draw);

		abstract Range ownRange(double a, double b, Draw draw);
	}

	private static final class ConstantNode extends Node {
		private final double constant;

		ConstantNode(double constant) {
			this.constant = constant;
		}

		@Override
		double own(double x, Draw draw) {
			return constant;
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			return new Range(constant, constant);
		}
	}

	/** A trend: monotonic over [0, span], so its range over an interval lies between its end values. */
	private static final class MonotoneNode extends Node {
		private final Curve curve;
		private final double span;

		MonotoneNode(Curve curve, double span) {
			this.curve = curve;
			this.span = span;
		}

		@Override
		double own(double x, Draw draw) {
			return curve.at(x);
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			return Range.of(curve.at(clamp(a, span)), curve.at(clamp(b, span)));
		}
	}

	/** A burst: rising to the peak at peakTime, then falling. */
	private static final class BurstNode extends Node {
		private final Curve curve;
		private final double peakTime;
		private final double span;

		BurstNode(Curve curve, double peakTime, double span) {
			this.curve = curve;
			this.peakTime = peakTime;
			this.span = span;
		}

		@Override
		double own(double x, Draw draw) {
			return curve.at(x);
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			double from = clamp(a, span);
			double to = clamp(b, span);
			Range range = Range.of(curve.at(from), curve.at(to));
			return from <= peakTime && peakTime <= to ? range.union(Range.of(curve.at(peakTime), curve.at(peakTime))) : range;
		}
	}

	private static final class SinNode extends Node {
		private final double min;
		private final double max;
		private final double period;
		private final double phase;
		private final boolean absolute;

		SinNode(double min, double max, double period, double phase, boolean absolute) {
			this.min = min;
			this.max = max;
			this.period = period;
			this.phase = phase;
			this.absolute = absolute;
		}

		@Override
		double own(double x, Draw draw) {
			double sine = Math.sin((x + phase) * 2 * Math.PI / period);
			return absolute ? min + (max - min) * Math.abs(sine) : min + (max - min) / 2 + (max - min) / 2 * sine;
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			return Range.of(min, max);
		}
	}

	/**
	 * The noise of one step: the seed and the step's number, from which each noise function's value
	 * follows by SplitMix64's mixing of (seed, step, function, draw); a draw of one function does not
	 * depend on any other, nor on the order of evaluation.
	 */
	private record Draw(long seed, long step) {
		/** @return a uniform number in [0, 1) for the {@code which}-th draw of noise function {@code index} */
		double uniform(int index, int which) {
			long z = seed + step * 0x9E3779B97F4A7C15L + (2L * index + which + 1) * 0xD1B54A32D192ED03L;
			z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
			z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
			z ^= z >>> 31;
			return (z >>> 11) * 0x1.0p-53;
		}
	}

	/** Uniform noise (offset + spread * U) or normal noise (offset + spread * Z, by Box and Muller). */
	private static final class NoiseNode extends Node {
		private final double offset;
		private final double spread;
		private final boolean normal;
		/** Its place among the profile's noise functions, which decorrelates their draws. */
		int index;

		NoiseNode(double offset, double spread, boolean normal) {
			this.offset = offset;
			this.spread = spread;
			this.normal = normal;
		}

		@Override
		double own(double x, Draw draw) {
			double u = draw.uniform(index, 0);
			if (!normal) {
				return offset + spread * u;
			}
			double z = Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * draw.uniform(index, 1));
			return offset + spread * z;
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			if (draw != null) {
				double value = own(a, draw);
				return new Range(value, value);
			}
			if (normal && spread > 0) {
				return new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
			}
			return new Range(offset, offset + spread);
		}
	}

	private static final class SequenceNode extends Node {
		final double[] starts;
		final double[] ends;
		private final Node[] functions;
		final double loop;
		final double finalDuration;
		private final double neutral;

		SequenceNode(double[] starts, double[] ends, Node[] functions, double loop, double finalDuration, double neutral) {
			this.starts = starts;
			this.ends = ends;
			this.functions = functions;
			this.loop = loop;
			this.finalDuration = finalDuration;
			this.neutral = neutral;
		}

		/** @return the container running at {@code inLoop}, a time within one loop */
		int containerAt(double inLoop) {
			int low = 0;
			int high = starts.length - 1;
			while (low < high) {
				int middle = (low + high + 1) >>> 1;
				if (starts[middle] <= inLoop) {
					low = middle;
				} else {
					high = middle - 1;
				}
			}
			return low;
		}

		@Override
		double own(double x, Draw draw) {
			if (x < 0 || x >= finalDuration) {
				return neutral;
			}
			double inLoop = x - Math.floor(x / loop) * loop;
			int container = containerAt(inLoop);
			return functions[container].value(Math.max(0, inLoop - starts[container]), draw);
		}

		@Override
		Range ownRange(double a, double b, Draw draw) {
			Range range = null;
			if (a < 0 || b >= finalDuration) {
				range = new Range(neutral, neutral);
			}
			double from = Math.max(a, 0);
			double to = Math.min(b, finalDuration);
			if (from > to || from >= finalDuration) {
				return range == null ? new Range(neutral, neutral) : range;
			}
			if (to - from >= loop) {
				for (int i = 0; i < functions.length; i++) {
					range = functions[i].range(0, ends[i] - starts[i], draw).union(range);
				}
				return range;
			}
			double inLoop = from - Math.floor(from / loop) * loop;
			double until = inLoop + (to - from);
			range = containersOver(inLoop, Math.min(until, loop), range, draw);
			if (until > loop) {
				range = containersOver(0, until - loop, range, draw);
			}
			return range;
		}

		@Override
		void visitHeld(Consumer<Node> visitor) {
			for (Node function : functions) {
				function.visit(visitor);
			}
		}

		private Range containersOver(double from, double to, Range range, Draw draw) {
			Range result = range;
			for (int i = 0; i < functions.length; i++) {
				double lo = Math.max(from, starts[i]);
				double hi = Math.min(to, ends[i]);
				if (lo <= hi) {
					result = functions[i].range(lo - starts[i], hi - starts[i], draw).union(result);
				}
			}
			return result;
		}
	}

	private static double clamp(double x, double span) {
		return Math.min(Math.max(x, 0), span);
	}
}
