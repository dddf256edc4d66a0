package org.iosim.run.tests;

import java.util.Map;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.UsageScenario;
import org.iosim.run.ModelTransformation;

/** A transformation as a user's plug-in contributes it (see plugin.xml): puts a prefix before every scenario's name. */
public final class RenameScenarios implements ModelTransformation {

	static final String ID = "test-rename-scenarios";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Puts 'prefix' before the name of every usage scenario.";
	}

	@Override
	public ArchitectureModel transform(ArchitectureModel model, Map<String, String> parameters) {
		String prefix = parameters.get("prefix");
		if (prefix == null) {
			throw new IllegalArgumentException(ID + " needs the parameter 'prefix'");
		}
		for (UsageScenario scenario : model.getUsageModel().getScenarios()) {
			scenario.setName(prefix + scenario.getName());
		}
		return model;
	}
}
