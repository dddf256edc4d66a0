package org.iosim.simulation;

import java.util.Map;
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
 */
public final class SchedulingPolicies {

	/** Creates the runtime resource for one processing resource specification. */
	public interface Provider {
		String policyId();

		ActiveResource create(Simulator simulator, String name, int servers);
	}

	private final Map<String, Provider> providers = new TreeMap<>();

	/** The built-in policies only. */
	public SchedulingPolicies() {
		register(provider("ProcessorSharing", ProcessorSharingResource::new));
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
