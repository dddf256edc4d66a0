package org.iosim.pcm.validation;

import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.util.Switch;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoPackage;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.pcm.io.LittlesLawMemoryLength;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.io.util.IoSwitch;
import org.iosim.pcm.wiring.Wiring;

/** The rules of the I/O extension's classes: the first package to bring its rules as {@link PackageRules}. */
final class IoRules implements PackageRules {

	@Override
	public EPackage ePackage() {
		return IoPackage.eINSTANCE;
	}

	@Override
	public Switch<Object> rules(RuleChecks checks) {
		return new IoSwitch<>() {

			@Override
			public Object caseIoRequest(IoRequest request) {
				if (request.getType() == null) {
					checks.error(Rule.IO_REQUEST, request, "the I/O request has no type (READ or WRITE)");
				} else if (request.isSynchronous() && request.getType() == IoType.READ) {
					checks.error(Rule.SYNCHRONOUS_WRITE, request,
							"a read cannot be synchronous: 'synchronous' marks a write that waits for stable storage");
				}
				if (checks.requireText(request, request.getSize(), "size")) {
					checks.notNegative(request, request.getSize(), "size");
				}
				checks.probability(request, request.getSequentiality(), "sequentiality");
				checks.wholeNumberAtLeast(request, request.getCount(), "count", 0);
				IoConfiguration configuration = checks.model() == null ? null : Wiring.ioConfiguration(checks.model());
				if (request.getFileSet() == null || request.getFileSet().isBlank()) {
					checks.error(Rule.IO_REQUEST, request, "the I/O request names no file set");
				} else if (configuration != null && Wiring.fileSet(configuration, request.getFileSet()) == null) {
					checks.error(Rule.IO_REQUEST, request,
							"file set '" + request.getFileSet() + "' is not a file set of the I/O configuration ("
							+ fileSetNames(configuration) + ")");
				}
				return null;
			}

			@Override
			public Object caseFileSet(FileSet fileSet) {
				if (fileSet.getName() == null || fileSet.getName().isBlank()) {
					checks.error(Rule.FILE_SET, fileSet, "the file set has no name");
				} else if (fileSet.eContainer() instanceof IoConfiguration configuration
						&& Wiring.fileSet(configuration, fileSet.getName()) != fileSet) {
					checks.error(Rule.FILE_SET, fileSet, "file set '" + fileSet.getName() + "' is defined twice");
				}
				if (fileSet.getSize() < 0) {
					checks.error(Rule.FILE_SET, fileSet,
							"file set '" + fileSet.getName() + "' has the negative size " + fileSet.getSize());
				}
				return null;
			}

			@Override
			public Object caseVirtualizedStorage(VirtualizedStorage storage) {
				if (storage.getName() == null || storage.getName().isBlank()) {
					checks.error(Rule.VIRTUALIZED_STORAGE, storage, "the virtualized storage has no name");
				}
				if (storage.getContainers().isEmpty() && storage.getServedContainers().isEmpty()) {
					checks.error(Rule.VIRTUALIZED_STORAGE, storage, "the virtualized storage names no resource container");
				}
				if (storage.getMemoryLength() == null) {
					checks.error(Rule.VIRTUALIZED_STORAGE, storage,
							"the virtualized storage has no memory length (fixed, or from Eq. 8.1 as mean delay"
							+ " × arrival rate)");
				}
				if (storage.getDefaultFileSet() != null && !storage.getDefaultFileSet().isBlank()
						&& storage.eContainer() instanceof IoConfiguration configuration
						&& Wiring.fileSet(configuration, storage.getDefaultFileSet()) == null) {
					checks.error(Rule.VIRTUALIZED_STORAGE, storage,
							"default file set '" + storage.getDefaultFileSet() + "' is not a file set of the I/O"
							+ " configuration (" + fileSetNames(configuration) + ")");
				}
				checks.probability(storage, storage.getDefaultSequentiality(), "defaultSequentiality");
				return null;
			}

			@Override
			public Object caseFixedMemoryLength(FixedMemoryLength length) {
				if (length.getRequests() < 1) {
					checks.error(Rule.VIRTUALIZED_STORAGE, length,
							"a fixed memory length must be at least 1 request, but is " + length.getRequests());
				}
				return null;
			}

			@Override
			public Object caseLittlesLawMemoryLength(LittlesLawMemoryLength length) {
				double product = length.getMeanDelay() * length.getArrivalRate();
				if (!(length.getMeanDelay() >= 0) || !(length.getArrivalRate() >= 0) || !(product < Integer.MAX_VALUE)) {
					checks.error(Rule.VIRTUALIZED_STORAGE, length,
							"the memory length from Eq. 8.1 (mean delay × arrival rate) needs a mean delay and an"
							+ " arrival rate that are not negative and whose product is below " + Integer.MAX_VALUE
							+ ", but has " + length.getMeanDelay() + " and " + length.getArrivalRate());
				}
				return null;
			}

			@Override
			public Object caseAnalysisModelDefinition(AnalysisModelDefinition definition) {
				if (definition.getName() == null || definition.getName().isBlank()) {
					checks.error(Rule.ANALYSIS_MODEL_DEFINITION, definition, "the analysis model definition has no name");
				}
				if (definition.getKind() == null || definition.getKind().isBlank()) {
					checks.error(Rule.ANALYSIS_MODEL_DEFINITION, definition,
							"analysis model definition '" + definition.getName() + "' has no kind");
				}
				return null;
			}
		};
	}

	private static String fileSetNames(IoConfiguration configuration) {
		return configuration.getFileSets().isEmpty() ? "it defines none"
				: configuration.getFileSets().stream().map(fileSet -> "'" + fileSet.getName() + "'")
						.collect(Collectors.joining(", "));
	}
}
