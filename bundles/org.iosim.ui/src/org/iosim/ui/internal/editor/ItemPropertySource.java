package org.iosim.ui.internal.editor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;

/**
 * One model element in the Properties view: its properties are the item provider's
 * {@link IItemPropertyDescriptor}s, followed by those of the contained objects a modeller edits as
 * part of the element (an internal action's resource demands, a call's parameters, a branch's
 * transitions, a scenario's workload, an I/O action's requests), each contained object under a
 * category of its own. A change goes through the editing domain's command stack (so the editor can
 * undo it and becomes dirty).
 */
final class ItemPropertySource implements IPropertySource {

	/**
	 * By element kind (its class or any supertype): the containment paths, as feature names, whose
	 * objects' properties are rows of the element. Names rather than generated literals because the
	 * paths cross the pcm and io packages (ContainedPropertiesTest reads rows through them).
	 */
	static final Map<String, List<List<String>>> CONTAINED_ROWS = Map.ofEntries(
			Map.entry("AbstractInternalControlFlowAction", List.of(List.of("resourceDemands"))),
			Map.entry("IoAction", List.of(List.of("requests"))),
			Map.entry("ExternalCallAction", List.of(List.of("inputVariableUsages", "characterisations"),
					List.of("returnVariableUsages", "characterisations"))),
			Map.entry("EntryLevelSystemCall", List.of(List.of("inputVariableUsages", "characterisations"))),
			Map.entry("InternalCallAction", List.of(List.of("inputVariableUsages", "characterisations"))),
			Map.entry("EmitEventAction", List.of(List.of("inputVariableUsages", "characterisations"))),
			Map.entry("BranchAction", List.of(List.of("branches"))),
			Map.entry("UsageScenario", List.of(List.of("workload"))),
			Map.entry("ResourceContainer", List.of(List.of("processingResources"))),
			Map.entry("BasicComponent", List.of(List.of("passiveResources"))));

	/** Which object a row edits and how: the property source's id of a row. */
	record Row(Object owner, IItemPropertyDescriptor descriptor, Object descriptorId) {}

	private final Object object;
	private final AdapterFactory adapterFactory;

	private ItemPropertySource(Object object, AdapterFactory adapterFactory) {
		this.object = object;
		this.adapterFactory = adapterFactory;
	}

	/** @return the element's property source, or null when its item provider has none */
	static IPropertySource of(Object object, AdapterFactory adapterFactory) {
		return adapterFactory.adapt(object, IItemPropertySource.class) instanceof IItemPropertySource
				? new ItemPropertySource(object, adapterFactory) : null;
	}

	@Override
	public Object getEditableValue() {
		return object;
	}

	@Override
	public IPropertyDescriptor[] getPropertyDescriptors() {
		List<IPropertyDescriptor> rows = new ArrayList<>(rowsOf(object, null));
		for (Object contained : containedObjects()) {
			rows.addAll(rowsOf(contained, categoryOf(contained)));
		}
		return rows.toArray(IPropertyDescriptor[]::new);
	}

	private List<PropertyEditing> rowsOf(Object owner, String category) {
		if (!(adapterFactory.adapt(owner, IItemPropertySource.class) instanceof IItemPropertySource source)) {
			return List.of();
		}
		return source.getPropertyDescriptors(owner).stream()
				.map(descriptor -> new PropertyEditing(owner, descriptor,
						new Row(owner, descriptor, descriptor.getId(owner)), category))
				.toList();
	}

	/** The objects the table names for the element's kind, in the order of the paths and the model. */
	private List<Object> containedObjects() {
		if (!(object instanceof EObject element)) {
			return List.of();
		}
		List<Object> contained = new ArrayList<>();
		for (List<String> path : pathsOf(element.eClass())) {
			List<EObject> reached = List.of(element);
			for (String featureName : path) {
				List<EObject> next = new ArrayList<>();
				for (EObject step : reached) {
					EStructuralFeature feature = step.eClass().getEStructuralFeature(featureName);
					Object value = feature == null ? null : step.eGet(feature);
					if (value instanceof Collection<?> values) {
						values.stream().filter(EObject.class::isInstance).map(EObject.class::cast).forEach(next::add);
					} else if (value instanceof EObject single) {
						next.add(single);
					}
				}
				reached = next;
			}
			contained.addAll(reached);
		}
		return contained;
	}

	private static List<List<String>> pathsOf(EClass kind) {
		List<List<String>> paths = new ArrayList<>(CONTAINED_ROWS.getOrDefault(kind.getName(), List.of()));
		for (EClass supertype : kind.getEAllSuperTypes()) {
			paths.addAll(CONTAINED_ROWS.getOrDefault(supertype.getName(), List.of()));
		}
		return paths;
	}

	/** A contained object's rows are grouped under its label, e.g. the demand's "CPU: Exp(0.05)". */
	private String categoryOf(Object contained) {
		return adapterFactory.adapt(contained, IItemLabelProvider.class) instanceof IItemLabelProvider labels
				? labels.getText(contained) : String.valueOf(contained);
	}

	@Override
	public Object getPropertyValue(Object id) {
		Row row = row(id);
		return PropertyEditing.valueOf(row.owner(), row.descriptor());
	}

	@Override
	public boolean isPropertySet(Object id) {
		Row row = row(id);
		return row.descriptor().isPropertySet(row.owner());
	}

	@Override
	public void resetPropertyValue(Object id) {
		Row row = row(id);
		row.descriptor().resetPropertyValue(row.owner());
	}

	@Override
	public void setPropertyValue(Object id, Object value) {
		Row row = row(id);
		row.descriptor().setPropertyValue(row.owner(), value);
	}

	private static Row row(Object id) {
		if (id instanceof Row row) {
			return row;
		}
		throw new IllegalArgumentException("not a row of this property source: " + id);
	}
}
