package org.iosim.simulation;

import java.util.ArrayList;
import java.util.List;

import org.iosim.analysis.Contributions;
import org.iosim.simulation.actions.ActionCompilerContribution;

/**
 * The compilers of action kinds beyond the architecture metamodel's own, one per metamodel package
 * ({@link ActionCompilerContribution}): IOSim's I/O extension and whatever plug-ins contribute.
 * {@link #standard()} holds those found once per process, with the problems of those that could not
 * be used; {@link #with} adds others.
 */
public final class ActionCompilers {

	private static volatile ActionCompilers standard;

	private final List<ActionCompilerContribution> contributions;
	private final List<String> problems;

	private ActionCompilers(List<ActionCompilerContribution> contributions, List<String> problems) {
		this.contributions = List.copyOf(contributions);
		this.problems = List.copyOf(problems);
	}

	/**
	 * @return the contributions found through {@code META-INF/services} and, in Eclipse, the extension
	 *         point {@value ActionCompilerContribution#EXTENSION_POINT}; found on the first call, since
	 *         contributions hold no state
	 */
	public static ActionCompilers standard() {
		ActionCompilers found = standard;
		if (found == null) {
			List<String> problems = new ArrayList<>();
			found = new ActionCompilers(Contributions.discover(ActionCompilerContribution.class,
					ActionCompilerContribution.EXTENSION_POINT, "compiler", problems::add), problems);
			standard = found;
		}
		return found;
	}

	/** @return these compilers and {@code more}, e.g. a test's or an application's own, which no discovery finds */
	public ActionCompilers with(ActionCompilerContribution... more) {
		List<ActionCompilerContribution> all = new ArrayList<>(contributions);
		all.addAll(List.of(more));
		return new ActionCompilers(all, problems);
	}

	/** @return the contributions, in the order they were found or given */
	public List<ActionCompilerContribution> contributions() {
		return contributions;
	}

	/** @return a message for each contribution that was found but could not be used */
	public List<String> problems() {
		return problems;
	}
}
