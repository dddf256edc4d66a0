package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import java.util.Optional;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;

/** In OSGi, this bundle's plugin.xml contributes {@link ExtensionTestKind} through the extension point. */
class ExtensionPointTest {

	@Test
	void contributedKindIsFoundAndCreatesModels() throws AnalysisModelException {
		assumeTrue(Environment.extensionRegistryAvailable(), "not running in OSGi: no extension registry");
		AnalysisModelRegistry registry = AnalysisModelRegistry.standard();
		Optional<IoAnalysisModelKind> kind = registry.kind(ExtensionTestKind.ID);
		assertTrue(kind.isPresent(), "kinds: " + registry.kinds().stream().map(IoAnalysisModelKind::id).toList()
				+ "; problems: " + registry.problems());
		assertTrue(kind.get() instanceof ExtensionTestKind);
		IoAnalysisModel model = registry.create(new ModelDefinition("contributed", ExtensionTestKind.ID,
				Features.any(), Map.of("delay", "0.125")));
		assertEquals(0.125, model.delay(WorkloadState.of(Map.of())));
	}

	@Test
	void withoutARegistryOnlyOtherSourcesCount() {
		assumeTrue(!Environment.extensionRegistryAvailable(), "running in OSGi");
		assertTrue(AnalysisModelRegistry.standard().kind(ExtensionTestKind.ID).isEmpty());
	}
}
