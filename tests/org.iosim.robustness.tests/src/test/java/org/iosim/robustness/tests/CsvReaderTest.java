package org.iosim.robustness.tests;

import org.iosim.files.TextLines;
import static org.iosim.robustness.tests.RegressionInputChecks.check;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;

import org.iosim.analysis.regression.DataFiles;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The CSV reader of the regression commands ({@link DataFiles}) over any bytes, over text that looks
 * like CSV and goes wrong in the ways files do, and over valid data files with some bytes changed:
 * it returns consistent data or a {@link DataFormatException} naming the file, never anything else,
 * and answers in bounded time and memory. Valid files read back exactly.
 */
class CsvReaderTest {

	private static final String TARGET = "delay";

	/** Snippets that break files in practice: Latin-1 and broken UTF-8, a byte order mark, line ends, separators, quotes. */
	private static final byte[][] NASTY = { { (byte) 0xE9 }, { (byte) 0xFF }, { (byte) 0xC3 }, { (byte) 0xED, (byte) 0xA0, (byte) 0x80 },
			{ (byte) 0xC0, (byte) 0x80 }, { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF }, { '\r' }, { '\n' }, { ',' }, { ';' },
			{ '\t' }, { '"' }, { '#' }, { 0 }, bytes("NaN"), bytes("Infinity"), bytes("1e999"), bytes("1e70"), bytes("-"),
			bytes(" "), bytes("delay") };

	@Property(seed = "8101")
	void anyBytesAreReadOrExplained(@ForAll @Size(max = 400) byte[] content) {
		readsOrExplains(content);
	}

	@Property(seed = "8102")
	void csvLikeTextIsReadOrExplained(@ForAll("csvLikeText") byte[] content) {
		readsOrExplains(content);
	}

	@Property(seed = "8103")
	void changedDataFilesAreReadOrExplained(@ForAll("changedDataFiles") byte[] content) {
		readsOrExplains(content);
	}

	@Property(seed = "8104")
	void validDataFilesReadBackExactly(@ForAll("validTables") Table table) throws DataFormatException {
		Path file = RegressionInputChecks.file("valid.csv", table.bytes());
		Dataset data = RegressionInputChecks.readsOrExplains(file, () -> DataFiles.read(file, TARGET, List.of(), 2));
		check(data.features().equals(table.features()), "the features in file order", data.features());
		for (int row = 0; row < table.rows(); row++) {
			check(Arrays.equals(data.x()[row], table.x(row)), "row " + row + " of " + table, Arrays.toString(data.x()[row]));
			check(data.y()[row] == table.y(row), "target of row " + row + " of " + table, data.y()[row]);
		}
		check(data.size() == table.rows(), "every row", data.size());
	}

	@Provide
	Arbitrary<byte[]> csvLikeText() {
		return Arbitraries.randomValue(CsvReaderTest::csvLikeText);
	}

	@Provide
	Arbitrary<byte[]> changedDataFiles() {
		return Arbitraries.randomValue(random -> changed(Table.random(random).bytes(), random));
	}

	@Provide
	Arbitrary<Table> validTables() {
		return Arbitraries.randomValue(Table::random);
	}

	/** Reads the file as data to fit and as data to predict on, and checks whatever data comes back. */
	private static void readsOrExplains(byte[] content) {
		Path file = RegressionInputChecks.file("data.csv", content);
		Dataset training = RegressionInputChecks.readsOrExplains(file, () -> DataFiles.read(file, TARGET, List.of(), 2),
				DataFormatException.class);
		if (training != null) {
			checkConsistent(training);
			check(training.size() >= 2, "at least two rows to fit", training);
			check(Arrays.stream(training.y()).distinct().count() > 1, "a target that varies", training);
			for (int row = 0; row < training.size(); row++) {
				check(Math.abs(training.y()[row]) <= DataFiles.MAX_FITTED_MAGNITUDE, "a target small enough to fit", training);
				for (double value : training.x()[row]) {
					check(Math.abs(value) <= DataFiles.MAX_FITTED_MAGNITUDE, "features small enough to fit", training);
				}
			}
		}
		Dataset toPredict = RegressionInputChecks.readsOrExplains(file,
				() -> DataFiles.readForModel(file, TARGET, List.of(), false), DataFormatException.class);
		if (toPredict != null) {
			checkConsistent(toPredict);
			boolean withoutTarget = Double.isNaN(toPredict.y()[0]);
			check(Arrays.stream(toPredict.y()).allMatch(y -> Double.isNaN(y) == withoutTarget),
					"targets all read, or all absent", toPredict);
		}
	}

	private static void checkConsistent(Dataset data) {
		check(!data.features().isEmpty() && !data.features().contains(TARGET), "features besides the target", data);
		check(new HashSet<>(data.features()).size() == data.featureCount(), "distinct features", data.features());
		check(data.size() >= 1 && data.x().length == data.y().length, "a target per row", data);
		for (double[] row : data.x()) {
			check(row.length == data.featureCount(), "a value per feature", Arrays.toString(row));
			check(Arrays.stream(row).allMatch(Double::isFinite), "finite features", Arrays.toString(row));
		}
		check(Arrays.stream(data.y()).allMatch(y -> Double.isFinite(y) || Double.isNaN(y)), "no infinite target", data);
	}

	/** Lines of cells that look like measurements, with the mistakes of real files mixed in. */
	private static byte[] csvLikeText(Random random) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		if (random.nextInt(10) == 0) {
			out.writeBytes(new byte[] { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF });
		}
		String separator = pick(random, ",", ";", "\t", " ", "|");
		int columns = random.nextInt(30) == 0 ? 1 + random.nextInt(3000) : 1 + random.nextInt(6);
		int lines = random.nextInt(12);
		for (int line = 0; line <= lines; line++) {
			switch (random.nextInt(12)) {
			case 0 -> out.writeBytes(bytes(pick(random, "", " ", "\t ")));
			case 1 -> {
				out.writeBytes(bytes("# comment "));
				out.writeBytes(NASTY[random.nextInt(NASTY.length)]);
			}
			default -> {
				int cells = random.nextInt(8) == 0 ? random.nextInt(columns + 3) : columns;
				for (int cell = 0; cell < cells; cell++) {
					if (cell > 0) {
						out.writeBytes(bytes(random.nextInt(20) == 0 ? pick(random, ",", ";", "\t") : separator));
					}
					out.writeBytes(line == 0 ? name(random) : cell(random));
				}
			}
			}
			out.writeBytes(bytes(pick(random, "\n", "\n", "\r\n", "\r", "\n\r")));
		}
		if (random.nextInt(300) == 0) {
			// a line just beyond the limit: the reader must stop there rather than read it whole
			out.writeBytes(bytes("7".repeat(TextLines.MAX_LINE_BYTES + random.nextInt(3))));
		}
		return out.toByteArray();
	}

	private static byte[] name(Random random) {
		return switch (random.nextInt(8)) {
		case 0, 1, 2 -> bytes(TARGET);
		case 3 -> bytes(pick(random, "\"delay\"", " delay ", "", "\"", "\"\"", "#delay", "x", "x"));
		case 4 -> NASTY[random.nextInt(NASTY.length)];
		default -> bytes("c" + random.nextInt(5));
		};
	}

	private static byte[] cell(Random random) {
		return switch (random.nextInt(16)) {
		case 0 -> bytes(pick(random, "NaN", "Infinity", "-Infinity", "1e999", "-1e400", "1e-400", "1e70", "-1e61"));
		case 1 -> bytes(pick(random, "", " ", "\"\"", "\"", "\"1\"", "\"1,5\"", "1,5", "1.2.3", ".", "-", "+.5", "1.",
				"0x10", "1e", "e5", "1d", "1f", "٣", "１", "1_000", "1 000"));
		case 2 -> NASTY[random.nextInt(NASTY.length)];
		case 3 -> bytes("9".repeat(1 + random.nextInt(5000)));
		case 4 -> bytes(Double.toString(Double.longBitsToDouble(random.nextLong())));
		case 5 -> bytes(random.nextInt(3) + "." + random.nextInt(1000) + "e" + (random.nextInt(700) - 350));
		default -> bytes(Integer.toString(random.nextInt(200) - 20));
		};
	}

	/** The valid file with one to four changes: bytes replaced, inserted, removed, copied, or the end cut off. */
	private static byte[] changed(byte[] valid, Random random) {
		byte[] content = valid;
		int changes = 1 + random.nextInt(4);
		for (int change = 0; change < changes && content.length > 0; change++) {
			int at = random.nextInt(content.length);
			int length = 1 + random.nextInt(Math.min(20, content.length - at));
			content = switch (random.nextInt(5)) {
			case 0 -> {
				byte[] replaced = content.clone();
				replaced[at] = (byte) random.nextInt(256);
				yield replaced;
			}
			case 1 -> splice(content, at, 0, NASTY[random.nextInt(NASTY.length)]);
			case 2 -> splice(content, at, length, new byte[0]);
			case 3 -> splice(content, random.nextInt(content.length), 0, Arrays.copyOfRange(content, at, at + length));
			default -> Arrays.copyOf(content, at);
			};
		}
		return content;
	}

	private static byte[] splice(byte[] content, int at, int removed, byte[] inserted) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.write(content, 0, at);
		out.writeBytes(inserted);
		out.write(content, at + removed, content.length - at - removed);
		return out.toByteArray();
	}

	private static String pick(Random random, String... choices) {
		return choices[random.nextInt(choices.length)];
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A valid data file: features and a target that varies, written with one separator and one kind of
	 * line end, maybe a byte order mark, quotes and spaces around cells, comments and blank lines.
	 */
	record Table(List<String> columns, double[][] values, String separator, String lineEnd, boolean byteOrderMark,
			boolean quoted, long layoutSeed) {

		static Table random(Random random) {
			int features = 1 + random.nextInt(5);
			List<String> columns = new ArrayList<>();
			for (int feature = 0; feature < features; feature++) {
				columns.add("f" + feature);
			}
			columns.add(random.nextInt(features + 1), TARGET);
			int rows = 2 + random.nextInt(30);
			double[][] values = new double[rows][columns.size()];
			for (double[] row : values) {
				for (int column = 0; column < row.length; column++) {
					row[column] = value(random);
				}
			}
			int target = columns.indexOf(TARGET);
			if (values[0][target] == values[1][target]) {
				values[1][target] = values[0][target] == 0 ? 1 : 0;
			}
			return new Table(columns, values, pick(random, ",", ";", "\t"), pick(random, "\n", "\r\n", "\r"),
					random.nextBoolean(), random.nextInt(4) == 0, random.nextLong());
		}

		private static double value(Random random) {
			return switch (random.nextInt(4)) {
			case 0 -> random.nextInt(1000) - 100;
			case 1 -> random.nextGaussian();
			case 2 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(120) - 60);
			default -> random.nextInt(64) * 1024.0;
			};
		}

		int rows() {
			return values.length;
		}

		List<String> features() {
			return columns.stream().filter(column -> !column.equals(TARGET)).toList();
		}

		double[] x(int row) {
			double[] x = new double[columns.size() - 1];
			int next = 0;
			for (int column = 0; column < columns.size(); column++) {
				if (!columns.get(column).equals(TARGET)) {
					x[next++] = values[row][column];
				}
			}
			return x;
		}

		double y(int row) {
			return values[row][columns.indexOf(TARGET)];
		}

		byte[] bytes() {
			Random layout = new Random(layoutSeed);
			StringBuilder text = new StringBuilder(byteOrderMark ? "\uFEFF" : "");
			text.append(String.join(separator, columns)).append(lineEnd);
			for (double[] row : values) {
				if (layout.nextInt(5) == 0) {
					text.append(pick(layout, "", "  ", "# a comment, with; separators\t")).append(lineEnd);
				}
				List<String> cells = new ArrayList<>();
				for (double value : row) {
					String number = value == Math.rint(value) && Math.abs(value) < 1e9 ? Long.toString((long) value)
							: Double.toString(value);
					cells.add(pick(layout, "", " ") + (quoted ? "\"" + number + "\"" : number) + pick(layout, "", " "));
				}
				text.append(String.join(separator, cells));
				if (row != values[values.length - 1] || layout.nextBoolean()) {
					text.append(lineEnd);
				}
			}
			return text.toString().getBytes(StandardCharsets.UTF_8);
		}

		@Override
		public String toString() {
			return new String(bytes(), StandardCharsets.UTF_8);
		}
	}
}
