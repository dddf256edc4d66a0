package org.iosim.qpn.qpe;

import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.Net;
import org.iosim.qpn.internal.NetMapper;
import org.iosim.qpn.internal.QpeFileLimits;
import org.iosim.qpn.internal.QpeParser;

/**
 * Reads QPME {@code .qpe} files into {@link Net}s: colours, queues, ordinary, queueing and subnet
 * places (with their subnets) and their colour references (initial population, capacity, service
 * time distribution), immediate and timed transitions with their modes and token flows, the net's
 * connections, diagram positions, probes, and SimQPN's configurations and batch-means statistics settings.
 * Files of QPME 2.x are read as they are; files of QPME 1.x (and 2.0), which type their elements by
 * the attributes {@code type} and {@code name}, are first brought into QPME 2's form as QPME 2 does
 * when it opens them (ids get a leading {@code _}), with one warning saying so.
 * <p>
 * Files are untrusted input: they are parsed without document type declarations or external
 * entities, and files over a size limit are refused. Nothing the model cannot hold is skipped
 * silently: unknown types and SimQPN's replication/deletion and Welch settings are each
 * reported by name. Malformed numbers, references to unknown ids and repeated ids are errors. Every
 * message names the file and the element by its type, name and id. The net's name is the file's name
 * without {@code .qpe}, as the format stores none.
 */
public final class QpeReader {

	private static final String EXTENSION = ".qpe";

	private final long maxFileBytes;

	/** A reader that refuses files over 16 MiB. */
	public QpeReader() {
		this(QpeFileLimits.DEFAULT_MAX_FILE_BYTES);
	}

	/** @param maxFileBytes the largest file read; larger ones are refused with an error */
	public QpeReader(long maxFileBytes) {
		if (maxFileBytes <= 0) {
			throw new IllegalArgumentException("the size limit must be positive, not " + maxFileBytes);
		}
		this.maxFileBytes = maxFileBytes;
	}

	/**
	 * @return the net and the problems found; the net is null only if the file could not be parsed at
	 *         all, and then the diagnostics say why
	 */
	public QpeReadResult read(Path file) {
		String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
		QpeParser.Outcome parsed = QpeParser.parse(file, maxFileBytes);
		if (parsed.root() == null) {
			return new QpeReadResult(null,
					List.of(new QpnDiagnostic(QpnDiagnostic.Severity.ERROR, fileName + ": " + parsed.problem())));
		}
		String netName = fileName.endsWith(EXTENSION) ? fileName.substring(0, fileName.length() - EXTENSION.length())
				: fileName;
		NetMapper.Result mapped = NetMapper.map(parsed.root(), fileName, netName);
		return new QpeReadResult(mapped.net(), mapped.diagnostics());
	}
}
