package org.iosim.qpn.qpe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.emf.ecore.EObject;
import org.iosim.qpn.Distribution;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.Net;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.internal.QpeFormat;
import org.iosim.qpn.qpe.QpnDiagnostic.Severity;

/**
 * The data of QPME's Empirical service times: a file named by the parameter {@value #FILE} holds
 * the probabilities of equal-width bins over [0, 1) (numbers separated by ';' or line breaks, as
 * SimQPN reads them); a draw picks a bin by its probability and a point in it uniformly, and is
 * then multiplied by {@code scale} and shifted by {@code offset}. The file is read beside the net
 * (its name must be relative and stay in the net's folder) and its numbers are kept in the net as
 * the parameter {@value #DATA}, so that a net read once needs no file again; QPME's file is not
 * written back.
 */
public final class EmpiricalData {

	public static final String FUNCTION = "Empirical";
	public static final String FILE = "pdf_filename";
	/** IOSim's parameter holding the bin probabilities, ';'-separated; not written to .qpe files. */
	public static final String DATA = "pdf";
	static final long MAX_FILE_BYTES = 1 << 20;
	static final int MAX_BINS = 100_000;

	private EmpiricalData() {
	}

	/** Loads the bins of every Empirical service time that has a file but no data yet; problems as diagnostics. */
	static List<QpnDiagnostic> load(Net net, Path netFile) {
		List<QpnDiagnostic> problems = new ArrayList<>();
		for (var contents = net.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof QueueingColourReference reference && reference.getServiceTime() != null
					&& FUNCTION.equals(reference.getServiceTime().getFunction())) {
				Distribution distribution = reference.getServiceTime();
				if (parameter(distribution, DATA) != null) {
					continue;
				}
				String where = net.getName() + ": " + QpeFormat.describe(reference) + ": its Empirical service time";
				DistributionParameter file = parameter(distribution, FILE);
				if (file == null || file.getValue() == null || file.getValue().isBlank()) {
					problems.add(new QpnDiagnostic(Severity.ERROR, where + " names no data file (" + FILE + ")"));
					continue;
				}
				try {
					DistributionParameter data = QpnFactory.eINSTANCE.createDistributionParameter();
					data.setName(DATA);
					data.setValue(String.join(";", read(netFile, file.getValue()).stream()
							.map(value -> Double.toString(value)).toList()));
					distribution.getParameters().add(data);
				} catch (IllegalArgumentException unusable) {
					problems.add(new QpnDiagnostic(Severity.ERROR, where + ": " + unusable.getMessage()));
				}
			}
		}
		return problems;
	}

	private static List<Double> read(Path netFile, String name) {
		Path relative;
		try {
			relative = Path.of(name).normalize();
		} catch (InvalidPathException invalid) {
			throw new IllegalArgumentException("data file name is not a file name");
		}
		if (relative.isAbsolute() || relative.startsWith("..")) {
			throw new IllegalArgumentException("data file must be named relative to the net and lie in the net's"
					+ " folder or below it");
		}
		Path folder = netFile.toAbsolutePath().getParent();
		Path file = folder.resolve(relative);
		byte[] bytes;
		try (InputStream in = Files.newInputStream(file)) {
			bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
		} catch (NoSuchFileException missing) {
			throw new IllegalArgumentException("data file " + relative + " does not exist beside the net");
		} catch (IOException unreadable) {
			throw new IllegalArgumentException("data file " + relative + " cannot be read");
		}
		if (bytes.length > MAX_FILE_BYTES) {
			throw new IllegalArgumentException("data file " + relative + " is larger than 1 MiB");
		}
		List<Double> bins = new ArrayList<>();
		String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\\R");
		for (int line = 0; line < lines.length; line++) {
			for (String cell : lines[line].split(";")) {
				if (cell.isBlank()) {
					continue;
				}
				double value;
				try {
					value = Double.parseDouble(cell.trim());
				} catch (NumberFormatException notANumber) {
					value = Double.NaN;
				}
				if (!(value >= 0) || Double.isInfinite(value)) {
					// the value itself is not echoed: the file is the user's data
					throw new IllegalArgumentException(String.format(Locale.ROOT, "data file %s, line %d: a bin's"
							+ " probability must be a finite number of at least 0", relative, line + 1));
				}
				if (bins.size() == MAX_BINS) {
					throw new IllegalArgumentException("data file " + relative + " has more than " + MAX_BINS + " bins");
				}
				bins.add(value);
			}
		}
		if (bins.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
			throw new IllegalArgumentException("data file " + relative + " has no bin with a probability above 0");
		}
		return bins;
	}

	private static DistributionParameter parameter(Distribution distribution, String name) {
		return distribution.getParameters().stream().filter(parameter -> name.equals(parameter.getName())).findFirst()
				.orElse(null);
	}
}
