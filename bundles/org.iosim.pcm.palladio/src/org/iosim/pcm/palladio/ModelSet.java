package org.iosim.pcm.palladio;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.iosim.pcm.ArchitectureModel;

/**
 * One simulatable model set: an allocation with its system, resource environment, repositories and
 * the usage model that calls that system, gathered into one self-contained architecture model.
 *
 * @param name  the allocation file's base name, followed by {@code +} and the usage model's base
 *              name when several usage models use the allocation's system (e.g. {@code default+default_c4})
 * @param model the imported model; parts the files do not provide are missing (the validator says which)
 * @param files the files the model set was read from, as the user named them or relative to those
 */
public record ModelSet(String name, ArchitectureModel model, List<Path> files) {

	public ModelSet {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(model, "model");
		files = List.copyOf(files);
	}
}
