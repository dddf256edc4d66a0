package org.iosim.simulation.actions;

import org.iosim.pcm.io.IoType;
import org.iosim.stoex.CompiledExpression;

/**
 * One I/O request as the storage's analysis model receives it (001 §6: type, size, sequentiality,
 * file set); {@code synchronous} marks a write that waits for stable storage.
 */
public record StorageRequest(IoType type, CompiledExpression size, CompiledExpression sequentiality, String fileSet,
		boolean synchronous) {
}
