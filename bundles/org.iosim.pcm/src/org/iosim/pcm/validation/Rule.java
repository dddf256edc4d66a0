package org.iosim.pcm.validation;

import java.util.Locale;

/**
 * The validation rules, each with a code that stays the same while its messages may be reworded:
 * {@code iosim validate} prints it after each message, EMF diagnostics carry its {@link #number()}
 * (source {@link IosimValidator#DIAGNOSTIC_SOURCE}), and {@code docs/validation-rules.md} explains
 * each. A rule's severity is in its findings, not here: some rules report an error where the
 * simulation would need what is missing and a warning where it would not.
 * <p>
 * New rules are added at the end with the next number; a number is never reused.
 */
public enum Rule implements ValidationRule {

	MODEL_SET_PART(1, "a model set has a repository, a system, a resource environment, an allocation and a usage model"),
	REQUIRED_REFERENCE(2, "every reference the metamodel declares required is set"),
	REQUIRED_EXPRESSION(3, "every stochastic expression an element needs is given"),
	EXPRESSION_SYNTAX(4, "every stochastic expression parses"),
	UNRESOLVED_REFERENCE(5, "every reference resolves to an element of the files read"),
	REFERENCE_OUTSIDE_MODEL_SET(6, "every reference points into the model set"),
	CALL_CYCLE(7, "no call cycle: a simulated recursion never ends"),
	EVENT_CYCLE(8, "an event cycle makes events for ever unless a branch or filter condition breaks it (warning)"),
	SIGNATURE_WITHOUT_SEFF(9, "a component has a SEFF for every signature it provides (warning)"),
	UNHANDLED_EVENT_TYPE(10, "a sink role's component has a SEFF for every event type the role receives"),
	UNNAMED_VARIABLE(11, "a variable usage names its variable"),
	BEHAVIOUR_NOT_CHECKED(12, "a behaviour with a step the importer left out is not checked beyond the gap (warning)"),
	START_AND_STOP(13, "a behaviour has exactly one start and one stop"),
	ACTION_CHAIN(14, "every action but the stop has a successor in its own behaviour, without cycles"),
	UNREACHABLE_ACTION(15, "every action of a behaviour is reached from its start"),
	EMPTY_BRANCH(16, "a branch has transitions"),
	MIXED_BRANCH(17, "a branch's transitions are all probabilistic or all guarded"),
	BRANCH_PROBABILITIES(18, "a branch's probabilities are between 0 and 1 and sum to 1"),
	EVENT_TYPE_OUTSIDE_GROUP(19, "an emitted event type belongs to the event group of the source role"),
	SYNCHRONOUS_WRITE(20, "'synchronous' is true or false and marks writes only"),
	SIGNATURE_OUTSIDE_INTERFACE(21, "a call's signature belongs to the interface of its role"),
	ROLE_OF_OTHER_COMPONENT(22, "a call goes through a role of the component that makes it"),
	CONNECTOR_ENDS(23, "a connector's contexts and channels are in its structure, its roles belong to their"
			+ " components, and its event groups agree"),
	VALUE_RANGE(24, "a number is in the range its attribute allows (rates, counts, replicas, population)"),
	UNCONNECTED_REQUIRED_ROLE(25, "a required role of an assembly context is connected where a behaviour calls"
			+ " through it (otherwise a warning)"),
	UNCONNECTED_SOURCE_ROLE(26, "a source role is connected, or its events reach no sink (warning)"),
	ALLOCATION_MISMATCH(27, "an allocation is for the model set's system and resource environment, and places"
			+ " their elements only"),
	ALLOCATED_ONCE(28, "every assembly context is allocated exactly once"),
	SCENARIO_WITHOUT_WORKLOAD(29, "a usage scenario has a workload"),
	SCENARIO_WITHOUT_SYSTEM_CALL(30, "a usage scenario calls the system (warning)"),
	LOAD_PROFILE(31, "a load profile can be evaluated: step width, sequence, durations, bursts and noise"),
	SYSTEM_CALL_ROLE(32, "an entry-level system call goes through a provided role of the model set's system"),
	IO_REQUEST(33, "an I/O request has a type and a file set of the I/O configuration"),
	FILE_SET(34, "a file set has a unique name and a size that is not negative"),
	VIRTUALIZED_STORAGE(35, "a virtualized storage has a name, a resource container, a memory length and known"
			+ " file sets"),
	ANALYSIS_MODEL_DEFINITION(36, "an analysis model definition has a name and a kind");

	private final int number;
	private final String summary;

	Rule(int number, String summary) {
		this.number = number;
		this.summary = summary;
	}

	@Override
	public int number() {
		return number;
	}

	@Override
	public String code() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	@Override
	public String summary() {
		return summary;
	}
}
