package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationException;
import org.iosim.simulation.bench.ClosedNetworkBenchmark;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true,
		description = { "Measures the simulator's speed on the reference closed network (users with think time 1,"
				+ " a processor-sharing CPU with demand 0.02 and an FCFS disk with demand 0.04, all exponential),"
				+ " against a bare priority-queue event loop that processes as many events: the practical limit.",
				"Engine and bare loop alternate three times and the best run of each is reported, since other load"
						+ " on the machine only ever slows a run down.",
				"Also reports the heap after a short and a ten times longer run (it should not grow) and the peak heap.",
				"When SimQPN has been built (benchmarks/simqpn/build-simqpn.sh), also its events per second on the same"
						+ " network (examples/qpn/closed-network.qpe) and the ratios: per event, and per simulated time,"
						+ " which compares like with like, since SimQPN also counts the transition firings that move a"
						+ " request from one station to the next." })
final class BenchCommand implements Callable<Integer> {

	@Option(names = "--users", defaultValue = "20", description = "Closed population (default ${DEFAULT-VALUE}).")
	int users;

	@Option(names = "--requests", defaultValue = "2000000",
			description = "Requests (scenario runs) in the long run (default ${DEFAULT-VALUE}).")
	long requests;

	@Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
	long seed;

	@Mixin
	SimQpnRunsOption simQpn;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() throws ModelCompilationException, RunCancelledException {
		if (users < 1 || requests < 10) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--users must be at least 1 and --requests at least 10");
		}
		int simQpnRuns = simQpn.runs();
		PrintWriter out = spec.commandLine().getOut();
		out.printf("closed network: %d users, %,d requests (seed %d)%n", users, requests, seed);
		out.flush();
		ClosedNetworkBenchmark.Figures figures;
		try {
			figures = ClosedNetworkBenchmark.run(users, requests, seed);
		} catch (SimulationException refused) {
			// e.g. more requests than the run budget allows a run
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--requests " + requests + ": " + refused.getMessage());
		}
		out.printf("engine        %,14.0f events/s  %,12.0f requests/s  (%,d events, best run %.2f s)%n",
				figures.engineEventsPerSecond(), figures.requestsPerSecond(), figures.events(), figures.engineSeconds());
		out.printf("bare loop     %,14.0f events/s  (same event count, best run)%n", figures.bareEventsPerSecond());
		out.printf("engine / bare %13.1f %%%n", 100 * figures.engineShareOfBareLoop());
		out.printf("heap after GC %,14d bytes after %,d requests, %,d bytes after %,d requests%n",
				figures.heapAfterShortRunBytes(), requests / 10, figures.heapAfterLongRunBytes(), requests);
		out.printf("peak heap     %,14d bytes%n", figures.peakHeapBytes());
		out.printf("mean response %14.5f (think time excluded)%n", figures.meanResponseTime());
		if (simQpnRuns > 0) {
			compareWithSimQpn(figures, simQpnRuns, out);
		}
		return 0;
	}

	/** The users of the QPME net SimQPN runs: the comparison is of the same network only. */
	private static final int NET_USERS = 20;

	/**
	 * SimQPN's events per second on the same network, best of its runs: one run counts its events per
	 * unit of simulated time, the others time its simulation loop without counting. Both simulators run
	 * the same stochastic network, so the simulated time each covers per second compares their speed
	 * whatever each counts as an event; the events per request of each say why the two ratios differ.
	 */
	private void compareWithSimQpn(ClosedNetworkBenchmark.Figures figures, int simQpnRuns, PrintWriter out) {
		Optional<SimQpnComparison> simQpn = SimQpnComparison.find();
		if (simQpn.isEmpty()) {
			out.println(SimQpnComparison.notAvailable());
			return;
		}
		if (users != NET_USERS) {
			out.println("SimQPN: no comparison, since its net has " + NET_USERS + " users, not " + users);
			return;
		}
		Path net = simQpn.get().closedNetwork();
		double best = 0;
		double bestSimulatedTimePerSecond = 0;
		double eventsPerTimeUnit;
		try {
			eventsPerTimeUnit = simQpn.get().simQpn(net, NET_CONFIGURATION, true).eventsPerTimeUnit();
			for (int run = 0; run < simQpnRuns; run++) {
				SimQpnComparison.Run timed = simQpn.get().simQpn(net, NET_CONFIGURATION, false);
				best = Math.max(best, timed.eventsPerSecond(eventsPerTimeUnit));
				bestSimulatedTimePerSecond = Math.max(bestSimulatedTimePerSecond, timed.simulatedTimePerSecond());
			}
		} catch (IOException failed) {
			out.println("SimQPN: no comparison: " + failed.getMessage());
			return;
		}
		double requestsPerTimeUnit = figures.requests() / figures.simulatedTime();
		out.printf(Locale.ROOT, "SimQPN        %,14.0f events/s  (QPME %s, %s, best of %d runs): the engine is %s as fast"
				+ " per event%n", best, simQpn.get().build(), net.getFileName(), simQpnRuns,
				SimQpnComparison.ratio(figures.engineEventsPerSecond(), best));
		out.printf(Locale.ROOT, "              %,14.0f time units simulated per second, the engine %,.0f: the engine is %s"
				+ " as fast per simulated time%n", bestSimulatedTimePerSecond, figures.simulatedTimePerSecond(),
				SimQpnComparison.ratio(figures.simulatedTimePerSecond(), bestSimulatedTimePerSecond));
		out.printf(Locale.ROOT, "              (SimQPN counts %.2f events per request, its service completions and the"
				+ " transition firings that move a request on; the engine %.2f)%n",
				eventsPerTimeUnit / requestsPerTimeUnit, (double) figures.events() / figures.requests());
	}

	/** The net's configuration that runs its whole length, as the engine's benchmark does. */
	private static final String NET_CONFIGURATION = "bench-fixed";
}
