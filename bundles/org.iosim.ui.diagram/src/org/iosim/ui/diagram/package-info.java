/**
 * IOSim's diagrams of an architecture model, drawn on an SWT canvas and laid out by ELK:
 * {@link org.iosim.ui.diagram.DiagramViewer} shows one {@link org.iosim.ui.diagram.DiagramKind} of a
 * model set and edits it through an EMF editing domain's command stack.
 */
package org.iosim.ui.diagram;
