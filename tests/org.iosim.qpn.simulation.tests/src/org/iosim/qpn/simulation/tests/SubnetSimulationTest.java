package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.FlowDirection;
import org.iosim.qpn.Net;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.Subnet;
import org.iosim.qpn.SubnetColourReference;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.Transition;
import org.iosim.qpn.qpe.QpnValidator;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.junit.jupiter.api.Test;

/**
 * Hierarchical nets are simulated as SimQPN simulates them: a subnet place gives way to its subnet,
 * tokens put into it enter the subnet's input-place, tokens taken from it leave its output-place, and
 * the subnet's places are reported as {@code Subnet.Inner}.
 */
class SubnetSimulationTest {

	private static final double THINK_TIME = 10;
	private static final double DISK_SERVICE_TIME = 1;
	private static final int REQUESTS = 4;

	/**
	 * Four requests think at "Users" (IS), then pass through "input-place", are counted in "actual
	 * population" while the FCFS "Disk" serves them, and return through "output-place". The places and
	 * transitions are in the order in which the hierarchical net's are flattened.
	 */
	private static NetBuilder flatNet() {
		NetBuilder builder = new NetBuilder("server");
		Colour request = builder.colour("req");
		QueueingPlace users = builder.queueingPlace("Users", Strategy.IS, 1);
		QueueingColourReference thinking = builder.exponential(users, request, REQUESTS, THINK_TIME);
		ColourReference entered = builder.hold(builder.place("input-place"), request, 0);
		ColourReference inside = builder.hold(builder.place("actual population"), request, 0);
		ColourReference leaving = builder.hold(builder.place("output-place"), request, 0);
		QueueingPlace disk = builder.queueingPlace("Disk", Strategy.FCFS, 1);
		QueueingColourReference served = builder.exponential(disk, request, 0, DISK_SERVICE_TIME);
		builder.move("enter", thinking, entered);
		builder.move("leave", leaving, thinking);
		builder.mode(builder.transition("in"), 1, new ColourReference[] { entered }, inside, served);
		builder.mode(builder.transition("out"), 1, new ColourReference[] { inside, served }, leaving);
		return builder;
	}

	/**
	 * The flat net with its input-place, actual population, output-place, Disk and the transitions
	 * between them moved into the subnet of a subnet place "Server" where they stood: "enter" now puts
	 * requests into Server, "leave" takes them from it.
	 */
	private static Net hierarchicalNet() {
		Net net = flatNet().net;
		QpnFactory factory = QpnFactory.eINSTANCE;
		SubnetPlace server = factory.createSubnetPlace();
		server.setId("Server");
		server.setName("Server");
		SubnetColourReference crossing = factory.createSubnetColourReference();
		crossing.setId("Server/req");
		crossing.setColour(net.getColours().get(0));
		crossing.setDirection(FlowDirection.BOTH);
		server.getColourReferences().add(crossing);
		Subnet subnet = factory.createSubnet();
		server.setSubnet(subnet);
		List<Place> inner = List.copyOf(net.getPlaces().subList(1, 5));
		subnet.getPlaces().addAll(inner);
		net.getPlaces().add(1, server);
		List<Transition> innerTransitions = List.copyOf(net.getTransitions().subList(2, 4));
		subnet.getTransitions().addAll(innerTransitions);
		// arcs between the subnet's own nodes move in; those crossing its border now end at Server
		for (var arc : List.copyOf(net.getArcs())) {
			boolean fromInside = inner.contains(arc.getSource()) || innerTransitions.contains(arc.getSource());
			boolean toInside = inner.contains(arc.getTarget()) || innerTransitions.contains(arc.getTarget());
			if (fromInside && toInside) {
				subnet.getArcs().add(arc);
			} else if (fromInside) {
				arc.setSource(server);
			} else if (toInside) {
				arc.setTarget(server);
			}
		}
		for (Transition outer : net.getTransitions()) {
			for (var mode : outer.getModes()) {
				for (TokenFlow flow : mode.getInputs()) {
					if (inner.contains(flow.getColourReference().eContainer())) {
						flow.setColourReference(crossing);
					}
				}
				for (TokenFlow flow : mode.getOutputs()) {
					if (inner.contains(flow.getColourReference().eContainer())) {
						flow.setColourReference(crossing);
					}
				}
			}
		}
		return net;
	}

	private static QpnResult run(Net net, long seed) {
		return QpnSimulator.simulate(net, null, new QpnRunSettings(seed, StoppingRule.ABSOLUTE, 200_000, 1_000, 0),
				QpnSimulator.Progress.NONE);
	}

	@Test
	void theHierarchicalNetIsValid() {
		assertEquals(List.of(), new QpnValidator().validate(hierarchicalNet()));
	}

	@Test
	void aSubnetIsSimulatedExactlyAsTheFlatNetItStandsFor() {
		QpnResult flat = run(flatNet().net, 11);
		QpnResult hierarchical = run(hierarchicalNet(), 11);
		assertEquals(flat.events(), hierarchical.events());
		assertEquals(flat.places().size(), hierarchical.places().size());
		for (int index = 0; index < flat.places().size(); index++) {
			PlaceResult expected = flat.places().get(index);
			PlaceResult actual = hierarchical.places().get(index);
			String name = expected.place().equals("Users") ? "Users" : "Server." + expected.place();
			assertEquals(name, actual.place(), "subnet places are named after their subnet place");
			assertEquals(expected.part(), actual.part());
			assertEquals(expected.residenceTime(), actual.residenceTime(), name);
			assertEquals(expected.throughput(), actual.throughput(), name);
		}
	}

	/**
	 * Mean value analysis of the closed network (IS think time Z, one FCFS station with service time
	 * S, N requests): the time in the subnet ("actual population") is the station's response time.
	 */
	@Test
	void theTimeInTheSubnetIsTheResponseTimeMeanValueAnalysisPredicts() {
		double queueLength = 0;
		double responseTime = 0;
		for (int requests = 1; requests <= REQUESTS; requests++) {
			responseTime = DISK_SERVICE_TIME * (1 + queueLength);
			queueLength = requests / (THINK_TIME + responseTime) * responseTime;
		}
		QpnResult result = run(hierarchicalNet(), 3);
		QpnResult.Estimate inside = result.places().stream()
				.filter(place -> place.place().equals("Server.actual population") && place.part() == Part.PLACE)
				.findFirst().orElseThrow().residenceTime();
		assertEquals(responseTime, inside.mean(), 0.02 * responseTime, inside.toString());
		assertTrue(Math.abs(inside.mean() - responseTime) <= 2 * inside.ci95(), inside + " vs " + responseTime);
	}

	@Test
	void aSubnetWithoutItsBorderPlacesIsRefusedByName() {
		Net net = hierarchicalNet();
		SubnetPlace server = (SubnetPlace) net.getPlaces().get(1);
		server.getSubnet().getPlaces().get(0).setName("entrance");
		UnsupportedNetException error = assertThrows(UnsupportedNetException.class, () -> QpnSimulator.check(net, null));
		assertEquals("transition 'enter' (enter), mode 'enter#0': a token flow into subnet place 'Server' finds no place"
				+ " 'input-place' of colour 'req' in its subnet", error.getMessage());
		assertTrue(new QpnValidator().validate(net).stream().anyMatch(problem -> problem.isError()
				&& problem.message().contains("its subnet has no place 'input-place' with that colour")));
	}

	@Test
	void capacitiesAreRefusedAsSimQpnRefusesThem() {
		Net net = hierarchicalNet();
		OrdinaryPlace inside = (OrdinaryPlace) ((SubnetPlace) net.getPlaces().get(1)).getSubnet().getPlaces().get(1);
		inside.getColourReferences().get(0).setMaximumCapacity(3);
		UnsupportedNetException error = assertThrows(UnsupportedNetException.class, () -> QpnSimulator.check(net, null));
		assertEquals("place 'Server.actual population' (actual population), colour 'req': a maximum capacity is not"
				+ " simulated yet (maximum-capacity 3; SimQPN, whose semantics IOSim follows, refuses such nets too);"
				+ " set it to 0, no limit", error.getMessage());
	}
}
