/**
 * QPME 2.x {@code .qpe} files and the queueing Petri net model ({@link org.iosim.qpn.Net}):
 * {@link org.iosim.qpn.qpe.QpeReader} reads a file into a net with {@link org.iosim.qpn.qpe.QpnDiagnostic}s
 * naming the file and element of every problem, {@link org.iosim.qpn.qpe.QpeWriter} writes a net back
 * so that it reads into an equal one, and {@link org.iosim.qpn.qpe.QpnValidator} judges whether a net
 * can be simulated.
 */
package org.iosim.qpn.qpe;
