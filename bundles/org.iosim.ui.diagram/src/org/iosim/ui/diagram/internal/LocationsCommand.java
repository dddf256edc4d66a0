package org.iosim.ui.diagram.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.command.AbstractCommand;

/**
 * Moves nodes (or forgets where the user put them) as a command on the editing domain's stack, so a
 * move is undone and redone with the model changes around it, and makes the host editor dirty: the
 * locations are saved with the model.
 */
public final class LocationsCommand extends AbstractCommand {

	private final SavedLocations locations;
	private final Map<String, Map<String, double[]>> after;
	private final Collection<?> affected;
	private Map<String, Map<String, double[]>> before;

	/** @param after the locations once the command is done, as {@link SavedLocations#snapshot()} gives them */
	public LocationsCommand(String label, SavedLocations locations, Map<String, Map<String, double[]>> after, Collection<?> affected) {
		super(label);
		this.locations = locations;
		this.after = after;
		this.affected = List.copyOf(affected);
	}

	@Override
	protected boolean prepare() {
		return true;
	}

	@Override
	public void execute() {
		before = locations.snapshot();
		locations.replaceAll(after);
	}

	@Override
	public void undo() {
		locations.replaceAll(before);
	}

	@Override
	public void redo() {
		locations.replaceAll(after);
	}

	@Override
	public Collection<?> getAffectedObjects() {
		return affected;
	}
}
