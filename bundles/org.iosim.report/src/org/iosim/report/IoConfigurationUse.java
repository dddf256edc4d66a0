package org.iosim.report;

import java.util.List;

/**
 * Which I/O configuration a run applied, as its results name it ({@code ioConfiguration} and
 * {@code ioConfigurationsNotApplied} in results.json, the summary of report.html): the same model
 * gives other figures with another one, so results say which.
 *
 * @param applied    the file name of the I/O configuration applied, or null for the model as it is
 * @param notApplied the file names of the I/O configurations beside the model that the run did not apply
 */
public record IoConfigurationUse(String applied, List<String> notApplied) {

	/** How a run without an I/O configuration is named. */
	public static final String NONE = "none: the model as it is";

	public IoConfigurationUse {
		notApplied = List.copyOf(notApplied);
	}

	/** The configuration's file name, or {@value #NONE} with the ones beside the model that were not applied. */
	public String describe() {
		if (applied != null) {
			return applied;
		}
		return notApplied.isEmpty() ? NONE : NONE + " (not applied: " + String.join(", ", notApplied) + ")";
	}
}
