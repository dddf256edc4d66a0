/**
 * How a kind of action plugs into the architecture simulation: a contribution compiles the actions of
 * its metamodel package into the steps an {@link org.iosim.simulation.actions.ActionCompilation} offers.
 */
package org.iosim.simulation.actions;
