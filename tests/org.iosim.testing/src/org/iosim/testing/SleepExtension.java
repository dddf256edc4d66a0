package org.iosim.testing;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EcoreFactory;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.emf.ecore.util.Switch;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;

/**
 * A metamodel package IOSim does not know, as a third party would add one: {@code SleepAction}, an
 * internal action that also waits for a sampled {@code duration}. It shows that a package extending
 * the architecture metamodel brings its validation rules and its compiler without changes to IOSim.
 * The package is built at run time; its actions are objects of the architecture package's internal
 * action whose class is set to {@code SleepAction}, so they are internal actions to Java, as the
 * generated code of such a package would make them.
 */
public final class SleepExtension {

	public static final EPackage PACKAGE;
	public static final EClass SLEEP_ACTION;
	public static final EAttribute DURATION;

	static {
		EcoreFactory ecore = EcoreFactory.eINSTANCE;
		PACKAGE = ecore.createEPackage();
		PACKAGE.setName("sleep");
		PACKAGE.setNsPrefix("sleep");
		PACKAGE.setNsURI("http://iosim.org/tests/sleep");
		SLEEP_ACTION = ecore.createEClass();
		SLEEP_ACTION.setName("SleepAction");
		SLEEP_ACTION.getESuperTypes().add(PcmPackage.Literals.INTERNAL_ACTION);
		DURATION = ecore.createEAttribute();
		DURATION.setName("duration");
		DURATION.setEType(PcmPackage.Literals.STO_EX);
		SLEEP_ACTION.getEStructuralFeatures().add(DURATION);
		PACKAGE.getEClassifiers().add(SLEEP_ACTION);
	}

	private SleepExtension() {
	}

	/** @return a sleep action waiting for {@code duration}, a stochastic expression */
	public static InternalAction sleep(String name, String duration) {
		InternalAction action = PcmFactory.eINSTANCE.createInternalAction();
		((InternalEObject) action).eSetClass(SLEEP_ACTION);
		action.setName(name);
		action.eSet(DURATION, duration);
		return action;
	}

	public static String duration(EObject sleepAction) {
		return (String) sleepAction.eGet(DURATION);
	}

	/** The package's switch, as EMF would generate it for its one class. */
	public abstract static class SleepSwitch<T> extends Switch<T> {

		@Override
		protected boolean isSwitchFor(EPackage ePackage) {
			return ePackage == PACKAGE;
		}

		@Override
		protected T doSwitch(int classifierID, EObject object) {
			T result = classifierID == SLEEP_ACTION.getClassifierID() ? caseSleepAction((InternalAction) object) : null;
			return result != null ? result : defaultCase(object);
		}

		/** @return the result for a sleep action, or null to go on with the default case */
		protected abstract T caseSleepAction(InternalAction action);
	}
}
