package org.iosim.simulation.internal.io;

import org.eclipse.emf.ecore.util.Switch;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.util.IoSwitch;
import org.iosim.simulation.actions.ActionCompilation;
import org.iosim.simulation.actions.ActionCompilerContribution;
import org.iosim.simulation.actions.StorageRequest;
import org.iosim.stoex.CompiledExpression;

/**
 * The I/O extension's actions, compiled as any contributed kind of action is: an I/O action is an
 * internal action (its demands and calls) followed by its requests, each repeated as often as its
 * count says, to the virtualized storage serving the component's container.
 */
public final class IoActionCompiler implements ActionCompilerContribution {

	@Override
	public Switch<Boolean> compiler(ActionCompilation compilation) {
		return new IoSwitch<>() {
			@Override
			public Boolean caseIoAction(IoAction action) {
				compilation.internalAction(action);
				for (IoRequest request : action.getRequests()) {
					if (request.getType() == null || request.getFileSet() == null) {
						throw compilation.unsimulatable(action, "has an I/O request without type or file set");
					}
					StorageRequest compiled = new StorageRequest(request.getType(),
							compilation.expression(action, "I/O request size", request.getSize()),
							compilation.expression(action, "sequentiality",
									request.getSequentiality() == null ? "0" : request.getSequentiality()),
							request.getFileSet(), request.isSynchronous());
					CompiledExpression count = compilation.expression(action, "I/O request count",
							request.getCount() == null ? "1" : request.getCount());
					compilation.repeat(action, count, body -> body.storageRequest(action, compiled));
				}
				return Boolean.TRUE;
			}
		};
	}
}
