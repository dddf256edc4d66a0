package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

class RoundTripTest {

	private final ObjectMapper json = new ObjectMapper();

	@Test
	void structureReadBackPredictsIdenticallyForEveryTechnique() throws Exception {
		Dataset training = TestData.uniform("training", 200, 4, 41, 0.2, TestData::delayLike);
		Dataset probe = TestData.uniform("probe", 100, 4, 42, 0, TestData::delayLike);
		for (Technique technique : Techniques.all()) {
			RegressionModel model = technique.fit(training, technique.defaults());
			String text = json.writerWithDefaultPrettyPrinter().writeValueAsString(model.structure());
			RegressionModel read = technique.read((ObjectNode) json.readTree(text));
			assertEquals(model.structure(), read.structure(), technique.id());
			for (double[] row : probe.x()) {
				assertEquals(model.predict(row), read.predict(row), 0, technique.id());
			}
		}
	}

	@Test
	void aStructureOfAnotherTechniqueIsRejected() {
		Dataset training = TestData.uniform("training", 50, 3, 43, 0.2, TestData::delayLike);
		ObjectNode linear = Techniques.byId("lm").fit(training, Map.of()).structure();
		assertThrows(IllegalArgumentException.class, () -> Techniques.byId("mars").read(linear));
	}
}
