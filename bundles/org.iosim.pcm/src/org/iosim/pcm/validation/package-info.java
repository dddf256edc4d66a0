/**
 * Checks that an architecture model can be simulated ({@link org.iosim.pcm.validation.ModelValidator}),
 * and the diagnostics that importers and validators report, with the file and line an element came
 * from ({@link org.iosim.pcm.validation.SourceLocation}).
 */
package org.iosim.pcm.validation;
