package org.iosim.analysis;

/**
 * An analysis model failed inside an action it scheduled on the {@link org.iosim.des.SimulationClock}, where no
 * checked {@link AnalysisModelException} can pass (e.g. an embedded sub-model that turns out never to
 * let time pass). The simulation reports its message as it reports an analysis model exception: the
 * message names the model and what is wrong.
 */
public final class AnalysisModelFailure extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public AnalysisModelFailure(String message) {
		super(message);
	}
}
