package org.iosim.pcm.palladio.internal;

import org.iosim.pcm.DlimBurst;
import org.iosim.pcm.DlimCombinator;
import org.iosim.pcm.DlimConstant;
import org.iosim.pcm.DlimExponentialIncreaseLogarithmicDecline;
import org.iosim.pcm.DlimFunction;
import org.iosim.pcm.DlimFunctionContainer;
import org.iosim.pcm.DlimLogarithmicTrend;
import org.iosim.pcm.DlimNormalNoise;
import org.iosim.pcm.DlimOperator;
import org.iosim.pcm.DlimSequence;
import org.iosim.pcm.DlimSin;
import org.iosim.pcm.DlimTrend;
import org.iosim.pcm.DlimUniformNoise;
import org.iosim.pcm.palladio.export.PalladioExportException;

/** A load profile's root sequence as a DLIM document, the file SimuLizar's usage evolution refers to. */
final class DlimExport {

	private DlimExport() {
	}

	/** Writes the root sequence, which starts at time 0, into the document's root element. */
	static void sequence(XmiNode root, DlimSequence sequence) throws PalladioExportException {
		sequence(root, sequence, 0);
	}

	/**
	 * Writes a sequence's own attributes, combinators and containers. DLIM's editor saves the times it
	 * derives (starts, ends, loop and final duration, in the time of the root sequence); they are
	 * written the same way, so that tools reading them without deriving them again see the right values.
	 */
	private static void sequence(XmiNode node, DlimSequence sequence, double start) throws PalladioExportException {
		if (sequence.getName() != null) {
			node.attribute("name", sequence.getName());
		}
		if (sequence.getTerminateAfterTime() != 0) {
			node.attribute("terminateAfterTime", XmiNode.number(sequence.getTerminateAfterTime()));
		}
		if (sequence.getTerminateAfterLoops() != -1) {
			node.attribute("terminateAfterLoops", Integer.toString(sequence.getTerminateAfterLoops()));
		}
		double loop = sequence.getContainers().stream().mapToDouble(DlimFunctionContainer::getDuration).sum();
		int loops = sequence.getTerminateAfterLoops();
		double afterTime = sequence.getTerminateAfterTime();
		double finalDuration = loops < 0 && afterTime <= 0 ? Double.MAX_VALUE
				: loops < 0 ? afterTime : afterTime <= 0 ? loops * loop : Math.min(loops * loop, afterTime);
		if (start != 0) {
			node.attribute("firstIterationStart", XmiNode.number(start));
		}
		node.attribute("firstIterationEnd", XmiNode.number(start + finalDuration));
		node.attribute("loopDuration", XmiNode.number(loop));
		node.attribute("finalDuration", XmiNode.number(finalDuration));
		combinators(node, sequence, start);
		double time = start;
		for (DlimFunctionContainer container : sequence.getContainers()) {
			XmiNode containerNode = node.child("sequenceFunctionContainers");
			if (container.getName() != null) {
				containerNode.attribute("name", container.getName());
			}
			containerNode.attribute("duration", XmiNode.number(container.getDuration()));
			if (time != 0) {
				containerNode.attribute("firstIterationStart", XmiNode.number(time));
			}
			containerNode.attribute("firstIterationEnd", XmiNode.number(time + container.getDuration()));
			if (container.getFunction() != null) {
				function(containerNode.child("function"), container.getFunction(), time);
			}
			time += container.getDuration();
		}
	}

	private static void combinators(XmiNode node, DlimFunction function, double start) throws PalladioExportException {
		for (DlimCombinator combinator : function.getCombine()) {
			XmiNode combinatorNode = node.child("combine");
			if (combinator.getOperator() != DlimOperator.ADD) {
				combinatorNode.attribute("operator", combinator.getOperator().getLiteral());
			}
			if (combinator.getFunction() != null) {
				function(combinatorNode.child("function"), combinator.getFunction(), start);
			}
		}
	}

	/** DLIM's own class names, with the attributes of each as DLIM names them. */
	private static void function(XmiNode node, DlimFunction function, double start) throws PalladioExportException {
		String type = function.eClass().getName().substring("Dlim".length());
		node.attribute("xsi:type", "tools.descartes.dlim:" + type);
		switch (function) {
		case DlimSequence sequence -> {
			sequence(node, sequence, start);
			return;
		}
		case DlimConstant constant -> node.attribute("constant", XmiNode.number(constant.getConstant()));
		case DlimTrend trend -> {
			node.attribute("functionOutputAtStart", XmiNode.number(trend.getFunctionOutputAtStart()));
			node.attribute("functionOutputAtEnd", XmiNode.number(trend.getFunctionOutputAtEnd()));
			if (trend instanceof DlimLogarithmicTrend logarithmic) {
				node.attribute("order", XmiNode.number(logarithmic.getOrder()));
			}
		}
		case DlimSin sin -> {
			node.attribute("min", XmiNode.number(sin.getMin()));
			node.attribute("max", XmiNode.number(sin.getMax()));
			node.attribute("period", XmiNode.number(sin.getPeriod()));
			node.attribute("phase", XmiNode.number(sin.getPhase()));
		}
		case DlimBurst burst -> {
			node.attribute("peak", XmiNode.number(burst.getPeak()));
			node.attribute("base", XmiNode.number(burst.getBase()));
			node.attribute("peakTime", XmiNode.number(burst.getPeakTime()));
			if (burst instanceof DlimExponentialIncreaseLogarithmicDecline logarithmic) {
				node.attribute("logarithmicOrder", XmiNode.number(logarithmic.getLogarithmicOrder()));
			}
		}
		case DlimUniformNoise uniform -> {
			node.attribute("min", XmiNode.number(uniform.getMin()));
			node.attribute("max", XmiNode.number(uniform.getMax()));
		}
		case DlimNormalNoise normal -> {
			node.attribute("mean", XmiNode.number(normal.getMean()));
			node.attribute("standardDeviation", XmiNode.number(normal.getStandardDeviation()));
		}
		default -> throw PalladioExport.cannotWrite(function);
		}
		combinators(node, function, start);
	}
}
