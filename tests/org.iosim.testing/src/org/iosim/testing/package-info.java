/**
 * Test fixtures shared by IOSim's test bundles: builders of complete model sets
 * ({@link org.iosim.testing.ModelBuilder}, {@link org.iosim.testing.SingleServerModel}), their SEFF actions
 * ({@link org.iosim.testing.Behaviours}) and I/O configurations ({@link org.iosim.testing.IoConfigurationBuilder}).
 */
package org.iosim.testing;
