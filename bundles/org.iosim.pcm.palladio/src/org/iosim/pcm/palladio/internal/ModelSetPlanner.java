package org.iosim.pcm.palladio.internal;

import static org.iosim.pcm.palladio.internal.PcmNames.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which model sets a group of files makes. Each allocation makes one, together with the
 * usage models whose entry-level system calls use the allocation's system (a folder may hold
 * several system variants, each with its own allocation and usage model). A usage model that no
 * allocation goes with makes a model set of its own, as does a system nothing refers to, so that
 * validation can say what is missing. A file that holds several roots of a kind (inside
 * {@code xmi:XMI}) makes one model set, not one per root: a model set takes only the first.
 */
final class ModelSetPlanner {

	/** A model set to build: its name, the file that names it, and the files to start from. */
	record Plan(String name, XmiFile anchor, List<XmiFile> seeds) {
	}

	private record Root(XmiFile file, XmlElement element) {
	}

	private final List<XmiFile> files;
	private final Map<ModelKind, List<Root>> roots = new LinkedHashMap<>();

	/** @param files the parsed files the user named, in the order named */
	ModelSetPlanner(List<XmiFile> files) {
		this.files = List.copyOf(files);
		for (XmiFile file : files) {
			for (XmlElement root : file.roots()) {
				ModelKind kind = ModelKind.of(root);
				if (kind != null) {
					roots.computeIfAbsent(kind, key -> new ArrayList<>()).add(new Root(file, root));
				}
			}
		}
	}

	/**
	 * @param anyFile whether files without allocation, usage model or system (e.g. only repositories)
	 *                still make a model set, so that validation can say what is missing
	 * @return the model sets to build, not yet {@linkplain #disambiguate(List) told apart} by name
	 */
	List<Plan> plan(boolean anyFile) {
		List<Root> allocations = roots.getOrDefault(ModelKind.ALLOCATION, List.of());
		List<Root> usageModels = roots.getOrDefault(ModelKind.USAGE_MODEL, List.of());
		Map<Root, Set<XmiFile>> usageModelsByAllocation = new LinkedHashMap<>();
		Set<Root> pairedUsageModels = new LinkedHashSet<>();
		Map<Root, Set<Path>> systemsCalled = new HashMap<>();
		for (Root usageModel : usageModels) {
			systemsCalled.put(usageModel, referencedFiles(usageModel, PROVIDED_ROLE_ENTRY_LEVEL_SYSTEM_CALL));
		}
		for (Root allocation : allocations) {
			Set<Path> system = referencedFiles(allocation, SYSTEM_ALLOCATION);
			Set<XmiFile> paired = new LinkedHashSet<>();
			for (Root usageModel : usageModels) {
				Set<Path> called = systemsCalled.get(usageModel);
				boolean callsThisSystem = called.stream().anyMatch(system::contains);
				boolean callsNoSystem = called.isEmpty() && allocations.size() == 1;
				if (callsThisSystem || callsNoSystem) {
					paired.add(usageModel.file());
					pairedUsageModels.add(usageModel);
				}
			}
			usageModelsByAllocation.put(allocation, paired);
		}

		List<Plan> plans = new ArrayList<>();
		usageModelsByAllocation.forEach((allocation, paired) -> {
			String name = baseName(allocation.file());
			if (paired.isEmpty()) {
				plans.add(new Plan(name, allocation.file(), List.of(allocation.file())));
			} else if (paired.size() == 1) {
				plans.add(new Plan(name, allocation.file(), List.of(allocation.file(), paired.iterator().next())));
			} else {
				for (XmiFile usageModel : paired) {
					plans.add(new Plan(name + "+" + baseName(usageModel), allocation.file(),
							List.of(allocation.file(), usageModel)));
				}
			}
		});
		for (Root usageModel : usageModels) {
			if (!pairedUsageModels.contains(usageModel)) {
				plans.add(new Plan(baseName(usageModel.file()), usageModel.file(), List.of(usageModel.file())));
			}
		}
		if (plans.isEmpty()) {
			for (Root system : roots.getOrDefault(ModelKind.SYSTEM, List.of())) {
				plans.add(new Plan(baseName(system.file()), system.file(), List.of(system.file())));
			}
		}
		if (plans.isEmpty() && !files.isEmpty() && anyFile) {
			plans.add(new Plan(baseName(files.get(0)), files.get(0), files));
		}
		Set<List<XmiFile>> planned = new HashSet<>();
		return plans.stream().filter(plan -> planned.add(plan.seeds())).toList();
	}

	/** @return the files that references named {@code feature} below the root point into */
	private static Set<Path> referencedFiles(Root root, String feature) {
		Set<Path> files = new LinkedHashSet<>();
		collectReferencedFiles(root.element(), feature, files);
		return files;
	}

	private static void collectReferencedFiles(XmlElement element, String feature, Set<Path> files) {
		String attribute = element.attribute(feature);
		if (attribute != null) {
			files.add(element.file().path());
		}
		for (XmlElement child : element.children()) {
			if (child.localName().equals(feature) && child.attribute("href") != null) {
				ReferenceTarget target = ReferenceTarget.parse(child.attribute("href").trim(), child.file());
				switch (target.kind()) {
				case SAME_FILE -> files.add(child.file().path());
				case OTHER_FILE -> files.add(target.path());
				default -> {
					// pathmaps and foreign locations hold no systems
				}
				}
			}
			collectReferencedFiles(child, feature, files);
		}
	}

	/** Model sets from different folders may share a name; the folder then tells them apart. */
	static List<Plan> disambiguate(List<Plan> plans) {
		Map<String, Integer> counts = new HashMap<>();
		for (Plan plan : plans) {
			counts.merge(plan.name(), 1, Integer::sum);
		}
		List<Plan> named = new ArrayList<>();
		Set<String> taken = new LinkedHashSet<>();
		for (Plan plan : plans) {
			String name = plan.name();
			if (counts.get(name) > 1) {
				Path folder = plan.anchor().path().getParent();
				name = (folder == null || folder.getFileName() == null ? "" : folder.getFileName() + "/") + name;
			}
			String unique = name;
			for (int number = 2; !taken.add(unique); number++) {
				unique = name + " (" + number + ")";
			}
			named.add(new Plan(unique, plan.anchor(), plan.seeds()));
		}
		return named;
	}

	static String baseName(XmiFile file) {
		String name = file.path().getFileName().toString();
		int dot = name.lastIndexOf('.');
		return dot > 0 ? name.substring(0, dot) : name;
	}
}
