package org.iosim.pcm.palladio.internal;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.CompositeComponent;
import org.iosim.pcm.Identified;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.SchedulingPolicy;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.NotImported;
import org.iosim.pcm.validation.SourceLocation;

/**
 * Builds the architecture model of one model set from Palladio files: converts each file the set
 * needs (its seeds and every file they refer to) exactly once, then resolves the references the
 * files make, following them into further files. Every model set gets its own elements, so a
 * repository shared by several model sets is converted once per model set.
 */
final class ModelSetBuilder {

	/** A reference read from a file, resolved once all files it may point into are known. */
	private record PendingReference(EObject owner, EReference feature, XmlElement where, String written) {
	}

	private final ParsedFiles files;
	private final DefaultModels defaults = new DefaultModels();
	private final ImportDiagnostics diagnostics = new ImportDiagnostics();
	private final PcmMapper mapper = new PcmMapper(this);
	private final ArchitectureModel model = PcmFactory.eINSTANCE.createArchitectureModel();
	private final Map<XmlElement, EObject> elements = new IdentityHashMap<>();
	private final Set<XmlElement> skipped = Collections.newSetFromMap(new IdentityHashMap<>());
	private final Map<XmlElement, String> rejectedRoots = new IdentityHashMap<>();
	private final Set<XmiFile> convertedFiles = new LinkedHashSet<>();
	private final Set<String> unreadableFilesReported = new HashSet<>();
	private final Map<String, SchedulingPolicy> extensionPolicies = new HashMap<>();
	private final Deque<PendingReference> pending = new ArrayDeque<>();
	private final Deque<PendingReference> backReferences = new ArrayDeque<>();
	private final Set<CompositeComponent> subsystems = new LinkedHashSet<>();

	/**
	 * @param anchor the file that names the model set (its allocation or usage model); diagnostics
	 *               about the model set as a whole point there
	 */
	ModelSetBuilder(ParsedFiles files, String name, XmiFile anchor) {
		this.files = files;
		model.setName(name);
		model.setResourceRepository(defaults.resourceRepository());
		SourceLocation.attach(model, anchor.displayName(), 0);
	}

	// ------------------------------------------------------------------ for the mapper

	ImportDiagnostics diagnostics() {
		return diagnostics;
	}

	DefaultModels defaults() {
		return defaults;
	}

	/** Records that the element was imported as {@code object}, and where it came from. */
	<T extends EObject> T register(XmlElement element, T object) {
		elements.put(element, object);
		SourceLocation.attach(object, element.file().displayName(), element.line());
		return object;
	}

	/** Records that the element stands for an existing object (a built-in default), keeping its location. */
	void alias(XmlElement element, EObject object) {
		elements.put(element, object);
	}

	/** Records that a composed structure read as composite component is a PCM subsystem, to be flattened. */
	void subsystem(CompositeComponent subsystem) {
		subsystems.add(subsystem);
	}

	/** Records that the element was not imported and its absence already reported. */
	void skip(XmlElement element) {
		skipped.add(element);
	}

	/**
	 * Reads the reference {@code feature} of {@code owner}, written either as an attribute holding
	 * space-separated ids or as child elements with {@code href}, under any of the names.
	 */
	void refer(EObject owner, EReference feature, ElementFields fields, String... names) {
		collect(owner, feature, fields, names, pending);
	}

	/**
	 * Like {@link #refer}, for the back direction of a bidirectional reference (predecessor): applied
	 * only after all forward references, and only where they leave it open.
	 */
	void referBack(EObject owner, EReference feature, ElementFields fields, String... names) {
		collect(owner, feature, fields, names, backReferences);
	}

	private void collect(EObject owner, EReference feature, ElementFields fields, String[] names,
			Deque<PendingReference> queue) {
		String ids = fields.attribute(names);
		if (ids != null) {
			for (String token : ids.trim().split("\\s+")) {
				if (!token.isEmpty()) {
					queue.add(new PendingReference(owner, feature, fields.element(), token));
				}
			}
		}
		for (XmlElement child : fields.children(names)) {
			String href = child.attribute("href");
			if (href == null || href.isBlank()) {
				diagnostics.error(owner, child, "reference '" + feature.getName() + "' has no href");
			} else {
				queue.add(new PendingReference(owner, feature, child, href.trim()));
			}
		}
	}

	// ------------------------------------------------------------------ building

	/** Converts a file the model set is built from (its allocation, usage model, ...). */
	void add(XmiFile file) {
		convert(file);
	}

	ArchitectureModel build() {
		while (!pending.isEmpty() || !backReferences.isEmpty()) {
			while (!pending.isEmpty()) {
				PendingReference reference = pending.removeFirst();
				EObject target = locate(reference);
				if (target != null && fits(reference, target)) {
					set(reference, target);
				}
			}
			if (!backReferences.isEmpty()) {
				PendingReference reference = backReferences.removeFirst();
				EObject target = locate(reference);
				if (target != null && fits(reference, target)) {
					setBack(reference, target);
				}
			}
		}
		if (!subsystems.isEmpty()) {
			new SubsystemFlattening(model, subsystems, diagnostics).flatten();
		}
		reportDuplicateIds();
		return model;
	}

	/** @return what the import of this model set found, once {@link #build()} has run */
	List<Diagnostic> problems() {
		return diagnostics.all();
	}

	/** @return the files the model set was built from, as the user named them */
	List<Path> files() {
		List<Path> paths = new ArrayList<>();
		for (XmiFile file : convertedFiles) {
			paths.add(Path.of(file.displayName()));
		}
		return paths;
	}

	Set<Path> usedPaths() {
		Set<Path> paths = new HashSet<>();
		for (XmiFile file : convertedFiles) {
			paths.add(file.path());
		}
		return paths;
	}

	private void convert(XmiFile file) {
		if (!convertedFiles.add(file)) {
			return;
		}
		for (XmlElement root : file.roots()) {
			ModelKind kind = ModelKind.of(root);
			if (kind == null && ProfileApplications.isProfileApplication(root)) {
				diagnostics.add(ProfileApplications.ignored(root));
				skip(root);
				continue;
			}
			if (kind == null) {
				diagnostics.add(ModelKind.notAModel(root));
				skip(root);
				continue;
			}
			warnAboutOtherPcmVersion(root);
			switch (kind) {
			case REPOSITORY -> model.getRepositories().add(mapper.repository(root));
			case SYSTEM -> {
				if (admit(root, model.getSystem(), "system")) {
					model.setSystem(mapper.system(root));
				}
			}
			case RESOURCE_ENVIRONMENT -> {
				if (admit(root, model.getResourceEnvironment(), "resource environment")) {
					model.setResourceEnvironment(mapper.resourceEnvironment(root));
				}
			}
			case ALLOCATION -> {
				if (admit(root, model.getAllocation(), "allocation")) {
					model.setAllocation(mapper.allocation(root));
				}
			}
			case USAGE_MODEL -> {
				if (admit(root, model.getUsageModel(), "usage model")) {
					model.setUsageModel(mapper.usageModel(root));
				}
			}
			case RESOURCE_TYPES -> mapper.resourceTypes(root, model.getResourceRepository());
			}
		}
	}

	/** A model set has one system, resource environment, allocation and usage model; a second is refused. */
	private boolean admit(XmlElement root, EObject existing, String part) {
		if (existing == null) {
			return true;
		}
		String from = SourceLocation.of(existing).map(SourceLocation::file).orElse("another file");
		rejectedRoots.put(root, "the model set's " + part + " is " + Diagnostic.describe(existing) + " from " + from);
		return false;
	}

	/**
	 * Files of other PCM versions are read with PCM 5.2's feature names, which most of them share;
	 * whatever differs is reported where it is met. Older versions lived at sdq.ipd.uka.de, later ones
	 * at palladiosimulator.org; both end their namespace with the version.
	 */
	private void warnAboutOtherPcmVersion(XmlElement root) {
		String namespace = root.namespace();
		if (namespace == null || !namespace.contains("/PalladioComponentModel") || namespace.endsWith("/5.2")) {
			return;
		}
		String last = namespace.substring(namespace.lastIndexOf('/') + 1);
		String version = last.matches("\\d+(\\.\\d+)*") ? "PCM " + last : "an unknown PCM version";
		diagnostics.add(ImportDiagnostics.at(Diagnostic.Severity.WARNING, null, root, "namespace '"
				+ ModelFileLimits.shorten(namespace) + "' is " + version
				+ ", not PCM 5.2; the file is read with the feature names of PCM 5.2"));
	}

	// ------------------------------------------------------------------ references

	private EObject locate(PendingReference reference) {
		ReferenceTarget target = ReferenceTarget.parse(reference.written(), reference.where().file());
		XmiFile file;
		switch (target.kind()) {
		case PATHMAP -> {
			return locateInDefaults(reference, target);
		}
		case UNSUPPORTED -> {
			dangling(reference,
					"whose location '" + ModelFileLimits.shorten(target.display()) + "' IOSim cannot open");
			return null;
		}
		case SAME_FILE -> file = reference.where().file();
		default -> {
			file = files.get(target.path(), target.display());
			if (file == null) {
				if (unreadableFilesReported.add(target.display())) {
					dangling(reference, "but file '" + ModelFileLimits.shorten(target.display())
							+ "' cannot be read (further references into it are not listed)");
				}
				return null;
			}
		}
		}
		convert(file);
		XmlElement element = file.resolveFragment(target.fragment());
		if (element == null) {
			dangling(reference, "which does not exist");
			return null;
		}
		String rejection = rejectedRoots.get(rootOf(element));
		if (rejection != null) {
			dangling(reference, "which is not part of this model set: " + rejection);
			return null;
		}
		if (isSkipped(element)) {
			// the skipped construct is reported; the validator keeps quiet about the unset reference
			NotImported.reference(reference.owner(), reference.feature().getName());
			return null;
		}
		EObject object = elements.get(element);
		if (object == null) {
			dangling(reference, "a '" + element.localName() + "' element, which IOSim does not import");
		}
		return object;
	}

	private EObject locateInDefaults(PendingReference reference, ReferenceTarget target) {
		EObject object = defaults.resolve(target.display(), target.fragment());
		if (object != null) {
			if (target.display().equals(DefaultModels.PCM_MODELS + DefaultModels.PRIMITIVE_TYPES)) {
				addPrimitiveTypes();
			}
			return object;
		}
		boolean builtInMap = target.display().startsWith(DefaultModels.PCM_MODELS);
		if (!builtInMap && reference.feature().getEReferenceType() == PcmPackage.Literals.SCHEDULING_POLICY) {
			return extensionPolicy(reference, target);
		}
		dangling(reference, builtInMap ? "which does not exist"
				: "which does not exist: IOSim has only the default models of " + DefaultModels.PATHMAP_PREFIX
						+ DefaultModels.PCM_MODELS);
		return null;
	}

	private void addPrimitiveTypes() {
		if (!model.getRepositories().contains(defaults.primitiveTypes())) {
			model.getRepositories().add(defaults.primitiveTypes());
		}
	}

	/**
	 * The ids of SimuCom's exact schedulers (Palladio's add-on, {@code ExactSchedulers.resourcetype}), which the
	 * simulation simulates as processor sharing and says so for each resource that has one.
	 */
	private static final String EXACT_SCHEDULERS = "edu.kit.ipd.sdq.pcm.simulation.scheduler.exact.";

	/**
	 * Scheduling policies are identified by their id, and extensions of Palladio bring their own (e.g.
	 * exact schedulers); such a policy is kept by its id so the simulation can decide on it. SimuCom's exact
	 * schedulers get no warning here: the simulation's warning names each resource that has one and what it
	 * is simulated as, in 'validate' as in 'simulate'.
	 */
	private SchedulingPolicy extensionPolicy(PendingReference reference, ReferenceTarget target) {
		String location = DefaultModels.PATHMAP_PREFIX + target.display();
		return extensionPolicies.computeIfAbsent(target.fragment(), id -> {
			SchedulingPolicy policy = PcmFactory.eINSTANCE.createSchedulingPolicy();
			policy.setId(id);
			policy.setName(id);
			SourceLocation.attach(policy, location, 0);
			model.getResourceRepository().getSchedulingPolicies().add(policy);
			if (id.startsWith(EXACT_SCHEDULERS)) {
				return policy;
			}
			diagnostics.warning(reference.owner(), reference.where(), "scheduling policy '"
					+ ModelFileLimits.shorten(id) + "' comes from '" + ModelFileLimits.shorten(location)
					+ "', which IOSim does not have; it is kept by its id, and the simulation decides whether it"
					+ " supports it");
			return policy;
		});
	}

	private boolean fits(PendingReference reference, EObject target) {
		EReference feature = reference.feature();
		if (feature.getEReferenceType().isInstance(target)) {
			return true;
		}
		dangling(reference, "which is " + Diagnostic.describe(target) + "; the reference needs "
				+ feature.getEReferenceType().getName());
		return false;
	}

	private static void set(PendingReference reference, EObject target) {
		EReference feature = reference.feature();
		if (feature.isMany()) {
			@SuppressWarnings("unchecked")
			EList<EObject> targets = (EList<EObject>) reference.owner().eGet(feature);
			if (!targets.contains(target)) {
				targets.add(target);
			}
		} else {
			reference.owner().eSet(feature, target);
		}
	}

	/** Sets a predecessor unless the successors already decided otherwise, which is then reported. */
	private void setBack(PendingReference reference, EObject target) {
		EReference feature = reference.feature();
		EObject current = (EObject) reference.owner().eGet(feature);
		if (current == target) {
			return;
		}
		EObject targetsForward = (EObject) target.eGet(feature.getEOpposite());
		if (current == null && targetsForward == null) {
			reference.owner().eSet(feature, target);
			return;
		}
		diagnostics.warning(reference.owner(), reference.where(), "reference '" + feature.getName() + "' points to '"
				+ ModelFileLimits.shorten(reference.written()) + "', which contradicts the '"
				+ feature.getEOpposite().getName() + "' references; they decide the order");
	}

	private void dangling(PendingReference reference, String problem) {
		diagnostics.error(reference.owner(), reference.where(), "reference '" + reference.feature().getName()
				+ "' points to '" + ModelFileLimits.shorten(reference.written()) + "', " + problem);
	}

	private static XmlElement rootOf(XmlElement element) {
		XmlElement current = element;
		while (current.parent() != null) {
			current = current.parent();
		}
		return current;
	}

	private boolean isSkipped(XmlElement element) {
		for (XmlElement current = element; current != null; current = current.parent()) {
			if (skipped.contains(current)) {
				return true;
			}
		}
		return false;
	}

	/** An .iosim file refers to elements by id, so two elements with one id would be confused there. */
	private void reportDuplicateIds() {
		Map<String, EObject> byId = new HashMap<>();
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Identified identified && identified.getId() != null) {
				EObject first = byId.putIfAbsent(identified.getId(), identified);
				if (first != null) {
					String from = SourceLocation.of(first).map(SourceLocation::file).orElse("the model set");
					diagnostics.add(Diagnostic.warning(identified, "id '" + identified.getId() + "' is also the id of "
							+ Diagnostic.describe(first) + " in " + from
							+ "; references to them in a saved .iosim file would be ambiguous"));
				}
			}
		}
	}

}
