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
 * ({@code ProcessorSharing}, {@code FCFS}, {@code Delay}); further ones register here or are found
 * through {@link ServiceLoader} on a plain classpath.
 */
public final class SchedulingPolicies {

	/** Creates the runtime resource for one processing resource specification. */
	public interface Provider {
		String policyId();

		ActiveResource create(Simulator simulator, String name, int servers, double rate);
	}

	private static final Map<String, Provider> PROVIDERS = new TreeMap<>();

	static {
		register(provider("ProcessorSharing", ProcessorSharingResource::new));
		register(provider("FCFS", FcfsResource::new));
		register(provider("Delay", (simulator, name, servers, rate) -> new DelayResource(simulator, name, rate)));
		for (Provider provider : ServiceLoader.load(Provider.class, SchedulingPolicies.class.getClassLoader())) {
			register(provider);
		}
	}

	private SchedulingPolicies() {
	}

	public static synchronized void register(Provider provider) {
		PROVIDERS.put(provider.policyId(), provider);
	}

	public static synchronized Provider find(String policyId) {
		return PROVIDERS.get(policyId);
	}

	public static synchronized Set<String> ids() {
		return Set.copyOf(PROVIDERS.keySet());
	}

	private interface Factory {
		ActiveResource create(Simulator simulator, String name, int servers, double rate);
	}

	private static Provider provider(String id, Factory factory) {
		return new Provider() {
			@Override
			public String policyId() {
				return id;
			}

			@Override
			public ActiveResource create(Simulator simulator, String name, int servers, double rate) {
				return factory.create(simulator, name, servers, rate);
			}
		};
	}
}
