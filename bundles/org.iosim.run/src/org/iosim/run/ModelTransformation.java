package org.iosim.run;

import java.util.Map;

import org.iosim.pcm.ArchitectureModel;

/**
 * A transformation of the user's own that a pipeline inserts between its steps, e.g. a what-if
 * that doubles one container's processing rate before simulating. Written in Java or Xtend,
 * contributed through the extension point {@value #EXTENSION_POINT} in Eclipse and
 * {@code META-INF/services/org.iosim.run.ModelTransformation} on the command line (jars in a
 * folder given with {@code --plugins}), with a public constructor without parameters.
 */
public interface ModelTransformation {

	/** The extension point through which Eclipse plug-ins contribute transformations. */
	String EXTENSION_POINT = "org.iosim.run.transformations";

	/** @return the id a pipeline refers to it by, e.g. {@code scale-processing-rate} */
	String id();

	/** @return what it does and which parameters it takes, for {@code iosim run --transformations} */
	String description();

	/**
	 * @param model      the model as the pipeline holds it at that point; the transformation may
	 *                   change it in place (the pipeline works on its own copy, never on the
	 *                   user's files)
	 * @param parameters the parameters the pipeline gives, as text
	 * @return the model to go on with: {@code model} itself or a new one
	 * @throws IllegalArgumentException naming the parameter or model element that is wrong
	 */
	ArchitectureModel transform(ArchitectureModel model, Map<String, String> parameters);
}
