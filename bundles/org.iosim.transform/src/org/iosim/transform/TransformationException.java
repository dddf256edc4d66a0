package org.iosim.transform;

import java.util.List;

/** The configuration cannot be applied to the model; each problem names the elements involved. */
public class TransformationException extends Exception {
	private static final long serialVersionUID = 1L;
	private final List<String> problems;

	public TransformationException(List<String> problems) {
		super(String.join(System.lineSeparator(), problems));
		this.problems = List.copyOf(problems);
	}

	public TransformationException(String problem) {
		this(List.of(problem));
	}

	public List<String> problems() {
		return problems;
	}
}
