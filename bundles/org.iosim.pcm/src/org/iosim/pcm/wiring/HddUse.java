package org.iosim.pcm.wiring;

import java.util.List;
import java.util.Set;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceInterface;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.io.IoAction;

/**
 * How a Palladio model uses its hard disk: demands on an HDD resource, and calls of Palladio's
 * {@code HddInterface} ({@code read}, {@code write}) whose input variables say how much. Standard
 * PCM simulates them on the HDD resource; a virtualized storage turns them into I/O requests. Both
 * read a call the same way through this class, and the completion transformation, which makes an I/O
 * action of an action's HDD use, and the Palladio export, which writes it back as that action's calls,
 * name and find that I/O action through it.
 */
public final class HddUse {

	/** Palladio's HDD resource type and HddInterface, by the ids of Palladio.resourcetype. */
	private static final String HDD_TYPE_ID = "_BIjHoQ3KEdyouMqirZIhzQ";
	private static final String HDD_INTERFACE_ID = "_xXv8QE5CEeCUKeckjJ_n-w";

	/** Inputs of an HddInterface call that describe the request, not its amount. */
	private static final Set<String> REQUEST_ATTRIBUTES = Set.of("sequentiality", "fileSet", "synchronous");

	private HddUse() {
	}

	/**
	 * @return the id of the I/O action the completion transformation makes of the action's HDD use, by
	 *         which an export finds the action the I/O came from ({@link #isIoActionOf})
	 */
	public static String ioActionId(AbstractAction action) {
		return action.getId() + ".io";
	}

	/** @return the name of the I/O action the completion transformation makes of the action's HDD use */
	public static String ioActionName(AbstractAction action) {
		return (action.getName() == null ? "action" : action.getName()) + " (I/O)";
	}

	/** @return whether the I/O action has the id and name the completion gives the one it makes of the action */
	public static boolean isIoActionOf(IoAction io, AbstractAction action) {
		return action.getId() != null && ioActionId(action).equals(io.getId()) && ioActionName(action).equals(io.getName());
	}

	/** @return whether the resource type is Palladio's HDD (by id, or by the name HDD) */
	public static boolean isHdd(ProcessingResourceType type) {
		return type != null && (HDD_TYPE_ID.equals(type.getId()) || "HDD".equalsIgnoreCase(type.getName()));
	}

	/** @return whether the interface is Palladio's HddInterface (by id, or by name) */
	public static boolean isHddInterface(ResourceInterface resourceInterface) {
		return resourceInterface != null && (HDD_INTERFACE_ID.equals(resourceInterface.getId())
				|| "HddInterface".equals(resourceInterface.getName()));
	}

	/** @return whether the call writes (its signature is {@code write}); every other call reads */
	public static boolean writes(ResourceCall call) {
		return call.getSignature() != null && "write".equalsIgnoreCase(call.getSignature().getName());
	}

	/**
	 * @return the amount one call asks for, as a stochastic expression: its input named {@code size},
	 *         else its first input that is not a sequentiality or file set, else 1
	 */
	public static String amount(ResourceCall call) {
		String size = input(call, "size");
		if (size != null) {
			return size;
		}
		for (VariableUsage usage : call.getInputVariableUsages()) {
			if (!usage.getCharacterisations().isEmpty() && !REQUEST_ATTRIBUTES.contains(usage.getVariable())) {
				return usage.getCharacterisations().get(0).getSpecification();
			}
		}
		return "1";
	}

	/**
	 * @return whether a write call is synchronous: its input {@code synchronous} is the literal
	 *         {@code true}; {@code false} without that input; null when the input is something else,
	 *         which the validator reports
	 */
	public static Boolean synchronous(ResourceCall call) {
		String text = input(call, "synchronous");
		if (text == null || text.trim().equalsIgnoreCase("false")) {
			return Boolean.FALSE;
		}
		return text.trim().equalsIgnoreCase("true") ? Boolean.TRUE : null;
	}

	/** @return the first characterisation of the call's input variable {@code variable}, or null */
	public static String input(ResourceCall call, String variable) {
		List<VariableUsage> usages = call.getInputVariableUsages();
		for (VariableUsage usage : usages) {
			if (variable.equals(usage.getVariable()) && !usage.getCharacterisations().isEmpty()) {
				return usage.getCharacterisations().get(0).getSpecification();
			}
		}
		return null;
	}
}
