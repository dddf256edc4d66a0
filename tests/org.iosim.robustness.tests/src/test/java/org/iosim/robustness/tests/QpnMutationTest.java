package org.iosim.robustness.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.Net;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnModelFile;
import org.iosim.qpn.qpe.QpnValidator;
import org.iosim.qpn.simulation.QpnSimulator;
import org.iosim.qpn.simulation.UnsupportedNetException;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Valid nets (the project's QPN example, as .qpe and as .qpn, and a hierarchical net in QPME 1.x's
 * older form, which the reader first rewrites into QPME 2's form), changed by one to four
 * {@link XmiMutation}s, give diagnostics or a named refusal of the simulator, and never anything
 * else: no exception, no connection, no expanded entity, no hang. What {@code qpn validate} does
 * with a file is what each try does.
 */
class QpnMutationTest {

	/** The net mutated: the example as .qpe or as .qpn, or the hierarchical QPME 1.x net. */
	enum Input {
		QPE, QPN, HIERARCHICAL_QPME1
	}

	record Case(Input input, List<XmiMutation> mutations) {
		boolean modelFile() {
			return input == Input.QPN;
		}
	}

	private static ImporterSandbox sandbox;
	private static byte[] qpe;
	private static byte[] qpn;
	private static byte[] hierarchicalQpme1;

	@BeforeContainer
	static void prepare() throws IOException {
		sandbox = new ImporterSandbox();
		Path example = ImporterCorpus.repositoryRoot().resolve("examples/qpn/closed-network.qpe");
		qpe = Files.readAllBytes(example);
		QpeReadResult read = new QpeReader().read(example);
		Path converted = sandbox.newFolder().resolve("closed-network.qpn");
		new QpnModelFile().write(read.net(), converted);
		qpn = Files.readAllBytes(converted);
		try (var in = QpnMutationTest.class.getResourceAsStream("/qpn/hierarchical-qpme1.qpe")) {
			hierarchicalQpme1 = in.readAllBytes();
		}
	}

	@AfterContainer
	static void closeSandbox() {
		sandbox.close();
	}

	@Property(seed = "4411872309176251093")
	void mutatedNetsGiveOnlyDiagnostics(@ForAll("cases") Case mutated) {
		String name = mutated.modelFile() ? "net.qpn" : "net.qpe";
		byte[] content = switch (mutated.input()) {
		case QPE -> qpe;
		case QPN -> qpn;
		case HIERARCHICAL_QPME1 -> hierarchicalQpme1;
		};
		XmiMutation.Context context = new XmiMutation.Context(name, List.of(name), sandbox.serverPort(),
				sandbox.secretFile());
		for (XmiMutation mutation : mutated.mutations()) {
			content = mutation.apply(content, context);
		}
		Path folder = sandbox.newFolder();
		try {
			Path file = Files.write(folder.resolve(name), content);
			QpeReadResult read = mutated.modelFile() ? new QpnModelFile().read(file) : new QpeReader().read(file);
			List<String> messages = new ArrayList<>(read.diagnostics().stream().map(QpnDiagnostic::message).toList());
			String outcome = "file errors";
			if (!read.hasErrors()) {
				Net net = read.net();
				List<QpnDiagnostic> found = new QpnValidator().validate(net);
				found.forEach(diagnostic -> messages.add(diagnostic.message()));
				outcome = "validator errors";
				if (found.stream().noneMatch(QpnDiagnostic::isError)) {
					try {
						QpnSimulator.check(net, net.getConfigurations().isEmpty() ? null
								: net.getConfigurations().get(0).getName());
						outcome = "simulatable";
					} catch (UnsupportedNetException refused) {
						messages.add(refused.getMessage());
						outcome = "simulator refuses";
					}
				}
			}
			for (String message : messages) {
				if (message == null || message.isBlank() || message.contains("Exception") || message.contains("\tat ")) {
					throw new AssertionError("an unreadable message: " + message);
				}
			}
			sandbox.checkNothingFetched(messages, read.net() == null ? List.of() : List.of((EObject) read.net()));
			Statistics.label("outcome").collect(outcome);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		} finally {
			ImporterSandbox.delete(folder);
		}
	}

	@Provide
	Arbitrary<Case> cases() {
		return Combinators.combine(Arbitraries.of(Input.class), XmiMutation.any(true).list().ofMinSize(1).ofMaxSize(4))
				.as(Case::new);
	}
}
