package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.iosim.pcm.wiring.Wiring;
import org.iosim.run.ModelSetVerdicts;
import org.iosim.run.RunConfiguration;
import org.iosim.testing.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every model set of a folder judged as a run judges the one it simulates, each on its own. */
class ModelSetVerdictsTest {

	@TempDir
	Path folder;

	private Path copy(String example, String name) throws Exception {
		Path copy = Files.createDirectories(folder.resolve(name));
		try (Stream<Path> files = Files.list(Repository.example(example))) {
			for (Path file : files.filter(file -> !file.getFileName().toString().endsWith(".md")).toList()) {
				Files.copy(file, copy.resolve(file.getFileName()));
			}
		}
		return copy;
	}

	@Test
	void aValidModelSetIsRefinedAndCompiledAsARunWould() throws Exception {
		Path shop = copy("minimal", "shop");
		ModelSetVerdicts.Judgement judgement = ModelSetVerdicts.judge(RunConfiguration.of(List.of(shop))
				.withIoConfiguration(shop.resolve("shop-virtualized.ioconfig")));

		assertTrue(judgement.valid(), judgement::toString);
		ModelSetVerdicts.Verdict verdict = judgement.modelSets().get(0);
		assertEquals("shop", verdict.modelSet().name());
		assertNotNull(verdict.refined(), "refined as a run refines it");
		assertEquals(1, Wiring.ioConfiguration(verdict.refined()).getStorages().size(), "the I/O configuration applied");
		assertNull(verdict.failure());
	}

	@Test
	void aBrokenModelSetDoesNotStopTheJudgementOfTheOthers() throws Exception {
		copy("minimal", "shop");
		Path broken = copy("fileserver", "fileserver");
		String system = Files.readString(broken.resolve("fileserver.system"));
		Files.writeString(broken.resolve("fileserver.system"),
				system.replaceFirst("<encapsulatedComponent__AssemblyContext[^>]*/>", ""));

		ModelSetVerdicts.Judgement judgement = ModelSetVerdicts.judge(RunConfiguration.of(List.of(folder)));

		assertFalse(judgement.valid());
		assertEquals(2, judgement.modelSets().size(), judgement::toString);
		for (ModelSetVerdicts.Verdict verdict : judgement.modelSets()) {
			boolean isBroken = verdict.modelSet().name().equals("fileserver");
			assertEquals(!isBroken, verdict.valid(), verdict::toString);
			assertEquals(isBroken, verdict.refined() == null, "only a model set without errors is refined");
		}
		ModelSetVerdicts.Verdict fileserver = judgement.modelSets().stream()
				.filter(verdict -> verdict.modelSet().name().equals("fileserver")).findFirst().orElseThrow();
		assertTrue(fileserver.problems().stream().anyMatch(problem -> problem.message()
				.equals("required reference 'component' is not set")), fileserver::toString);
	}
}
