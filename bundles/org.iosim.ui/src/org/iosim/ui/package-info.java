/**
 * IOSim's Eclipse workbench: the model editor, the "IOSim Simulation" launch configuration type,
 * the results view and the IOSim perspective. Its public face is {@link org.iosim.ui.IosimUi}: the
 * ids that other plug-ins and tests refer to.
 */
package org.iosim.ui;
