package org.iosim.pcm.validation;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.EObject;

/**
 * What an importer left out of an element because the file held a construct it could not import
 * (and reported as such): a reference whose target it skipped, or a step of a behaviour. The
 * validator then keeps quiet about what only follows from the gap (an unset reference, a chain of
 * actions broken where the step was) and says once that the rest of the behaviour was not checked.
 * Kept as an EMF adapter, like {@link SourceLocation}: it is not part of the model.
 */
public final class NotImported extends AdapterImpl {

	private final Set<String> references = new LinkedHashSet<>();
	private String firstStep;

	private NotImported() {
	}

	/**
	 * Records that reference {@code feature} of {@code owner} is unset because its target was not
	 * imported; for an assembly context, {@code allocation} records that an allocation context meant
	 * for it could not be imported.
	 */
	public static void reference(EObject owner, String feature) {
		of(owner).references.add(feature);
	}

	/**
	 * Records that a step of {@code behaviour} was not imported.
	 *
	 * @param step how messages name the step, e.g. {@code action 'notify' (SignalAction) at line 12}
	 */
	public static void step(EObject behaviour, String step) {
		NotImported gaps = of(behaviour);
		if (gaps.firstStep == null) {
			gaps.firstStep = step;
		}
	}

	/** @return whether reference {@code feature} of {@code owner} was left unset because its target was not imported */
	public static boolean isReferenceLeftOut(EObject owner, String feature) {
		return find(owner).map(gaps -> gaps.references.contains(feature)).orElse(false);
	}

	/** @return the first step of the behaviour that was not imported, if any */
	public static Optional<String> stepLeftOut(EObject behaviour) {
		return find(behaviour).map(gaps -> gaps.firstStep);
	}

	private static NotImported of(EObject element) {
		return find(element).orElseGet(() -> {
			NotImported gaps = new NotImported();
			element.eAdapters().add(gaps);
			return gaps;
		});
	}

	private static Optional<NotImported> find(EObject element) {
		for (Adapter adapter : element.eAdapters()) {
			if (adapter instanceof NotImported gaps) {
				return Optional.of(gaps);
			}
		}
		return Optional.empty();
	}

	@Override
	public boolean isAdapterForType(Object type) {
		return type == NotImported.class;
	}
}
