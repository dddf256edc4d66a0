package org.iosim.qpn.qpe;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Place;
import org.iosim.qpn.PlaceTransitionNet;
import org.iosim.qpn.Subnet;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.internal.QpeFormat;

/**
 * Where the tokens of a subnet place are, as SimQPN sees it: SimQPN replaces every subnet place by
 * the places of its subnet, so a transition that puts tokens into a subnet place puts them into the
 * subnet's "input-place" (its colour reference of the same colour), and one that takes tokens from
 * it takes them from the "output-place". Both are found by these names, the first such place of the
 * subnet, as SimQPN finds them.
 */
public final class Subnets {

	private Subnets() {
	}

	/** @return the subnet's place tokens enter it by ({@code entering}) or leave it by; null if it has none */
	public static Place borderPlace(Subnet subnet, boolean entering) {
		String name = entering ? QpeFormat.SUBNET_INPUT_PLACE : QpeFormat.SUBNET_OUTPUT_PLACE;
		return subnet == null ? null
				: subnet.getPlaces().stream().filter(place -> name.equals(place.getName())).findFirst().orElse(null);
	}

	/**
	 * @param reference a colour of a place
	 * @param entering  whether tokens are put into the place (else taken from it)
	 * @return the colour reference where such tokens really are: the reference itself for a place
	 *         that holds tokens; for a subnet place, that of its input-place or output-place with the
	 *         same colour, followed through nested subnet places; null if there is none
	 */
	public static ColourReference tokenHolder(ColourReference reference, boolean entering) {
		ColourReference current = reference;
		// each step goes one subnet deeper, so containment bounds the loop
		while (current != null && current.eContainer() instanceof SubnetPlace subnetPlace) {
			Place border = borderPlace(subnetPlace.getSubnet(), entering);
			Colour colour = current.getColour();
			current = border == null || colour == null ? null
					: border.getColourReferences().stream().filter(inner -> inner.getColour() == colour).findFirst()
							.orElse(null);
		}
		return current;
	}

	/**
	 * @return the names of the subnet places around the element, outermost first: SimQPN names an
	 *         element of a subnet by them and its own name, joined by {@code .} ({@code DBS.DBS-CPU})
	 */
	public static List<String> enclosingSubnetPlaces(EObject element) {
		List<String> names = new ArrayList<>();
		for (EObject current = element.eContainer(); current != null; current = current.eContainer()) {
			if (current instanceof SubnetPlace place) {
				names.add(0, place.getName());
			}
		}
		return names;
	}

	/** @return the element's name as SimQPN reports it: prefixed by the names of the subnet places around it */
	public static String qualifiedName(EObject element, String name) {
		List<String> names = enclosingSubnetPlaces(element);
		names.add(name);
		return String.join(".", names);
	}

	/** @return whether the colour may be used in the (sub)net: it is its own or one of the nets around it */
	public static boolean isVisible(Colour colour, PlaceTransitionNet where) {
		for (EObject current = where; current != null; current = current.eContainer()) {
			if (current instanceof PlaceTransitionNet owner && owner.getColours().contains(colour)) {
				return true;
			}
		}
		return false;
	}
}
