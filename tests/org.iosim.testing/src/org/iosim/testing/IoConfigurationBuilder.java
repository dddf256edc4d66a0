package org.iosim.testing;

import java.util.List;

import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FeatureConfiguration;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.FixedMemoryLength;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.ModelParameter;
import org.iosim.pcm.io.VirtualizedStorage;

/**
 * Builds an I/O configuration in code: file sets, virtualized storages and the analysis models
 * that predict their delays. Its elements have names, not ids: a configuration names the
 * containers it applies to, and the analysis binding matches storages and models by their features.
 *
 * <pre>{@code
 * IoConfigurationBuilder io = new IoConfigurationBuilder("storage").fileSet("data", 1L << 30);
 * io.storage("array", "VM 1", "VM 2").defaultFileSet("data").memoryLength(20).features(features("array", "expression"));
 * io.analysisModel("contention", "expression").features(features("array", "expression")).parameter("delay", "0.002");
 * IoConfiguration configuration = io.build();
 * }</pre>
 */
public final class IoConfigurationBuilder {

	private static final IoFactory IO = IoFactory.eINSTANCE;

	private final IoConfiguration configuration = IO.createIoConfiguration();

	public IoConfigurationBuilder(String name) {
		configuration.setName(name);
	}

	/** The features that select an analysis model: the system under study and the model's formalism. */
	public static FeatureConfiguration features(String systemUnderStudy, String formalism) {
		FeatureConfiguration features = IO.createFeatureConfiguration();
		features.setSystemUnderStudy(systemUnderStudy);
		features.setFormalism(formalism);
		return features;
	}

	public IoConfigurationBuilder fileSet(String name, long bytes) {
		FileSet fileSet = IO.createFileSet();
		fileSet.setName(name);
		fileSet.setSize(bytes);
		configuration.getFileSets().add(fileSet);
		return this;
	}

	/** A virtualized storage shared by the containers, named by their ids or names. */
	public StorageBuilder storage(String name, String... containers) {
		VirtualizedStorage storage = IO.createVirtualizedStorage();
		storage.setName(name);
		storage.getContainers().addAll(List.of(containers));
		configuration.getStorages().add(storage);
		return new StorageBuilder(storage);
	}

	/** An analysis model of the kind, e.g. {@code expression} or {@code queue}. */
	public AnalysisModelBuilder analysisModel(String name, String kind) {
		AnalysisModelDefinition model = IO.createAnalysisModelDefinition();
		model.setName(name);
		model.setKind(kind);
		configuration.getAnalysisModels().add(model);
		return new AnalysisModelBuilder(model);
	}

	public IoConfiguration build() {
		return configuration;
	}

	public static final class StorageBuilder {

		private final VirtualizedStorage storage;

		StorageBuilder(VirtualizedStorage storage) {
			this.storage = storage;
		}

		/** The file set of requests that name none, e.g. those that plain HDD demands become. */
		public StorageBuilder defaultFileSet(String name) {
			storage.setDefaultFileSet(name);
			return this;
		}

		/** The workload state is computed from this many recent requests. */
		public StorageBuilder memoryLength(int requests) {
			FixedMemoryLength memoryLength = IO.createFixedMemoryLength();
			memoryLength.setRequests(requests);
			storage.setMemoryLength(memoryLength);
			return this;
		}

		public StorageBuilder features(FeatureConfiguration features) {
			storage.setFeatures(features);
			return this;
		}
	}

	public static final class AnalysisModelBuilder {

		private final AnalysisModelDefinition model;

		AnalysisModelBuilder(AnalysisModelDefinition model) {
			this.model = model;
		}

		public AnalysisModelBuilder features(FeatureConfiguration features) {
			model.setFeatures(features);
			return this;
		}

		public AnalysisModelBuilder parameter(String name, String value) {
			ModelParameter parameter = IO.createModelParameter();
			parameter.setName(name);
			parameter.setValue(value);
			model.getParameters().add(parameter);
			return this;
		}
	}
}
