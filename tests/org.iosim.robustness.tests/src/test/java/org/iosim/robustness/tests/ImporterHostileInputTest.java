package org.iosim.robustness.tests;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.robustness.tests.ImporterCorpus.ModelFolder;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * What attackers put into XML, put into valid model files: document type declarations with entity
 * bombs and external entities are refused (never expanded, nothing fetched), nesting and size beyond
 * the limits are refused naming the limit, and a valid model in another encoding it declares imports
 * exactly as the original.
 */
class ImporterHostileInputTest {

	/** The importer's limits ({@code ModelFileLimits}), as its messages state them. */
	private static final int MAX_ELEMENT_DEPTH = 100;
	private static final long MAX_FILE_BYTES = 32L << 20;

	private static ImporterSandbox sandbox;

	@BeforeContainer
	static void openSandbox() {
		sandbox = new ImporterSandbox();
	}

	@AfterContainer
	static void closeSandbox() {
		sandbox.close();
	}

	@Property(seed = "4046619208457221519")
	void documentTypeDeclarationsAreRefusedAndNothingIsFetched(@ForAll("anyFolder") ModelFolder source,
			@ForAll @IntRange(max = 100) int file, @ForAll XmiMutation.Doctype doctype) {
		String name = source.names().get(file % source.names().size());
		Map<String, byte[]> files = new LinkedHashMap<>(source.files());
		files.put(name, new XmiMutation.InsertDoctype(doctype).apply(files.get(name),
				new XmiMutation.Context(name, source.names(), sandbox.serverPort(), sandbox.secretFile())));

		ImportResult result = importFolder(new ModelFolder(source.origin(), files));

		sandbox.checkNothingFetched(result);
		boolean refused = result.errors().stream().anyMatch(error -> error.file().endsWith(name)
				&& error.message().contains("document type declarations are not allowed"));
		if (!refused) {
			throw new AssertionError("the document type declaration in " + name + " is not refused: "
					+ result.diagnostics());
		}
	}

	@Property(seed = "-6127361185532098446")
	void nestingBeyondTheLimitIsRefusedNamingTheLimit(@ForAll("anyFolder") ModelFolder source,
			@ForAll @IntRange(max = 100) int file, @ForAll @IntRange(min = 1, max = 300) int levels) {
		String name = source.names().get(file % source.names().size());
		Map<String, byte[]> files = new LinkedHashMap<>(source.files());
		// inside the root element, so the deepest element is at 1 + levels (the files nest far less)
		files.put(name, new XmiMutation.NestDeeply(0, levels, XmiMutation.Nesting.UNKNOWN).apply(files.get(name),
				null));

		ImportResult result = importFolder(new ModelFolder(source.origin(), files));

		boolean refused = result.errors().stream().anyMatch(error -> error.file().endsWith(name)
				&& error.message().contains("at most " + MAX_ELEMENT_DEPTH + " levels deep"));
		if (refused != (1 + levels > MAX_ELEMENT_DEPTH)) {
			throw new AssertionError("nesting " + (1 + levels) + " levels deep is " + (refused ? "" : "not ")
					+ "refused: " + result.diagnostics());
		}
	}

	@Property(seed = "2719908263044787127")
	void modelsInAnotherDeclaredEncodingImportAsTheOriginals(@ForAll("anyFolder") ModelFolder source,
			@ForAll("encodings") String encoding) {
		Charset charset = Charset.forName(encoding);
		Map<String, byte[]> files = new LinkedHashMap<>();
		for (Map.Entry<String, byte[]> file : source.files().entrySet()) {
			String text = new String(file.getValue(), StandardCharsets.UTF_8);
			CharsetEncoder encoder = charset.newEncoder();
			Assume.that(encoder.canEncode(text));
			files.put(file.getKey(), new XmiMutation.Reencode(encoding, encoding, false).apply(file.getValue(), null));
		}
		ImportResult original = importFolder(source);

		ImportResult reencoded = importFolder(new ModelFolder(source.origin(), files));

		if (reencoded.errors().size() != original.errors().size()
				|| reencoded.diagnostics().size() != original.diagnostics().size()
				|| reencoded.modelSets().size() != original.modelSets().size()) {
			throw new AssertionError("in " + encoding + ": " + reencoded.diagnostics());
		}
		for (int i = 0; i < original.modelSets().size(); i++) {
			if (!EcoreUtil.equals(original.modelSets().get(i).model(), reencoded.modelSets().get(i).model())) {
				throw new AssertionError("in " + encoding + ", model set " + original.modelSets().get(i).name()
						+ " differs");
			}
		}
	}

	@Example
	void palladioFileLargerThanTheLimitIsRefusedNamingTheLimit() throws IOException {
		checkLargeFileIsRefused("large.repository");
	}

	@Example
	void iosimFileLargerThanTheLimitIsRefusedNamingTheLimit() throws IOException {
		checkLargeFileIsRefused("large.iosim");
	}

	private static void checkLargeFileIsRefused(String name) throws IOException {
		Path folder = sandbox.newFolder();
		try {
			Path file = folder.resolve(name);
			byte[] padding = new byte[1 << 20];
			Arrays.fill(padding, (byte) ' ');
			try (var out = Files.newOutputStream(file)) {
				out.write("<?xml version=\"1.0\"?>\n<!-- ".getBytes(StandardCharsets.US_ASCII));
				for (long written = 0; written <= MAX_FILE_BYTES; written += padding.length) {
					out.write(padding);
				}
				out.write(" -->\n<a/>\n".getBytes(StandardCharsets.US_ASCII));
			}

			ImportResult result = ImporterHarness.importPaths(List.of(file));

			List<String> messages = result.errors().stream().map(Diagnostic::message).toList();
			if (!(messages.size() == 1 && messages.get(0).contains(MAX_FILE_BYTES + " bytes (32 MiB)"))) {
				throw new AssertionError("a file of more than 32 MiB is not refused naming the limit: " + messages);
			}
		} finally {
			ImporterSandbox.delete(folder);
		}
	}

	@Provide
	Arbitrary<ModelFolder> anyFolder() {
		return Arbitraries.oneOf(Arbitraries.of(ImporterCorpus.palladio()), Arbitraries.of(ImporterCorpus.iosim()));
	}

	@Provide
	Arbitrary<String> encodings() {
		return Arbitraries.of("UTF-16", "UTF-16LE", "UTF-16BE", "ISO-8859-1", "US-ASCII", "windows-1252");
	}

	/** Imports the folder, or the .iosim file in it (folders are searched for Palladio files only). */
	private static ImportResult importFolder(ModelFolder source) {
		Path folder = sandbox.newFolder();
		try {
			source.writeTo(folder);
			boolean iosim = source.names().stream().anyMatch(name -> name.endsWith(".iosim"));
			return ImporterHarness.importPaths(List.of(iosim ? folder.resolve(source.names().get(0)) : folder));
		} finally {
			ImporterSandbox.delete(folder);
		}
	}
}
