package org.iosim.testing;

import static org.iosim.testing.Ids.slug;
import static org.iosim.testing.ModelBuilder.PCM;

import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceDemandingSeff;

/**
 * Adds roles, passive resources and SEFFs to a basic component of a {@link ModelBuilder}. Roles
 * are named {@code <component>_<interface>} as in Palladio's editors.
 */
public final class ComponentBuilder {

	private final Ids ids;
	private final BasicComponent component;

	ComponentBuilder(Ids ids, BasicComponent component) {
		this.ids = ids;
		this.component = component;
	}

	public ComponentBuilder provides(OperationInterface api) {
		OperationProvidedRole role = ids.identify(PCM.createOperationProvidedRole(), roleId(api), roleName(api));
		role.setProvidedInterface(api);
		component.getProvidedRoles().add(role);
		return this;
	}

	public ComponentBuilder requires(OperationInterface api) {
		OperationRequiredRole role = ids.identify(PCM.createOperationRequiredRole(), roleId(api), roleName(api));
		role.setRequiredInterface(api);
		component.getRequiredRoles().add(role);
		return this;
	}

	private String roleId(OperationInterface api) {
		return "role." + slug(component.getName()) + "." + slug(api.getName());
	}

	private String roleName(OperationInterface api) {
		return component.getName() + "_" + api.getName();
	}

	/** The role through which the component's SEFFs call the interface, for {@link Behaviours#externalCall}. */
	public OperationRequiredRole requiredRole(OperationInterface api) {
		return requiredRole(component, api);
	}

	static OperationRequiredRole requiredRole(RepositoryComponent component, OperationInterface api) {
		return component.getRequiredRoles().stream()
				.filter(role -> role instanceof OperationRequiredRole required && required.getRequiredInterface() == api)
				.map(OperationRequiredRole.class::cast).findFirst().orElseThrow(() -> new IllegalArgumentException(
						"component '" + component.getName() + "' does not require '" + api.getName() + "'"));
	}

	static OperationProvidedRole providedRole(RepositoryComponent component, OperationInterface api) {
		return component.getProvidedRoles().stream()
				.filter(role -> role instanceof OperationProvidedRole provided && provided.getProvidedInterface() == api)
				.map(OperationProvidedRole.class::cast).findFirst().orElseThrow(() -> new IllegalArgumentException(
						"component '" + component.getName() + "' does not provide '" + api.getName() + "'"));
	}

	/** A passive resource (e.g. a lock of capacity 1) for {@link Behaviours#acquire} and {@link Behaviours#release}. */
	public PassiveResource passiveResource(String name, String capacity) {
		PassiveResource resource = ids.identify(PCM.createPassiveResource(), component.getId() + "." + slug(name),
				name);
		resource.setCapacity(capacity);
		component.getPassiveResources().add(resource);
		return resource;
	}

	/** The SEFF of the signature: the actions in order between a start and a stop action. */
	public ComponentBuilder seff(OperationSignature signature, AbstractAction... actions) {
		ResourceDemandingSeff seff = PCM.createResourceDemandingSeff();
		seff.setId(ids.unique("seff." + slug(component.getName()) + "." + slug(signature.getName())));
		seff.setDescribedService(signature);
		Behaviours.chain(seff, actions);
		component.getSeffs().add(seff);
		ids.identifyContents(seff);
		return this;
	}

	public BasicComponent component() {
		return component;
	}
}
