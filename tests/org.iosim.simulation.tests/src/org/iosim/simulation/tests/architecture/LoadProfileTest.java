package org.iosim.simulation.tests.architecture;

import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationObserver;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.DlimCombinator;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimOperator;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.LoadProfile;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Rule;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.simulation.ArrivalRateProfile;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * Open workloads whose arrival rate follows a DLIM load profile: the profile's functions against
 * values computed by hand, its bounds against its values, and simulated arrivals and response times
 * against the non-homogeneous Poisson process and M/M/1 they must give. Seeds are fixed, so every run
 * is the same; the bounds are wide enough (4 standard deviations) that a correct generator passes for
 * almost every seed, and narrow enough that a rate off by a few per cent fails.
 */
class LoadProfileTest {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	// ------------------------------------------------------------------ building profiles

	static DlimFunctionContainer container(double duration, DlimFunction function) {
		DlimFunctionContainer container = PCM.createDlimFunctionContainer();
		container.setDuration(duration);
		container.setFunction(function);
		return container;
	}

	static DlimSequence sequence(int loops, double afterTime, DlimFunctionContainer... containers) {
		DlimSequence sequence = PCM.createDlimSequence();
		sequence.setTerminateAfterLoops(loops);
		sequence.setTerminateAfterTime(afterTime);
		sequence.getContainers().addAll(List.of(containers));
		return sequence;
	}

	static DlimFunction constant(double value) {
		var constant = PCM.createDlimConstant();
		constant.setConstant(value);
		return constant;
	}

	static DlimFunction linear(double start, double end) {
		var trend = PCM.createDlimLinearTrend();
		trend.setFunctionOutputAtStart(start);
		trend.setFunctionOutputAtEnd(end);
		return trend;
	}

	static <T extends DlimFunction> T combine(T function, DlimOperator operator, DlimFunction other) {
		DlimCombinator combinator = PCM.createDlimCombinator();
		combinator.setOperator(operator);
		combinator.setFunction(other);
		function.getCombine().add(combinator);
		return function;
	}

	static LoadProfile profile(boolean repeating, DlimSequence sequence) {
		LoadProfile profile = PCM.createLoadProfile();
		profile.setId("profile");
		profile.setName("profile");
		profile.setRepeating(repeating);
		profile.setSequence(sequence);
		return profile;
	}

	/** One server with an exponential demand of the given mean on an FCFS CPU of speed 1, users arriving by the profile. */
	static ArchitectureModel server(double meanDemand, LoadProfile profile) {
		SingleServerModel model = new SingleServerModel("profiled");
		model.server().fcfs(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(" + 1 / meanDemand + ")")).openScenario("open", "Exp(1)");
		ArchitectureModel built = model.build();
		OpenWorkload workload = (OpenWorkload) built.getUsageModel().getScenarios().get(0).getWorkload();
		workload.setLoadProfile(profile);
		return built;
	}

	/** Start (arrival) and end of every scenario run. */
	static List<double[]> runs(ArchitectureModel model, long seed, double stopTime) throws Exception {
		List<double[]> runs = Collections.synchronizedList(new ArrayList<>());
		SimulationObserver observer = (replication, kind, id, name, start, end) -> {
			if (kind == SimulationObserver.Kind.SCENARIO) {
				runs.add(new double[] { start, end });
			}
		};
		ArchitectureSimulation.of(model).run(SimulationConfig.defaults().withSeed(seed).withStopTime(stopTime)
				.withMaxMeasurements(Long.MAX_VALUE).withWarmupMeasurements(0), ProgressMonitor.NONE, List.of(observer));
		return runs;
	}

	static long arrivalsIn(List<double[]> runs, double from, double to) {
		return runs.stream().filter(run -> run[0] >= from && run[0] < to).count();
	}

	/** Asserts a Poisson count within 4 standard deviations of its mean. */
	static void assertPoisson(double mean, long count, String what) {
		double deviation = 4 * Math.sqrt(mean);
		assertTrue(Math.abs(count - mean) <= deviation, what + ": " + count + " arrivals, expected " + mean + " ± " + deviation);
	}

	// ------------------------------------------------------------------ values

	@Test
	void functionsGiveTheHandComputedValues() {
		var absoluteSin = PCM.createDlimAbsoluteSin();
		absoluteSin.setMin(1);
		absoluteSin.setMax(5);
		absoluteSin.setPeriod(12);
		absoluteSin.setPhase(1);
		var exponentialBurst = PCM.createDlimExponentialIncreaseAndDecline();
		exponentialBurst.setBase(1);
		exponentialBurst.setPeak(9);
		exponentialBurst.setPeakTime(4);
		var logarithmicBurst = PCM.createDlimExponentialIncreaseLogarithmicDecline();
		logarithmicBurst.setBase(0);
		logarithmicBurst.setPeak(10);
		logarithmicBurst.setPeakTime(2);
		logarithmicBurst.setLogarithmicOrder(3);
		var falling = PCM.createDlimExponentialTrend();
		falling.setFunctionOutputAtStart(4);
		falling.setFunctionOutputAtEnd(-1);
		ArrivalRateProfile rate = ArrivalRateProfile.compile(profile(false, sequence(1, 0,
				container(10, absoluteSin), container(12, exponentialBurst), container(10, logarithmicBurst),
				container(10, falling),
				container(10, combine(combine(constant(3), DlimOperator.ADD, constant(1)), DlimOperator.MULT, constant(2))))));

		assertEquals(1 + 4 * Math.abs(Math.sin(3 * 2 * Math.PI / 12)), rate.value(2), 1e-12, "AbsoluteSin at 2 (+1 phase): its max");
		assertEquals(1 + 4 * Math.abs(Math.sin(8 * 2 * Math.PI / 12)), rate.value(7), 1e-12, "AbsoluteSin at 7");
		assertEquals(3, rate.value(12), 1e-12, "exponential rise 1 → 9 over 4, at 2: √9 = 3");
		assertEquals(3, rate.value(10 + 8), 1e-12, "declines over the 8 after the peak at half the rise's speed: at 8 as at 2");
		assertEquals(0.5 * Math.sqrt(21) - 0.5, rate.value(23), 1e-12, "exponential rise from 0 (moved up by 0.5) to 10 over 2, at 1");
		// the decline is logarithmic back from 10 to 0 over 8: at 6 after start the mirrored time is 2 − 4·2/8 = 1
		assertEquals(10.0 / 3 * Math.log(1 * Math.expm1(3) / 2 + 1), rate.value(22 + 6), 1e-12, "logarithmic decline");
		// exponential 4 → −1 moves up by 1.5: 5.5 → 0.5, at 5 of 10: √(5.5 · 0.5) − 1.5
		assertEquals(Math.sqrt(5.5 * 0.5) - 1.5, rate.value(32 + 5), 1e-12, "exponential trend through 0");
		assertEquals((3 * 2) + 1, rate.value(45), 1e-12, "multiplication before addition, whatever the order written");
		assertEquals(0, rate.value(52), 0, "a non-repeating profile ends");
		assertEquals(52, rate.duration(), 0);
	}

	@Test
	void boundsAreNeverBelowTheRate() {
		var sin = PCM.createDlimSin();
		sin.setMin(0);
		sin.setMax(6);
		sin.setPeriod(7);
		DlimSequence nested = sequence(-1, 0, container(3, linear(5, 0)), container(2, constant(-1)));
		DlimSequence root = combine(sequence(3, 0, container(10, sin), container(15, combine(linear(2, 9),
				DlimOperator.SUB, nested)), container(5, constant(0))), DlimOperator.ADD, linear(0, 4));
		ArrivalRateProfile rate = ArrivalRateProfile.compile(profile(true, root));

		for (double time = 0; time < 300; time += 0.013) {
			ArrivalRateProfile.Segment segment = rate.segment(time);
			assertTrue(segment.end() > time, "segments move on");
			assertTrue(rate.rate(time) <= segment.bound(), "at " + time + ": rate " + rate.rate(time) + " above bound "
					+ segment.bound());
		}
		assertEquals(90, rate.duration(), 0);
	}

	/** @return the validator's errors for the one-server model whose open workload follows the profile */
	/** An error of the validator's load-profile rule about the element. */
	private static Diagnostic profileError(EObject element, String message) {
		return Diagnostic.of(Rule.LOAD_PROFILE, Diagnostic.Severity.ERROR, element, message);
	}

	static List<Diagnostic> validationErrors(LoadProfile profile) {
		return new ModelValidator().validate(server(0.01, profile)).stream().filter(Diagnostic::isError).toList();
	}

	/**
	 * The rules of a profile are the validator's: each error names the element at fault. (The expected
	 * diagnostics are made after validating, once the profile is part of the model their paths name.)
	 */
	@Test
	void invalidProfilesAreValidationErrorsNamingTheElement() {
		DlimFunctionContainer negative = container(-5, constant(1));
		List<Diagnostic> errors = validationErrors(profile(true, sequence(1, 0, container(1, constant(1)), negative)));
		assertEquals(List.of(profileError(negative, "duration must be greater than 0 and finite, but is -5")), errors);

		DlimFunction rising = linear(0, 1);
		errors = validationErrors(profile(true, combine(sequence(-1, 0, container(1, constant(1))), DlimOperator.ADD,
				rising)));
		assertEquals(List.of(profileError(rising, "a DlimLinearTrend stretches over the duration of its clock, but"
				+ " that clock never ends (a combinator of a root sequence without terminateAfterLoops or"
				+ " terminateAfterTime)")), errors);

		// a burst in a combinator stretches over the clock of the function that holds it: its container's 4
		var burst = PCM.createDlimLinearIncreaseAndDecline();
		burst.setPeakTime(4);
		errors = validationErrors(profile(true, sequence(1, 0, container(4, combine(constant(1), DlimOperator.ADD,
				burst)))));
		assertEquals(List.of(profileError(burst, "peakTime must be less than the duration it spans (4), but is 4")),
				errors);

		DlimSequence noLoop = sequence(0, 0, container(1, constant(1)));
		errors = validationErrors(profile(true, noLoop));
		assertEquals(List.of(profileError(noLoop, "the sequence ends at once: terminateAfterLoops is 0 and"
				+ " terminateAfterTime 0")), errors);
	}

	/** Only evaluating the profile's bounds tells that it is never above 0: the compiler refuses it. */
	@Test
	void aProfileNeverAbove0IsRefusedByTheCompilerNamingIt() {
		LoadProfile negative = profile(true, sequence(1, 0, container(4, constant(-2))));
		ArchitectureModel model = server(0.01, negative);
		assertEquals(List.of(), new ModelValidator().validate(model).stream().filter(Diagnostic::isError).toList());

		ModelCompilationException refused = assertThrows(ModelCompilationException.class,
				() -> ArchitectureSimulation.of(model));

		assertEquals(Diagnostic.error(negative, "the load profile is never above 0 (at most 0), so no user would ever"
				+ " arrive"), refused.diagnostic());
	}

	static DlimFunction uniformNoise(double min, double max) {
		var noise = PCM.createDlimUniformNoise();
		noise.setMin(min);
		noise.setMax(max);
		return noise;
	}

	static DlimFunction normalNoise(double mean, double standardDeviation) {
		var noise = PCM.createDlimNormalNoise();
		noise.setMean(mean);
		noise.setStandardDeviation(standardDeviation);
		return noise;
	}

	static LoadProfile withStepWidth(LoadProfile profile, double stepWidth) {
		profile.setStepWidth(stepWidth);
		return profile;
	}

	/**
	 * Noise keeps one value per step of the step width and follows its distribution over the steps:
	 * uniform noise on [2, 4) has mean 3 and variance 4/12; normal noise with mean 5 and SD 2 (added to
	 * a constant 20, so it is never clipped at 0) has mean 25 and SD 2. Over 20,000 steps the standard
	 * error of a mean is below 0.005 · SD; the tolerances are 4 of them. The same seed gives the same
	 * noise, another seed other noise.
	 */
	@Test
	void noiseIsDrawnOncePerStepFromItsDistribution() {
		ArrivalRateProfile uniform = ArrivalRateProfile.compile(withStepWidth(profile(true,
				sequence(-1, 0, container(1000, uniformNoise(2, 4)))), 2.5)).withNoiseSeed(7);
		ArrivalRateProfile normal = ArrivalRateProfile.compile(withStepWidth(profile(true,
				sequence(-1, 0, container(1000, combine(constant(20), DlimOperator.ADD, normalNoise(5, 2))))), 2.5))
				.withNoiseSeed(7);
		assertTrue(uniform.hasNoise());
		int steps = 20_000;
		double uniformSum = 0;
		double normalSum = 0;
		double normalSquares = 0;
		for (int step = 0; step < steps; step++) {
			double start = step * 2.5;
			double value = uniform.value(start);
			assertTrue(value >= 2 && value < 4, "uniform noise " + value + " outside [2, 4)");
			assertEquals(value, uniform.value(start + 2.49), 0, "one value for the whole step");
			uniformSum += value;
			double sample = normal.value(start + 1);
			normalSum += sample;
			normalSquares += sample * sample;
		}
		assertEquals(3, uniformSum / steps, 4 * Math.sqrt(4.0 / 12 / steps), "uniform mean");
		double mean = normalSum / steps;
		assertEquals(25, mean, 4 * 2 / Math.sqrt(steps), "normal mean");
		assertEquals(2, Math.sqrt(normalSquares / steps - mean * mean), 0.05, "normal standard deviation");

		assertEquals(uniform.value(100), ArrivalRateProfile.compile(withStepWidth(profile(true,
				sequence(-1, 0, container(1000, uniformNoise(2, 4)))), 2.5)).withNoiseSeed(7).value(100), 0,
				"the same seed, the same noise");
		long differing = java.util.stream.IntStream.range(0, 100)
				.filter(step -> uniform.value(step * 2.5) != uniform.withNoiseSeed(8).value(step * 2.5)).count();
		assertEquals(100, differing, "another seed, other noise");
	}

	/** Segments of a noisy profile end at step boundaries, and their bounds hold the noisy rate. */
	@Test
	void noisySegmentsEndAtStepsAndBoundTheRate() {
		var sin = PCM.createDlimSin();
		sin.setMin(0);
		sin.setMax(6);
		sin.setPeriod(7);
		ArrivalRateProfile rate = ArrivalRateProfile.compile(withStepWidth(profile(true, sequence(2, 0,
				container(10, combine(sin, DlimOperator.ADD, normalNoise(0, 3))),
				container(15, combine(linear(2, 9), DlimOperator.MULT, uniformNoise(0.5, 1.5))))), 0.7)).withNoiseSeed(3);
		for (double time = 0; time < 200; time += 0.013) {
			ArrivalRateProfile.Segment segment = rate.segment(time);
			assertTrue(segment.end() > time, "segments move on");
			assertTrue(segment.end() <= (Math.floor(time / 0.7) + 1) * 0.7 + 1e-9, "a segment ends with its step");
			assertTrue(rate.rate(time) <= segment.bound(), "at " + time + ": rate " + rate.rate(time) + " above bound "
					+ segment.bound());
		}
	}

	@Test
	void invalidNoiseIsAValidationErrorNamingTheElement() {
		DlimFunction backwards = uniformNoise(3, 1);
		List<Diagnostic> errors = validationErrors(profile(true, sequence(1, 0, container(1, combine(constant(5),
				DlimOperator.ADD, backwards)))));
		assertEquals(List.of(profileError(backwards, "min (3) must not be greater than max (1)")), errors);

		DlimFunction negative = normalNoise(1, -2);
		errors = validationErrors(profile(true, sequence(1, 0, container(1, negative))));
		assertEquals(List.of(profileError(negative, "standardDeviation must not be negative, but is -2")), errors);

		LoadProfile noStep = withStepWidth(profile(true, sequence(1, 0, container(1, uniformNoise(1, 2)))), 0);
		errors = validationErrors(noStep);
		assertEquals(List.of(profileError(noStep, "the step width, at which the profile's noise is drawn, must be"
				+ " greater than 0 and finite, but is 0")), errors);
	}

	// ------------------------------------------------------------------ simulated arrivals

	/** λ = 2 for 500, then 8 for 500: about 1,000 and 4,000 arrivals; none after a non-repeating profile. */
	@Test
	void arrivalsPerPhaseFollowAStepProfile() throws Exception {
		ArchitectureModel model = server(0.001, profile(false, sequence(1, 0, container(500, constant(2)),
				container(500, constant(8)))));

		List<double[]> runs = runs(model, 11, 1200);

		assertPoisson(2 * 500, arrivalsIn(runs, 0, 500), "λ = 2 for 500");
		assertPoisson(8 * 500, arrivalsIn(runs, 500, 1000), "λ = 8 for 500");
		assertEquals(0, arrivalsIn(runs, 1000, 1200), "the profile has ended");
		for (int window = 0; window < 10; window++) {
			double from = window * 100;
			assertPoisson(window < 5 ? 200 : 800, arrivalsIn(runs, from, from + 100), "window from " + from);
		}
	}

	/**
	 * λ = 10 plus uniform noise on [−8, 8) drawn every 50: each step's arrivals are Poisson with a mean
	 * between 2 · 50 and 18 · 50, and the counts of the 40 steps spread far more than at a constant
	 * rate (about 100 between the fewest and the most at λ = 10; the threshold is 8 √500 = 179; the
	 * noise spreads them by several hundred). The same seed gives the same arrival times.
	 */
	@Test
	void arrivalsFollowTheNoiseOfEachStep() throws Exception {
		LoadProfile profile = withStepWidth(profile(true, sequence(-1, 0,
				container(1000, combine(constant(10), DlimOperator.ADD, uniformNoise(-8, 8))))), 50);
		ArchitectureModel model = server(0.001, profile);

		List<double[]> runs = runs(model, 13, 2000);

		long[] counts = new long[40];
		for (double[] run : runs) {
			counts[(int) (run[0] / 50)]++;
		}
		long fewest = java.util.Arrays.stream(counts).min().orElseThrow();
		long most = java.util.Arrays.stream(counts).max().orElseThrow();
		assertTrue(most - fewest > 8 * Math.sqrt(500), "the steps' counts " + java.util.Arrays.toString(counts)
				+ " do not show the noise");
		for (long count : counts) {
			assertTrue(count >= 100 - 4 * Math.sqrt(100) && count <= 900 + 4 * Math.sqrt(900),
					"a step's count outside what its rate allows: " + java.util.Arrays.toString(counts));
		}
		assertEquals(runs.stream().map(run -> run[0]).toList(), runs(model, 13, 2000).stream().map(run -> run[0]).toList(),
				"the same seed, the same arrivals");
	}

	/**
	 * A linear trend from 0 to 20 over 400, repeated: the expected arrivals in [a, b) are the integral
	 * ∫ 20 t / 400 dt = (b² − a²) / 40 within each period: 1,000 in [0, 200), 3,000 in [200, 400).
	 */
	@Test
	void arrivalsFollowALinearTrendByItsIntegral() throws Exception {
		ArchitectureModel model = server(0.001, profile(true, sequence(1, 0, container(400, linear(0, 20)))));

		List<double[]> runs = runs(model, 5, 800);

		assertPoisson(1_000, arrivalsIn(runs, 0, 200), "first half");
		assertPoisson(3_000, arrivalsIn(runs, 200, 400), "second half");
		assertPoisson((100 * 100 - 0) / 40.0, arrivalsIn(runs, 400, 500), "the profile repeats: first quarter");
		assertPoisson((400 * 400 - 300 * 300) / 40.0, arrivalsIn(runs, 700, 800), "last quarter of the second period");
	}

	/**
	 * M/M/1 with μ = 10 and λ = 2, then 6, for 20,000 each: the mean response time of users arriving in
	 * each phase (after its first 50, which covers the transition: the queue relaxes within a few time
	 * units at ρ = 0.6) is 1/(μ − λ) = 0.125 and 0.25. With about 40,000 and 120,000 users and the
	 * correlation of successive M/M/1 response times (which inflates the variance of the mean about
	 * (1 + ρ)/(1 − ρ)³ times, at most 25 here), the standard error is below 0.8 % of the mean; the
	 * tolerance of 4 % is 5 of them.
	 */
	@Test
	void responseTimeInEachConstantPhaseMatchesMM1() throws Exception {
		double serviceRate = 10;
		ArchitectureModel model = server(1 / serviceRate, profile(false, sequence(1, 0, container(20_000, constant(2)),
				container(20_000, constant(6)))));

		List<double[]> runs = runs(model, 3, 40_000);

		assertMeanResponseTime(runs, 50, 20_000, 1 / (serviceRate - 2), "λ = 2");
		assertMeanResponseTime(runs, 20_050, 40_000, 1 / (serviceRate - 6), "λ = 6");
	}

	private static void assertMeanResponseTime(List<double[]> runs, double from, double to, double exact, String what) {
		double mean = runs.stream().filter(run -> run[0] >= from && run[0] < to).mapToDouble(run -> run[1] - run[0])
				.average().orElseThrow();
		assertEquals(exact, mean, 0.04 * exact, what + ": M/M/1 gives " + exact + ", simulated " + mean);
	}
}
