package org.iosim.benchmarks.simqpn;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * Java agent that counts SimQPN's simulation events without changing SimQPN's sources: when the JVM
 * loads SimQPN's classes it adds one static call at the start of
 * <ul>
 * <li>{@code Transition.fire()} - one transition firing (the executor's step 1), and</li>
 * <li>{@code QPlace.completeService(Token, Executor)} - one service completion taken from the event
 * list (the executor's step 3; every event on SimQPN's event list is such a completion).</li>
 * </ul>
 * At exit it prints {@code SIMQPN-EVENTS firings=F completions=C} on standard output. The counts
 * cover the whole run (ramp-up included), the same span as SimQPN's own {@code runWallClockTime}.
 * SimQPN's sequential executor is single-threaded, so plain static counters suffice. Needs Java 24+
 * (java.lang.classfile).
 */
public final class EventCounterAgent {

	private static final String TRANSITION = "de/tud/cs/simqpn/kernel/entities/Transition";
	private static final String QPLACE = "de/tud/cs/simqpn/kernel/entities/QPlace";
	private static final ClassDesc SELF = ClassDesc.of(EventCounterAgent.class.getName());

	public static long firings;
	public static long completions;

	private EventCounterAgent() {
	}

	public static void fired() {
		firings++;
	}

	public static void completed() {
		completions++;
	}

	public static void premain(String arguments, Instrumentation instrumentation) {
		instrumentation.addTransformer(new ClassFileTransformer() {
			@Override
			public byte[] transform(ClassLoader loader, String name, Class<?> redefined,
					ProtectionDomain domain, byte[] bytes) {
				try {
					if (TRANSITION.equals(name)) {
						return countCalls(bytes, "fire", "fired");
					}
					if (QPLACE.equals(name)) {
						return countCalls(bytes, "completeService", "completed");
					}
				} catch (RuntimeException | Error e) {
					System.err.println("EventCounterAgent: could not instrument " + name + ": " + e);
					System.exit(3);
				}
				return null;
			}
		});
		Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out
				.println("SIMQPN-EVENTS firings=" + firings + " completions=" + completions)));
	}

	/** Adds a call of {@code hook()} at the start of every method named {@code method}. */
	private static byte[] countCalls(byte[] bytes, String method, String hook) {
		ClassFile classFile = ClassFile.of();
		ClassModel model = classFile.parse(bytes);
		long matches = model.methods().stream().filter(m -> m.methodName().equalsString(method)).count();
		if (matches != 1) {
			throw new IllegalStateException(matches + " methods named " + method + ", expected 1");
		}
		MethodTypeDesc voidNoArgs = MethodTypeDesc.of(ConstantDescs.CD_void);
		CodeTransform prepend = new CodeTransform() {
			@Override
			public void atStart(CodeBuilder builder) {
				builder.invokestatic(SELF, hook, voidNoArgs);
			}

			@Override
			public void accept(CodeBuilder builder, CodeElement element) {
				builder.with(element);
			}
		};
		return classFile.transformClass(model, ClassTransform
				.transformingMethodBodies(m -> m.methodName().equalsString(method), prepend));
	}
}
