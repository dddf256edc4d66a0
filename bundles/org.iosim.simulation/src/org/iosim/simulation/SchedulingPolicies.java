package org.iosim.simulation;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.DelayResource;
import org.iosim.simulation.engine.FcfsResource;
import org.iosim.simulation.engine.ProcessorSharingResource;
import org.iosim.simulation.engine.Simulator;

/**
 * The scheduling policies a processing resource can have, by the id Palladio gives them
 * ({@code ProcessorSharing}, {@code FCFS}, {@code Delay}). Like the registry of analysis model
 * kinds, an instance holds the built-in policies, and {@link #standard()} adds those found through
 * {@link ServiceLoader}; callers may {@link #register} their own without affecting each other.
 * <p>
 * SimuCom's exact operating-system schedulers (the Palladio add-on's policies
 * {@value #EXACT_SCHEDULERS}{@code *}, e.g. {@code winserver2003}) have no provider of their own: unless one
 * is registered for the id, they are simulated as processor sharing ({@link #approximation}), which is what
 * time-sliced round-robin scheduling approaches when demands are long against a time slice, and what
 * SimuCom itself does for {@code linux26cfs}.
 */
public final class SchedulingPolicies {

	/** The id of processor sharing. */
	public static final String PROCESSOR_SHARING = "ProcessorSharing";

	/** The prefix of the ids of SimuCom's exact schedulers (Palladio's add-on, {@code ExactSchedulers.resourcetype}). */
	public static final String EXACT_SCHEDULERS = "edu.kit.ipd.sdq.pcm.simulation.scheduler.exact.";

	/** The exact schedulers' operating systems, by the last part of their ids. */
	private static final Map<String, String> EXACT_SCHEDULER_NAMES = Map.of("winxp", "Windows XP", "win7", "Windows 7",
			"winvista", "Windows Vista", "winserver2003", "Windows Server 2003", "linux26o1", "Linux 2.6 O(1)",
			"linux26cfs", "Linux 2.6 CFS");

	/**
	 * A policy simulated as another one, for want of a provider of its own.
	 *
	 * @param provider      the provider that simulates it
	 * @param label         what results call the policy, e.g. {@code ProcessorSharing (approximates exact.win7)}
	 * @param description   the policy in words, e.g. {@code SimuCom's exact scheduler of Windows 7}
	 */
	public record Approximation(Provider provider, String label, String description) {
	}

	/** Creates the runtime resource for one processing resource specification. */
	public interface Provider {
		String policyId();

		ActiveResource create(Simulator simulator, String name, int servers);
	}

	private final Map<String, Provider> providers = new TreeMap<>();

	/** The built-in policies only. */
	public SchedulingPolicies() {
		register(provider(PROCESSOR_SHARING, ProcessorSharingResource::new));
		register(provider("FCFS", FcfsResource::new));
		register(provider("Delay", (simulator, name, servers) -> new DelayResource(simulator, name)));
	}

	/** @return the built-in policies and the providers found by {@link ServiceLoader} */
	public static SchedulingPolicies standard() {
		SchedulingPolicies policies = new SchedulingPolicies();
		for (Provider provider : ServiceLoader.load(Provider.class, SchedulingPolicies.class.getClassLoader())) {
			policies.register(provider);
		}
		return policies;
	}

	/** Adds or replaces the provider of its policy id. */
	public SchedulingPolicies register(Provider provider) {
		providers.put(provider.policyId(), provider);
		return this;
	}

	/** @return the provider of the policy, or null if none is known */
	public Provider find(String policyId) {
		return providers.get(policyId);
	}

	/**
	 * @return how a policy without a provider of its own is simulated: SimuCom's exact schedulers as processor
	 *         sharing; empty for any other policy, and for one that has a provider
	 */
	public Optional<Approximation> approximation(String policyId) {
		if (policyId == null || providers.containsKey(policyId) || !policyId.startsWith(EXACT_SCHEDULERS)
				|| policyId.length() == EXACT_SCHEDULERS.length() || find(PROCESSOR_SHARING) == null) {
			return Optional.empty();
		}
		String scheduler = policyId.substring(EXACT_SCHEDULERS.length());
		String system = EXACT_SCHEDULER_NAMES.get(scheduler);
		return Optional.of(new Approximation(find(PROCESSOR_SHARING),
				PROCESSOR_SHARING + " (approximates exact." + scheduler + ")",
				"SimuCom's exact scheduler " + (system == null ? "'" + scheduler + "'" : "of " + system)));
	}

	public Set<String> ids() {
		return Set.copyOf(providers.keySet());
	}

	private interface Factory {
		ActiveResource create(Simulator simulator, String name, int servers);
	}

	private static Provider provider(String id, Factory factory) {
		return new Provider() {
			@Override
			public String policyId() {
				return id;
			}

			@Override
			public ActiveResource create(Simulator simulator, String name, int servers) {
				return factory.create(simulator, name, servers);
			}
		};
	}
}
