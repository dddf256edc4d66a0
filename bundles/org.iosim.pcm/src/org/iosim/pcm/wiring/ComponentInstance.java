package org.iosim.pcm.wiring;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.ComposedStructure;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Entity;
import org.iosim.pcm.Identified;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.SoftwareSystem;

/**
 * One component at run time: the assembly contexts from the system down through the composite
 * components that contain it. The same assembly context inside two instances of a composite gives
 * two component instances.
 *
 * @param path the assembly contexts, outermost first; never empty
 */
public record ComponentInstance(List<AssemblyContext> path) {

	public ComponentInstance {
		path = List.copyOf(path);
		if (path.isEmpty()) {
			throw new IllegalArgumentException("a component instance needs at least one assembly context");
		}
	}

	/** An assembly context of the system itself. */
	public static ComponentInstance ofSystem(AssemblyContext context) {
		return new ComponentInstance(List.of(context));
	}

	/** An assembly context inside the composite component of this instance. */
	public ComponentInstance child(AssemblyContext context) {
		List<AssemblyContext> longer = new ArrayList<>(path);
		longer.add(context);
		return new ComponentInstance(longer);
	}

	public AssemblyContext context() {
		return path.get(path.size() - 1);
	}

	/** @return the instance of the enclosing composite component, or null at the system level */
	public ComponentInstance parent() {
		return path.size() == 1 ? null : new ComponentInstance(path.subList(0, path.size() - 1));
	}

	/** @return the outermost assembly context, the one the allocation places on a container */
	public AssemblyContext allocated() {
		return path.get(0);
	}

	public RepositoryComponent component() {
		return context().getComponent();
	}

	/** @return the system or composite component whose connectors wire this instance */
	public ComposedStructure enclosingStructure(SoftwareSystem system) {
		return path.size() == 1 ? system : (CompositeComponent) path.get(path.size() - 2).getComponent();
	}

	/** @return the names of the assembly contexts joined by {@code /}, e.g. {@code Shop/Catalog} */
	public String name() {
		StringBuilder name = new StringBuilder();
		for (AssemblyContext step : path) {
			if (!name.isEmpty()) {
				name.append('/');
			}
			name.append(nameOf(step));
		}
		return name.toString();
	}

	/** @return the element's name, or its type and id when it has none: how messages and results name elements */
	public static String nameOf(EObject element) {
		if (element instanceof Entity entity && entity.getName() != null && !entity.getName().isBlank()) {
			return entity.getName();
		}
		return element instanceof Identified identified && identified.getId() != null
				? element.eClass().getName() + " " + identified.getId()
				: element.eClass().getName();
	}

	@Override
	public String toString() {
		return name();
	}
}
