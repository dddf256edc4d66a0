package org.iosim.des;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one rule for runs that could never end, shared by every engine (the architecture simulation,
 * the QPN simulator): a replication may fire at most {@link #maxEvents()} events, by default
 * {@value #DEFAULT_MAX_EVENTS} (hours at the engines' millions of events a second). A run whose stop
 * condition lies beyond that is refused once its pace is known, after its first
 * {@value #FIRST_LOOK} events (well under a second), not after hours: the engine looks at the run
 * then and each time its events double, and projects from its pace in simulated time and in counted
 * runs (usage-scenario runs, measured tokens) how many events its stop conditions need. The
 * projection counts events, not seconds, so one seed gives one verdict on every machine.
 * <p>
 * A run whose precision rule (a confidence criterion, SimQPN's RELPRC and ABSPRC) may end it earlier
 * is not refused by projection, only when it has fired the limit. The limit is the Java system
 * property {@value #PROPERTY} ({@code IOSIM_JAVA_OPTS=-Diosim.maxEvents=N} for {@code ./iosim}).
 */
public final class RunBudget {

	/** The Java system property that sets the limit. */
	public static final String PROPERTY = "iosim.maxEvents";
	/** Events a replication may fire unless {@value #PROPERTY} says otherwise. */
	public static final long DEFAULT_MAX_EVENTS = 100_000_000_000L;
	/** Events after which a run's pace is first looked at; a dry run goes this far. */
	public static final long FIRST_LOOK = 1L << 20;
	/**
	 * Events after which a run whose stop conditions have not moved at all (the simulated time still
	 * where it began, no run counted) is taken never to reach them. Later than the first look: a
	 * large population may take a few events per user before time first advances.
	 */
	static final long STUCK_AFTER = 1L << 26;

	/**
	 * What the stop conditions are called where the engine's users meet them.
	 *
	 * @param stopTime e.g. {@code stop time} or {@code run length}
	 * @param runs     what the run counts towards its end, e.g. {@code usage-scenario runs}
	 * @param run      one of them, e.g. {@code usage-scenario run}
	 */
	public record Terms(String stopTime, String runs, String run) {
	}

	/**
	 * Where a run stands when it is looked at.
	 *
	 * @param events      events fired so far
	 * @param time        simulated time so far
	 * @param stopTime    the simulated time the run ends at, infinite for none
	 * @param runs        runs counted towards its end so far
	 * @param runGoal     the count the run ends at, {@code Long.MAX_VALUE} for none
	 * @param mayEndEarly whether a precision rule may end the run before both
	 */
	public record Position(long events, double time, double stopTime, long runs, long runGoal, boolean mayEndEarly) {
	}

	private final long maxEvents;
	private final Terms terms;
	private long nextLook;

	/**
	 * @param maxEvents events a replication may fire, at least {@value #FIRST_LOOK}
	 * @throws IllegalArgumentException if it is below that
	 */
	public RunBudget(long maxEvents, Terms terms) {
		if (maxEvents < FIRST_LOOK) {
			throw new IllegalArgumentException("the events a run may fire must be at least " + FIRST_LOOK + ", got "
					+ maxEvents);
		}
		this.maxEvents = maxEvents;
		this.terms = terms;
		this.nextLook = FIRST_LOOK;
	}

	/**
	 * A budget of {@link #maxEvents()} events.
	 *
	 * @throws IllegalArgumentException naming the property if it is set to something else than a whole
	 *                                  number of at least {@value #FIRST_LOOK}
	 */
	public static RunBudget standard(Terms terms) {
		return new RunBudget(maxEvents(), terms);
	}

	/**
	 * @return the limit: {@value #PROPERTY} if it is set, else {@value #DEFAULT_MAX_EVENTS}
	 * @throws IllegalArgumentException naming the property if it is not a whole number of at least
	 *                                  {@value #FIRST_LOOK}
	 */
	public static long maxEvents() {
		String setting = System.getProperty(PROPERTY);
		if (setting == null || setting.isBlank()) {
			return DEFAULT_MAX_EVENTS;
		}
		long value;
		try {
			value = Long.parseLong(setting.strip().replace("_", ""));
		} catch (NumberFormatException notWhole) {
			value = -1;
		}
		if (value < FIRST_LOOK) {
			throw new IllegalArgumentException("the Java system property " + PROPERTY + " (the events a replication"
					+ " may fire) must be a whole number of at least " + FIRST_LOOK + ", got '"
					+ (setting.length() > 40 ? setting.substring(0, 40) + "…" : setting) + "'");
		}
		return value;
	}

	/** @return the events the budget allows a replication */
	public long limit() {
		return maxEvents;
	}

	/** @return the event count at which the engine looks at the run next ({@link #look}) */
	public long nextLook() {
		return nextLook;
	}

	/**
	 * Looks at a run that has fired at least {@link #nextLook()} events.
	 *
	 * @return why the run cannot finish within the limit, in the user's words; {@code null} if it may
	 *         go on, until {@link #nextLook()}
	 */
	public String look(Position at) {
		long events = at.events();
		boolean timed = Double.isFinite(at.stopTime());
		boolean counted = at.runGoal() != Long.MAX_VALUE;
		String stopCondition = stopCondition(at, timed, counted);
		if (events >= maxEvents) {
			return String.format(Locale.ROOT, "the run cannot finish: it fired the %,d events a replication may fire"
					+ " (%s) before %s; %s", maxEvents, where(at), at.mayEndEarly() ? "its precision was reached"
							+ (timed || counted ? " or it reached " + stopCondition : "") : "it reached " + stopCondition,
					advice(at, timed, counted));
		}
		nextLook = Math.min(maxEvents, events <= maxEvents / 2 ? Math.max(2 * events, FIRST_LOOK) : maxEvents);
		if (at.mayEndEarly() || !(timed || counted)) {
			return null;
		}
		boolean timeMoved = timed && at.time() > 0;
		boolean runsMoved = counted && at.runs() > 0;
		if (!timeMoved && !runsMoved) {
			return events < STUCK_AFTER ? null : String.format(Locale.ROOT, "the run cannot finish: after %,d events"
					+ " %s, so it would never reach %s", events, stuck(at, timed, counted), stopCondition);
		}
		double byTime = timeMoved ? events * (at.stopTime() / at.time()) : Double.POSITIVE_INFINITY;
		double byRuns = runsMoved ? events * ((double) at.runGoal() / at.runs()) : Double.POSITIVE_INFINITY;
		if (Math.min(byTime, byRuns) <= maxEvents) {
			return null;
		}
		List<String> projections = new ArrayList<>();
		if (timed) {
			projections.add(timeMoved ? String.format(Locale.ROOT, "reaching the %s %s would take about %s events",
					terms.stopTime(), number(at.stopTime()), rough(byTime)) : "the " + terms.stopTime() + " "
							+ number(at.stopTime()) + " is never reached (the simulated time has not advanced)");
		}
		if (counted) {
			projections.add(runsMoved ? String.format(Locale.ROOT, "reaching %,d %s would take about %s events",
					at.runGoal(), terms.runs(), rough(byRuns)) : String.format(Locale.ROOT, "%,d %s are never reached"
							+ " (none has been counted)", at.runGoal(), terms.runs()));
		}
		return String.format(Locale.ROOT, "the run cannot finish: at the pace of its first %,d events (%s), %s, more"
				+ " than the %,d events a replication may fire; %s", events, where(at), String.join(" and ", projections),
				maxEvents, advice(at, timed, counted));
	}

	private String stopCondition(Position at, boolean timed, boolean counted) {
		List<String> conditions = new ArrayList<>();
		if (timed) {
			conditions.add("the " + terms.stopTime() + " " + number(at.stopTime()));
		}
		if (counted) {
			conditions.add(String.format(Locale.ROOT, "%,d %s", at.runGoal(), terms.runs()));
		}
		return String.join(" or ", conditions);
	}

	private String where(Position at) {
		return String.format(Locale.ROOT, "simulated time %s, %,d %s", number(at.time()), at.runs(), terms.runs());
	}

	private String stuck(Position at, boolean timed, boolean counted) {
		List<String> still = new ArrayList<>();
		if (timed) {
			still.add("the simulated time is still " + number(at.time()));
		}
		if (counted) {
			still.add("no " + terms.run() + " has been counted");
		}
		return String.join(" and ", still);
	}

	/** What the user can do: a stop condition the limit allows at the pace so far, or a higher limit. */
	private String advice(Position at, boolean timed, boolean counted) {
		List<String> within = new ArrayList<>();
		double share = (double) maxEvents / at.events();
		if (timed && at.time() > 0) {
			within.add("a " + terms.stopTime() + " of at most " + number(floor(at.time() * share)));
		}
		if (counted && at.runs() > 0) {
			within.add(String.format(Locale.ROOT, "at most %,d %s", (long) floor(at.runs() * share), terms.runs()));
		}
		return (within.isEmpty() ? "" : "ask for " + String.join(" or ", within) + ", or ")
				+ "raise the limit with the Java system property " + PROPERTY + " (e.g. IOSIM_JAVA_OPTS=-D" + PROPERTY
				+ "=" + (maxEvents > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : maxEvents * 10) + ")";
	}

	/** Two significant digits, rounded down: a bound the limit allows. */
	private static double floor(double value) {
		if (!(value > 0) || Double.isInfinite(value)) {
			return value;
		}
		double scale = Math.pow(10, Math.floor(Math.log10(value)) - 1);
		return Math.floor(value / scale) * scale;
	}

	/** Two significant digits, for projections: e.g. 1.1e+302 */
	private static String rough(double value) {
		return number(Double.parseDouble(String.format(Locale.ROOT, "%.2g", value)));
	}

	/** e.g. 52.43, 1.2e+07, 1e+300 */
	private static String number(double value) {
		if (Double.isInfinite(value)) {
			return "infinity";
		}
		String text = String.format(Locale.ROOT, "%.4g", value);
		if (text.contains("e")) {
			String[] parts = text.split("e");
			return parts[0].replaceAll("\\.?0+$", "") + "e" + parts[1];
		}
		return text.contains(".") ? text.replaceAll("\\.?0+$", "") : text;
	}
}
