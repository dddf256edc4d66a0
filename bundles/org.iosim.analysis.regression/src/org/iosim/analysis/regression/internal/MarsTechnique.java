package org.iosim.analysis.regression.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Multivariate adaptive regression splines (001 §6.3.1.2, after Friedman 1991), {@code mars}, and with
 * products of two hinges, {@code mars-ia}.
 * <p>
 * Forward pass: starting from the intercept, adds the reflected hinge pair max(0, x − t), max(0, t − x)
 * (for {@code mars-ia} optionally multiplied by an existing one-hinge term on another feature) with
 * knot t at a training value that most reduces the residual sum of squares, until
 * {@code maxTermsForward} terms (intercept included) or an R² gain below {@code minRsqImprovement}.
 * All knots of one feature and parent are scored in one sorted sweep over running sums against an
 * orthonormal basis of the current terms, which keeps a fit on a thousand rows in milliseconds. Knots
 * closer than Friedman's end span to either end of the (parent's) data are skipped, except the lowest.
 * <p>
 * Backward pass: removes the term whose removal raises the RSS least, one at a time, and keeps the
 * subset of at most {@code maxTermsPruned} terms with the smallest GCV = RSS/n / (1 − C(M)/n)², C(M) =
 * M + d·(M − 1)/2, d = 2 (additive) or 3 (interactions). Coefficients of the kept terms: least squares
 * by Commons Math QR. {@code maxTermsPruned} above {@code maxTermsForward} acts as
 * {@code maxTermsForward}, so a search may vary both independently.
 * <p>
 * A {@link #fitter} shares one forward path and each prefix's backward pass between its fits, so a
 * search over the three parameters fits each fold's rows about once.
 */
public final class MarsTechnique implements Technique {

	static final String MAX_TERMS_FORWARD = "maxTermsForward";
	static final String MAX_TERMS_PRUNED = "maxTermsPruned";
	static final String MIN_RSQ_IMPROVEMENT = "minRsqImprovement";

	/** A candidate column counts as new when this share of its squared norm lies outside the current terms. */
	private static final double INDEPENDENT = 1e-9;

	private final boolean interactions;

	public MarsTechnique(boolean interactions) {
		this.interactions = interactions;
	}

	@Override
	public String id() {
		return interactions ? "mars-ia" : "mars";
	}

	@Override
	public String description() {
		return interactions ? "multivariate adaptive regression splines with two-way interactions"
				: "multivariate adaptive regression splines (additive)";
	}

	@Override
	public List<Parameter> parameters() {
		return List.of(new Parameter(MAX_TERMS_FORWARD, 3, 41, true), new Parameter(MAX_TERMS_PRUNED, 2, 41, true),
				new Parameter(MIN_RSQ_IMPROVEMENT, 0, 0.01, false));
	}

	@Override
	public Map<String, Double> defaults() {
		Map<String, Double> defaults = new LinkedHashMap<>();
		defaults.put(MAX_TERMS_FORWARD, 21.0);
		defaults.put(MAX_TERMS_PRUNED, 21.0);
		defaults.put(MIN_RSQ_IMPROVEMENT, 0.001);
		return defaults;
	}

	/** One factor max(0, x − knot) ({@code above}) or max(0, knot − x) of a term. */
	private record Hinge(int feature, double knot, boolean above) {
		double value(double[] row) {
			return Math.max(0, above ? row[feature] - knot : knot - row[feature]);
		}
	}

	/** A product of hinges; the empty product is the intercept. */
	private record Term(List<Hinge> hinges) {
		double value(double[] row) {
			double value = 1;
			for (Hinge hinge : hinges) {
				value *= hinge.value(row);
			}
			return value;
		}

		boolean uses(int feature) {
			return hinges.stream().anyMatch(hinge -> hinge.feature() == feature);
		}

		Term times(Hinge hinge) {
			List<Hinge> product = new ArrayList<>(hinges);
			product.add(hinge);
			return new Term(List.copyOf(product));
		}
	}

	@Override
	public RegressionModel fit(Dataset data, Map<String, Double> given) {
		return fitter(data).fit(given);
	}

	/**
	 * The forward pass is greedy, so the pass for fewer terms or a larger minimum R² gain is a prefix of
	 * the one for more terms and a smaller minimum; the fitter grows one forward path as far as the fits
	 * asked of it need, and prunes each prefix once. Its fits equal independent ones bit for bit.
	 */
	@Override
	public Fitter fitter(Dataset data) {
		TechniqueSupport.requireFinite(data, 3, id());
		ForwardPath path = new ForwardPath(data);
		Map<Prefix, Pruning> prunings = new HashMap<>();
		return new Fitter() {
			@Override
			public synchronized RegressionModel fit(Map<String, Double> given) {
				Map<String, Double> parameters = TechniqueSupport.resolve(MarsTechnique.this, given);
				int maxForward = parameters.get(MAX_TERMS_FORWARD).intValue();
				int maxPruned = Math.min(maxForward, parameters.get(MAX_TERMS_PRUNED).intValue());
				Prefix prefix = path.prefix(maxForward, parameters.get(MIN_RSQ_IMPROVEMENT));
				return prunings.computeIfAbsent(prefix, key -> new Pruning(path, key)).model(maxPruned);
			}
		};
	}

	/**
	 * Where a forward pass stopped: after {@code steps} steps of the path and, when the term limit left
	 * room for one term but not for a pair, the best single hinge added to them ({@code null} if none).
	 */
	private record Prefix(int steps, SingleStep single) {
	}

	/** The best single hinge after some steps of the path, its column and the residual it leaves. */
	private record SingleStep(Term term, double[] column, double[] unit, double gainShare, double[] residual) {
	}

	/**
	 * The forward pass without a term limit or minimum gain, grown one step at a time on demand: each
	 * step adds the best hinge pair (or single hinge) to the current terms and remembers its share of
	 * the total sum of squares and the residual it leaves.
	 */
	private final class ForwardPath {
		private final Dataset data;
		private final int n;
		private final double[] featureMeans;
		private final int[][] rowsByFeature;
		private final List<Term> terms = new ArrayList<>();
		private final List<double[]> termColumns = new ArrayList<>();
		/** Orthonormal basis of the term columns, built in term order. */
		private final List<double[]> basis = new ArrayList<>();
		/** Terms after each step; index 0: the intercept alone. */
		private final List<Integer> termCounts = new ArrayList<>();
		/** The residual after each step; index 0: the centred target. */
		private final List<double[]> residuals = new ArrayList<>();
		/** The share of the total sum of squares each step removed. */
		private final List<Double> gainShares = new ArrayList<>();
		private final Map<Integer, Optional<SingleStep>> singles = new HashMap<>();
		private final double totalSquares;
		/** Friedman's (1991, Eq. 45) end span for α = 0.05: 3 + log₂(features / α). */
		private final int endSpan;
		private boolean ended;
		/** The number of steps after which the residual was (numerically) zero; -1 while it is not. */
		private int explainedAfter = -1;

		ForwardPath(Dataset data) {
			this.data = data;
			n = data.size();
			featureMeans = new double[data.featureCount()];
			rowsByFeature = new int[data.featureCount()][];
			for (int feature = 0; feature < data.featureCount(); feature++) {
				int f = feature;
				featureMeans[feature] = Arrays.stream(data.x()).mapToDouble(row -> row[f]).average().orElse(0);
				rowsByFeature[feature] = IntStream.range(0, n).boxed()
						.sorted(Comparator.comparingDouble((Integer row) -> data.x()[row][f]).thenComparing(row -> row))
						.mapToInt(Integer::intValue).toArray();
			}
			double mean = Arrays.stream(data.y()).average().orElseThrow();
			double[] centred = Arrays.stream(data.y()).map(value -> value - mean).toArray();
			totalSquares = dot(centred, centred);
			endSpan = (int) Math.ceil(3 + Math.log(data.featureCount() / 0.05) / Math.log(2));
			double[] ones = new double[n];
			Arrays.fill(ones, 1);
			terms.add(new Term(List.of()));
			termColumns.add(ones);
			basis.add(Arrays.stream(ones).map(one -> one / Math.sqrt(n)).toArray());
			termCounts.add(1);
			residuals.add(centred);
		}

		/**
		 * Where the forward pass with at most {@code maxTerms} terms (intercept included) stops: at the
		 * limit, at a step that gains less than {@code minRsqImprovement} of the total sum of squares, or
		 * where no hinge adds anything. With room for one more term only, the best single hinge is tried.
		 */
		Prefix prefix(int maxTerms, double minRsqImprovement) {
			int steps = 0;
			// a pass stops for good once a step has left nothing to explain, single hinge included
			while (termCounts.get(steps) < maxTerms && steps != explainedAfter) {
				if (termCounts.get(steps) + 2 > maxTerms) {
					Optional<SingleStep> single = singles.computeIfAbsent(steps, this::single);
					if (single.isPresent() && single.get().gainShare() >= minRsqImprovement) {
						return new Prefix(steps, single.get());
					}
					break;
				}
				if (!grow(steps + 1) || gainShares.get(steps) < minRsqImprovement) {
					break;
				}
				steps++;
			}
			return new Prefix(steps, null);
		}

		/** Grows the path to the given number of steps; false if it ends before. */
		private boolean grow(int steps) {
			while (gainShares.size() < steps) {
				if (ended) {
					return false;
				}
				double[] residual = residuals.get(residuals.size() - 1);
				Candidate best = best(terms.size(), residual, true);
				if (best == null || best.gain() <= 0) {
					ended = true;
					return false;
				}
				double[] next = residual.clone();
				int before = terms.size();
				for (Term term : best.terms(terms.get(best.parent()))) {
					double[] column = column(term);
					double[] unit = orthonormal(column, terms.size());
					if (unit != null) {
						subtractProjection(next, unit);
						terms.add(term);
						termColumns.add(column);
						basis.add(unit);
					}
				}
				if (terms.size() == before) {
					ended = true;
					return false;
				}
				termCounts.add(terms.size());
				residuals.add(next);
				gainShares.add(best.gain() / totalSquares);
				// nothing left to explain: the step stands, no step follows
				ended = dot(next, next) <= 1e-24 * totalSquares;
				if (ended) {
					explainedAfter = gainShares.size();
				}
			}
			return true;
		}

		/** The best single hinge on the terms after {@code steps} steps, if it adds anything. */
		private Optional<SingleStep> single(int steps) {
			int size = termCounts.get(steps);
			double[] residual = residuals.get(steps);
			Candidate best = best(size, residual, false);
			if (best == null || best.gain() <= 0) {
				return Optional.empty();
			}
			Term term = best.terms(terms.get(best.parent())).get(0);
			double[] column = column(term);
			double[] unit = orthonormal(column, size);
			if (unit == null) {
				return Optional.empty();
			}
			double[] next = residual.clone();
			subtractProjection(next, unit);
			return Optional.of(new SingleStep(term, column, unit, best.gain() / totalSquares, next));
		}

		/** The candidate with the largest gain over every parent among the first {@code size} terms and every feature. */
		private Candidate best(int size, double[] residual, boolean pairFits) {
			if (!(totalSquares > 0)) {
				return null;
			}
			Candidate best = null;
			for (int parent = 0; parent < size; parent++) {
				Term parentTerm = terms.get(parent);
				if (parentTerm.hinges().size() > (interactions ? 1 : 0)) {
					continue;
				}
				for (int feature = 0; feature < data.featureCount(); feature++) {
					if (!parentTerm.uses(feature)) {
						Candidate candidate = sweep(parent, feature, size, residual, pairFits);
						if (candidate != null && (best == null || candidate.gain() > best.gain())) {
							best = candidate;
						}
					}
				}
			}
			return best;
		}

		private double[] column(Term term) {
			double[] column = new double[n];
			for (int row = 0; row < n; row++) {
				column[row] = term.value(data.x()[row]);
			}
			return column;
		}

		/**
		 * The column's part orthogonal to the first {@code size} basis vectors, normalised; {@code null}
		 * when the column (numerically) lies in their span.
		 */
		private double[] orthonormal(double[] column, int size) {
			double norm = dot(column, column);
			double[] orthogonal = column.clone();
			for (int pass = 0; pass < 2; pass++) {
				for (int k = 0; k < size; k++) {
					subtractProjection(orthogonal, basis.get(k));
				}
			}
			double remaining = dot(orthogonal, orthogonal);
			if (!(norm > 0 && remaining > INDEPENDENT * norm)) {
				return null;
			}
			double length = Math.sqrt(remaining);
			return Arrays.stream(orthogonal).map(value -> value / length).toArray();
		}

		/**
		 * Scores every knot of the feature for hinges multiplied by the parent term, against the first
		 * {@code size} basis vectors and the residual. Going down the sorted values, running sums over the
		 * rows above the knot give, for u = b·max(0, x − t), the products u·u, u·r and Qᵀu as polynomials
		 * in t; the rows below follow as totals minus the rows at or above, and give the same for
		 * v = b·max(0, t − x). Since u·v = 0, the 2 × 2 least-squares gain of the pair needs only these.
		 */
		private Candidate sweep(int parent, int feature, int size, double[] residual, boolean pairFits) {
			double[] parentColumn = termColumns.get(parent);
			Sums total = new Sums(size);
			int[] rows = rowsByFeature[feature];
			double mean = featureMeans[feature];
			for (int row : rows) {
				total.add(parentColumn[row], data.x()[row][feature] - mean, residual[row], row);
			}
			Sums aboveKnot = new Sums(size);
			Sums belowKnot = new Sums(size);
			double[] projectionAbove = new double[size];
			double[] projectionBelow = new double[size];
			Candidate best = null;
			int position = rows.length - 1;
			while (position >= 0) {
				double knot = data.x()[rows[position]][feature];
				double t = knot - mean;
				double aboveSquares = aboveKnot.b2x2 - 2 * t * aboveKnot.b2x + t * t * aboveKnot.b2;
				double aboveResidual = aboveKnot.bxr - t * aboveKnot.br;
				double aboveProjected = 0;
				for (int k = 0; k < size; k++) {
					projectionAbove[k] = aboveKnot.bxq[k] - t * aboveKnot.bq[k];
					aboveProjected += projectionAbove[k] * projectionAbove[k];
				}
				int rowsAbove = aboveKnot.rows;
				while (position >= 0 && data.x()[rows[position]][feature] == knot) {
					int row = rows[position--];
					aboveKnot.add(parentColumn[row], data.x()[row][feature] - mean, residual[row], row);
				}
				belowKnot.setDifference(total, aboveKnot);
				// a knot needs endSpan rows on either side (Friedman's end span), else its hinge fits a few
				// extreme rows and extrapolates wildly; the lowest knot is exempt: its hinge is linear on the data
				if (belowKnot.rows > 0 && (belowKnot.rows < endSpan || rowsAbove < endSpan)) {
					continue;
				}
				double belowSquares = t * t * belowKnot.b2 - 2 * t * belowKnot.b2x + belowKnot.b2x2;
				double belowResidual = t * belowKnot.br - belowKnot.bxr;
				double belowProjected = 0;
				double crossProjected = 0;
				for (int k = 0; k < size; k++) {
					projectionBelow[k] = t * belowKnot.bq[k] - belowKnot.bxq[k];
					belowProjected += projectionBelow[k] * projectionBelow[k];
					crossProjected += projectionAbove[k] * projectionBelow[k];
				}
				Candidate candidate = score(parent, feature, knot, aboveSquares, aboveSquares - aboveProjected,
						aboveResidual, belowSquares, belowSquares - belowProjected, belowResidual, -crossProjected,
						pairFits);
				if (candidate != null && (best == null || candidate.gain() > best.gain())) {
					best = candidate;
				}
			}
			return best;
		}

		/** Least-squares RSS reduction of the hinge pair, or of its better usable half. */
		private Candidate score(int parent, int feature, double knot, double aboveRaw, double aboveOrthogonal,
				double aboveResidual, double belowRaw, double belowOrthogonal, double belowResidual, double cross,
				boolean pairFits) {
			boolean aboveUsable = aboveRaw > 0 && aboveOrthogonal > INDEPENDENT * aboveRaw;
			boolean belowUsable = belowRaw > 0 && belowOrthogonal > INDEPENDENT * belowRaw;
			double aboveGain = aboveUsable ? aboveResidual * aboveResidual / aboveOrthogonal : -1;
			double belowGain = belowUsable ? belowResidual * belowResidual / belowOrthogonal : -1;
			if (aboveUsable && belowUsable && pairFits) {
				double determinant = aboveOrthogonal * belowOrthogonal - cross * cross;
				if (determinant > INDEPENDENT * aboveOrthogonal * belowOrthogonal) {
					double gain = (belowOrthogonal * aboveResidual * aboveResidual
							- 2 * cross * aboveResidual * belowResidual
							+ aboveOrthogonal * belowResidual * belowResidual) / determinant;
					return new Candidate(parent, feature, knot, true, true, gain);
				}
			}
			if (!aboveUsable && !belowUsable) {
				return null;
			}
			return aboveGain >= belowGain ? new Candidate(parent, feature, knot, true, false, aboveGain)
					: new Candidate(parent, feature, knot, false, true, belowGain);
		}

		/** Running sums over a set of rows of b², b²x, b²x², b·r, b·x·r and, per basis vector q, b·q and b·x·q. */
		private final class Sums {
			int rows;
			double b2;
			double b2x;
			double b2x2;
			double br;
			double bxr;
			final double[] bq;
			final double[] bxq;

			Sums(int size) {
				bq = new double[size];
				bxq = new double[size];
			}

			void add(double b, double x, double r, int row) {
				if (b == 0) {
					return;
				}
				rows++;
				b2 += b * b;
				b2x += b * b * x;
				b2x2 += b * b * x * x;
				br += b * r;
				bxr += b * x * r;
				for (int k = 0; k < bq.length; k++) {
					double q = basis.get(k)[row];
					bq[k] += b * q;
					bxq[k] += b * x * q;
				}
			}

			void setDifference(Sums all, Sums part) {
				rows = all.rows - part.rows;
				b2 = all.b2 - part.b2;
				b2x = all.b2x - part.b2x;
				b2x2 = all.b2x2 - part.b2x2;
				br = all.br - part.br;
				bxr = all.bxr - part.bxr;
				for (int k = 0; k < bq.length; k++) {
					bq[k] = all.bq[k] - part.bq[k];
					bxq[k] = all.bxq[k] - part.bxq[k];
				}
			}
		}
	}

	private record Candidate(int parent, int feature, double knot, boolean above, boolean below, double gain) {

		/** The hinges this candidate adds, multiplied by the parent term: the pair, or its chosen half. */
		List<Term> terms(Term parentTerm) {
			List<Term> added = new ArrayList<>();
			if (above) {
				added.add(parentTerm.times(new Hinge(feature, knot, true)));
			}
			if (below) {
				added.add(parentTerm.times(new Hinge(feature, knot, false)));
			}
			return added;
		}
	}

	/**
	 * The backward pass over the terms of one forward prefix, on the triangular factor of its basis:
	 * with B = QR (Q the orthonormal basis of the forward pass) and d = Qᵀy, dropping a column of R and
	 * restoring the triangle with Givens rotations leaves the RSS increase as the square of the last
	 * rotated element of d. That costs O(M²) per trial removal instead of a least-squares fit on all
	 * rows, and stays as accurate as a QR fit where the normal equations of near-collinear hinges would
	 * not. The removal order does not depend on the pruned-size limit, so it is computed once and each
	 * limit picks its subset from it.
	 */
	private final class Pruning {
		private final Dataset data;
		private final List<Term> terms;
		/** The active terms (indices into {@code terms}) and the RSS at each size; index = size. */
		private final List<List<Integer>> subsetBySize;
		private final double[] rssBySize;
		/** Fitted models by size: many limits choose the same subset. */
		private final Map<Integer, MarsModel> models = new HashMap<>();

		Pruning(ForwardPath path, Prefix prefix) {
			data = path.data;
			int pathTerms = path.termCounts.get(prefix.steps());
			List<Term> kept = new ArrayList<>(path.terms.subList(0, pathTerms));
			List<double[]> columns = new ArrayList<>(path.termColumns.subList(0, pathTerms));
			List<double[]> basis = new ArrayList<>(path.basis.subList(0, pathTerms));
			double[] residual = path.residuals.get(prefix.steps());
			if (prefix.single() != null) {
				kept.add(prefix.single().term());
				columns.add(prefix.single().column());
				basis.add(prefix.single().unit());
				residual = prefix.single().residual();
			}
			terms = List.copyOf(kept);
			int count = terms.size();
			double[][] triangle = new double[count][count];
			double[] projected = new double[count];
			for (int row = 0; row < count; row++) {
				projected[row] = dot(basis.get(row), data.y());
				for (int column = row; column < count; column++) {
					triangle[row][column] = dot(basis.get(row), columns.get(column));
				}
			}
			subsetBySize = new ArrayList<>(Collections.nCopies(count + 1, null));
			rssBySize = new double[count + 1];
			Factor factor = new Factor(triangle, projected, 0);
			List<Integer> active = new ArrayList<>(IntStream.range(0, count).boxed().toList());
			double rss = dot(residual, residual);
			for (int size = count; size >= 1; size--) {
				subsetBySize.set(size, List.copyOf(active));
				rssBySize[size] = rss;
				if (size == 1) {
					break;
				}
				Factor weakest = null;
				int weakestPosition = -1;
				// position 0 is the intercept, which stays
				for (int position = 1; position < size; position++) {
					Factor without = factor.without(position);
					if (weakest == null || without.increase() < weakest.increase()) {
						weakest = without;
						weakestPosition = position;
					}
				}
				rss += weakest.increase();
				factor = weakest;
				active.remove(weakestPosition);
			}
		}

		/** The subset of at most {@code maxPruned} terms with the smallest GCV, fitted by least squares once. */
		MarsModel model(int maxPruned) {
			int n = data.size();
			double penalty = interactions ? 3 : 2;
			int bestSize = -1;
			double bestGcv = Double.POSITIVE_INFINITY;
			for (int size = terms.size(); size >= 1; size--) {
				if (size <= maxPruned) {
					double gcv = gcv(rssBySize[size], n, size, penalty);
					if (bestSize < 0 || gcv <= bestGcv) {
						bestGcv = gcv;
						bestSize = size;
					}
				}
			}
			double gcv = bestGcv;
			return models.computeIfAbsent(bestSize, size -> {
				List<Term> kept = subsetBySize.get(size).stream().map(terms::get).toList();
				return new MarsModel(id(), data.features(), kept, leastSquares(data, kept), terms.size(), gcv);
			});
		}
	}

	/**
	 * The upper-triangular factor of the active columns and the projected target; {@code increase} is
	 * the RSS added by the removal that produced it.
	 */
	private record Factor(double[][] triangle, double[] projected, double increase) {

		Factor without(int position) {
			int size = projected.length;
			double[][] rotated = new double[size][size - 1];
			for (int row = 0; row < size; row++) {
				for (int column = 0; column < size - 1; column++) {
					rotated[row][column] = triangle[row][column < position ? column : column + 1];
				}
			}
			double[] target = projected.clone();
			for (int k = position; k < size - 1; k++) {
				double diagonal = rotated[k][k];
				double below = rotated[k + 1][k];
				double radius = Math.hypot(diagonal, below);
				if (radius == 0) {
					continue;
				}
				double cos = diagonal / radius;
				double sin = below / radius;
				for (int column = k; column < size - 1; column++) {
					double upper = rotated[k][column];
					double lower = rotated[k + 1][column];
					rotated[k][column] = cos * upper + sin * lower;
					rotated[k + 1][column] = -sin * upper + cos * lower;
				}
				double upper = target[k];
				double lower = target[k + 1];
				target[k] = cos * upper + sin * lower;
				target[k + 1] = -sin * upper + cos * lower;
			}
			double dropped = target[size - 1];
			return new Factor(Arrays.copyOf(rotated, size - 1), Arrays.copyOf(target, size - 1), dropped * dropped);
		}
	}

	private static void subtractProjection(double[] vector, double[] unit) {
		double projection = dot(vector, unit);
		for (int row = 0; row < vector.length; row++) {
			vector[row] -= projection * unit[row];
		}
	}

	private static double gcv(double rss, int n, int size, double penalty) {
		double complexity = size + penalty * (size - 1) / 2;
		if (complexity >= n) {
			return Double.POSITIVE_INFINITY;
		}
		double shrink = 1 - complexity / n;
		return rss / n / (shrink * shrink);
	}

	private static double[] leastSquares(Dataset data, List<Term> terms) {
		double[][] design = new double[data.size()][terms.size()];
		for (int row = 0; row < data.size(); row++) {
			for (int term = 0; term < terms.size(); term++) {
				design[row][term] = terms.get(term).value(data.x()[row]);
			}
		}
		return new QRDecomposition(new Array2DRowRealMatrix(design, false)).getSolver()
				.solve(new ArrayRealVector(data.y(), false)).toArray();
	}

	private static double dot(double[] first, double[] second) {
		double sum = 0;
		for (int i = 0; i < first.length; i++) {
			sum += first[i] * second[i];
		}
		return sum;
	}

	@Override
	public RegressionModel read(ObjectNode structure) {
		List<String> features = TechniqueSupport.features(structure, id());
		List<Term> terms = new ArrayList<>();
		List<Double> coefficients = new ArrayList<>();
		for (JsonNode termNode : StoredJson.objects(id(), structure, "terms")) {
			List<Hinge> hinges = new ArrayList<>();
			for (JsonNode hinge : StoredJson.objects(id() + " term", termNode, "hinges")) {
				String direction = StoredJson.text(id() + " hinge", hinge, "direction");
				if (!direction.equals("x-knot") && !direction.equals("knot-x")) {
					throw new IllegalArgumentException("MARS hinge direction must be 'x-knot' or 'knot-x', got '"
							+ FileProblems.excerpt(direction) + "'");
				}
				hinges.add(new Hinge(TechniqueSupport.feature(hinge.get("feature"), features),
						TechniqueSupport.number(hinge, "knot"), direction.equals("x-knot")));
			}
			terms.add(new Term(List.copyOf(hinges)));
			coefficients.add(TechniqueSupport.number(termNode, "coefficient"));
		}
		return new MarsModel(id(), features, terms, coefficients.stream().mapToDouble(Double::doubleValue).toArray(),
				structure.path("forwardTerms").asInt(terms.size()), structure.path("gcv").asDouble(Double.NaN));
	}

	private record MarsModel(String technique, List<String> features, List<Term> terms, double[] coefficients,
			int forwardTerms, double gcv) implements RegressionModel {

		@Override
		public double predict(double[] row) {
			double prediction = 0;
			for (int term = 0; term < terms.size(); term++) {
				prediction += coefficients[term] * terms.get(term).value(row);
			}
			return prediction;
		}

		@Override
		public ObjectNode structure() {
			ObjectNode structure = TechniqueSupport.header(technique, features);
			structure.put("forwardTerms", forwardTerms);
			structure.put("gcv", gcv);
			ArrayNode termNodes = structure.putArray("terms");
			for (int term = 0; term < terms.size(); term++) {
				ObjectNode node = JsonNodeFactory.instance.objectNode();
				List<String> factors = new ArrayList<>();
				ArrayNode hinges = JsonNodeFactory.instance.arrayNode();
				for (Hinge hinge : terms.get(term).hinges()) {
					String name = features.get(hinge.feature());
					factors.add(hinge.above() ? "max(0, " + name + " - " + hinge.knot() + ")"
							: "max(0, " + hinge.knot() + " - " + name + ")");
					ObjectNode hingeNode = hinges.addObject();
					hingeNode.put("feature", name);
					hingeNode.put("knot", hinge.knot());
					hingeNode.put("direction", hinge.above() ? "x-knot" : "knot-x");
				}
				node.put("term", factors.isEmpty() ? "(intercept)" : String.join(" * ", factors));
				node.put("coefficient", coefficients[term]);
				node.set("hinges", hinges);
				termNodes.add(node);
			}
			return structure;
		}
	}
}
