package org.iosim.pcm.validation;

import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.BasicDiagnostic;
import org.eclipse.emf.common.util.DiagnosticChain;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.io.IoConfiguration;

/**
 * IOSim's validation rules as an EMF {@link EValidator}, so that EMF's
 * {@link org.eclipse.emf.ecore.util.Diagnostician} (and the editors and views built on it) report what
 * {@link ModelValidator} reports: for each element, the diagnostics {@link ModelValidator} finds when it
 * comes to that element, in the same order, as {@link org.eclipse.emf.common.util.Diagnostic}s with
 * <ul>
 * <li>severity {@link org.eclipse.emf.common.util.Diagnostic#ERROR ERROR} or
 * {@link org.eclipse.emf.common.util.Diagnostic#WARNING WARNING},</li>
 * <li>source {@link #DIAGNOSTIC_SOURCE} and code the {@link Rule#number() number} of the rule that found it,</li>
 * <li>message the IOSim message text ({@link Diagnostic#message()}),</li>
 * <li>data: first the element the problem is about (EMF's convention, e.g. for selecting it), then the
 * IOSim {@link Diagnostic} itself, which says where the element is ({@link Diagnostic#where()}: file,
 * line, path).</li>
 * </ul>
 * Only IOSim's rules run: EMF's generic checks ({@link org.eclipse.emf.ecore.util.EObjectValidator}:
 * multiplicities, proxies, ...) would repeat the rules' own reference checks in other words.
 * <p>
 * The rules are defined for a model set and for an I/O configuration on its own (the two things
 * {@link ModelValidator} validates), so an element is validated when the root of its containment tree is an
 * {@link ArchitectureModel} or an {@link IoConfiguration}; elements of other trees (e.g. a lone
 * repository) pass without diagnostics.
 * <p>
 * EMF has no extension point for validators (org.eclipse.emf.ecore declares none, and generated packages
 * register theirs in code), so {@link #register()} must be called once, e.g. when a workbench starts.
 */
public final class IosimValidator implements EValidator {

	/** {@link org.eclipse.emf.common.util.Diagnostic#getSource() Source} of the diagnostics reported. */
	public static final String DIAGNOSTIC_SOURCE = "org.iosim.pcm";

	public static final IosimValidator INSTANCE = new IosimValidator();

	private IosimValidator() {
	}

	/**
	 * Registers {@link #INSTANCE} for {@link PcmPackage} and every package with {@link PackageRules} (the
	 * I/O extension's, and those registered later) in {@link EValidator.Registry#INSTANCE}, replacing
	 * EMF's default validation of their elements. Calling it again changes nothing.
	 */
	public static void register() {
		EValidator.Registry.INSTANCE.put(PcmPackage.eINSTANCE, INSTANCE);
		ModelValidator.extensionPackages().forEach(extension -> EValidator.Registry.INSTANCE.put(extension, INSTANCE));
	}

	/** Registers {@link #INSTANCE} for a package whose rules were registered after {@link #register()} was called. */
	static void followRegistration(EPackage extension) {
		if (EValidator.Registry.INSTANCE.get(PcmPackage.eINSTANCE) == INSTANCE) {
			EValidator.Registry.INSTANCE.put(extension, INSTANCE);
		}
	}

	@Override
	public boolean validate(EObject eObject, DiagnosticChain diagnostics, Map<Object, Object> context) {
		return validate(eObject.eClass(), eObject, diagnostics, context);
	}

	/** @return whether the element has no errors (warnings leave it valid) */
	@Override
	public boolean validate(EClass eClass, EObject eObject, DiagnosticChain diagnostics, Map<Object, Object> context) {
		EObject root = EcoreUtil.getRootContainer(eObject);
		ArchitectureModel model;
		if (root instanceof ArchitectureModel modelSet) {
			model = modelSet;
		} else if (root instanceof IoConfiguration) {
			model = null;
		} else {
			return true;
		}
		Findings findings = ModelValidator.validateElement(model, eObject, context);
		List<Diagnostic> problems = findings.diagnostics();
		boolean valid = true;
		for (int index = 0; index < problems.size(); index++) {
			Diagnostic problem = problems.get(index);
			valid &= !problem.isError();
			if (diagnostics != null) {
				diagnostics.add(new BasicDiagnostic(
						problem.isError() ? org.eclipse.emf.common.util.Diagnostic.ERROR
								: org.eclipse.emf.common.util.Diagnostic.WARNING,
						DIAGNOSTIC_SOURCE, problem.rule().number(), problem.message(), new Object[] { findings.subject(index), problem }));
			}
		}
		return valid;
	}

	/**
	 * Values of the metamodel's data types are checked by the rules of the elements that hold them (a
	 * stochastic expression's message names its attribute), so there is nothing to check here.
	 */
	@Override
	public boolean validate(EDataType eDataType, Object value, DiagnosticChain diagnostics,
			Map<Object, Object> context) {
		return true;
	}
}
