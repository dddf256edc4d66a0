package org.iosim.ui.diagram.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.CollectionIteratorAction;
import org.iosim.pcm.Delay;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.Entity;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.InfrastructureCall;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.Loop;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.ScenarioBranchTransition;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.VirtualizedStorage;

/**
 * The text of a node: the item providers' label of its element (what the model editor's tree shows),
 * then one line per detail that matters in the diagram (demands, I/O requests, called services,
 * iteration counts, probabilities, rates).
 */
final class Labels {

	private final AdapterFactory adapterFactory;

	Labels(AdapterFactory adapterFactory) {
		this.adapterFactory = adapterFactory;
	}

	/** The item providers' label; the generated one of an I/O action lacks the "I/O". */
	String title(EObject element) {
		if (element instanceof IoAction action) {
			return action.getName() == null || action.getName().isEmpty() ? "I/O Action" : "I/O Action " + action.getName();
		}
		if (element instanceof ProcessingResourceSpecification resource) {
			String type = resource.getResourceType() == null ? "Processing resource" : name(resource.getResourceType());
			return resource instanceof HddProcessingResourceSpecification ? type + " (HDD)" : type;
		}
		if (element instanceof ResourceDemandingSeff seff) {
			return "RDSEFF " + (seff.getDescribedService() == null ? "" : name(seff.getDescribedService()));
		}
		if (element instanceof VirtualizedStorage storage) {
			return "Virtualized Storage " + (storage.getName() == null ? "" : storage.getName());
		}
		IItemLabelProvider provider = (IItemLabelProvider) adapterFactory.adapt(element, IItemLabelProvider.class);
		return provider == null ? element.eClass().getName() : provider.getText(element);
	}

	/** The title and the details, one a line. */
	String text(EObject element) {
		StringJoiner lines = new StringJoiner("\n");
		lines.add(title(element));
		details(element).forEach(lines::add);
		return lines.toString();
	}

	private List<String> details(EObject element) {
		List<String> lines = new ArrayList<>();
		if (element instanceof AbstractInternalControlFlowAction action) {
			for (ParametricResourceDemand demand : action.getResourceDemands()) {
				lines.add(name(demand.getRequiredResource()) + ": " + demand.getDemand());
			}
			for (ResourceCall call : action.getResourceCalls()) {
				lines.add("calls " + name(call.getSignature()) + " × " + call.getNumberOfCalls());
			}
			for (InfrastructureCall call : action.getInfrastructureCalls()) {
				lines.add("calls " + name(call.getSignature()) + " × " + call.getNumberOfCalls());
			}
		}
		switch (element) {
			case IoAction action -> action.getRequests().forEach(request -> lines.add(request(request)));
			case ExternalCallAction call -> lines.add("calls " + name(call.getRole()) + "." + name(call.getSignature()));
			case InternalCallAction call -> lines.add("calls " + (call.getBehaviour() == null ? "?" : call.getBehaviour().getName()));
			case EmitEventAction emit -> lines.add("emits " + name(emit.getEventType()));
			case AcquireAction acquire -> lines.add("acquires " + name(acquire.getPassiveResource()));
			case ReleaseAction release -> lines.add("releases " + name(release.getPassiveResource()));
			case LoopAction loop -> lines.add("iterations: " + loop.getIterationCount());
			case CollectionIteratorAction iterator -> lines.add("for each element of "
					+ (iterator.getParameter() == null ? "?" : iterator.getParameter().getName()));
			case ProbabilisticBranchTransition transition -> lines.add("probability " + transition.getProbability());
			case GuardedBranchTransition transition -> lines.add("if " + transition.getCondition());
			case ScenarioBranchTransition transition -> lines.add("probability " + transition.getProbability());
			case Delay delay -> lines.add("time: " + delay.getTime());
			case Loop loop -> lines.add("iterations: " + loop.getIterations());
			case EntryLevelSystemCall call -> lines.add("calls " + name(call.getProvidedRole()) + "." + name(call.getSignature()));
			case ClosedWorkload closed -> lines.add("think time: " + closed.getThinkTime());
			case OpenWorkload open -> lines.add("inter-arrival time: " + open.getInterArrivalTime());
			case AssemblyContext assembly -> lines.add("of " + name(assembly.getComponent()));
			case HddProcessingResourceSpecification hdd -> {
				lines.add("read rate: " + hdd.getReadProcessingRate());
				lines.add("write rate: " + hdd.getWriteProcessingRate());
			}
			case ProcessingResourceSpecification resource -> {
				lines.add("rate: " + resource.getProcessingRate()
						+ (resource.getNumberOfReplicas() > 1 ? " × " + resource.getNumberOfReplicas() : ""));
				if (resource.getSchedulingPolicy() != null) {
					lines.add(name(resource.getSchedulingPolicy()));
				}
			}
			case LinkingResource link -> {
				lines.add("latency: " + link.getLatency());
				lines.add("throughput: " + link.getThroughput());
			}
			case VirtualizedStorage storage -> {
				if (storage.getAnalysisModel() != null && storage.getAnalysisModel().getName() != null) {
					lines.add("analysis model: " + storage.getAnalysisModel().getName());
				}
			}
			default -> {
				// the title says all there is
			}
		}
		return lines;
	}

	private static String request(IoRequest request) {
		StringBuilder text = new StringBuilder();
		text.append(request.getType()).append(' ').append(request.getSize()).append(" bytes");
		if (request.getCount() != null && !"1".equals(request.getCount())) {
			text.append(" × ").append(request.getCount());
		}
		if (request.getSequentiality() != null && !"0".equals(request.getSequentiality())) {
			text.append(", sequential ").append(request.getSequentiality());
		}
		if (request.getFileSet() != null) {
			text.append(", file set ").append(request.getFileSet());
		}
		if (request.isSynchronous()) {
			text.append(", synchronous");
		}
		return text.toString();
	}

	static String name(EObject element) {
		if (element instanceof Entity entity && entity.getName() != null && !entity.getName().isEmpty()) {
			return entity.getName();
		}
		return element == null ? "?" : element.eClass().getName();
	}
}
