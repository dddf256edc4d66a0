package org.iosim.pcm.tests.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;
import org.iosim.pcm.validation.ModelStatistics;
import org.iosim.pcm.validation.SourceLocation;
import org.junit.jupiter.api.Test;

class DiagnosticTest {

	@Test
	void formatsAllParts() {
		Diagnostic diagnostic = new Diagnostic(Severity.ERROR, "shop.repository", "AComponent/do/compute",
				"InternalAction", "compute", "_x1", "something is wrong");

		assertEquals("shop.repository: AComponent/do/compute (InternalAction 'compute', _x1): something is wrong",
				diagnostic.format());
		assertEquals(diagnostic.format(), diagnostic.toString());
	}

	@Test
	void leavesUnknownPartsOut() {
		assertEquals("(StartAction): no successor",
				new Diagnostic(Severity.ERROR, null, null, "StartAction", null, null, "no successor").format());
		assertEquals("broken.repository: line 12, column 5: XML is not well-formed: oops",
				Diagnostic.inFile(Severity.ERROR, "broken.repository", 12, 5, "XML is not well-formed: oops").format());
		assertEquals("missing.system: the file does not exist",
				Diagnostic.inFile(Severity.ERROR, "missing.system", 0, 0, "the file does not exist").format());
	}

	@Test
	void elementDiagnosticsTakeFileAndLineFromTheNearestSourceLocation() {
		ValidationFixture fixture = new ValidationFixture();
		SourceLocation.attach(fixture.placeSeff, "orders.repository", 14);

		Diagnostic diagnostic = Diagnostic.warning(fixture.check, "slow");

		assertEquals("orders.repository: line 14: Frontend/place/check (InternalAction 'check', place.check): slow",
				diagnostic.format());
		assertEquals(Severity.WARNING, diagnostic.severity());
		assertTrue(SourceLocation.of(fixture.frontend).isEmpty());
	}

	@Test
	void statisticsCountNestedElements() {
		ValidationFixture fixture = new ValidationFixture();

		assertEquals(new ModelStatistics(2, 2, 13, 2, 1), ModelStatistics.of(fixture.model));
	}
}
