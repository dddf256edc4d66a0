package org.iosim.qpn.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import org.iosim.files.XmlTreeReader;

/**
 * Parses a {@code .qpe} file into {@link XmlElement}s with {@link XmlTreeReader} ({@code .qpe} files
 * are untrusted input), within the {@link QpeFileLimits}.
 */
public final class QpeParser {

	private static final XmlTreeReader.Limits LIMITS = new XmlTreeReader.Limits(".qpe files", "a .qpe file",
			QpeFileLimits.MAX_ELEMENT_DEPTH, QpeFileLimits.MAX_ELEMENTS);

	/** Either the document element or why the file could not be parsed (a message without the file name). */
	public record Outcome(XmlElement root, String problem) {
	}

	private QpeParser() {
	}

	public static Outcome parse(Path file, long maxBytes) {
		try (InputStream input = QpeFileLimits.open(file, maxBytes)) {
			return new Outcome(XmlTreeReader.read(input, null, LIMITS, ELEMENTS), null);
		} catch (XmlTreeReader.Problem problem) {
			return new Outcome(null, switch (problem.kind()) {
			case DOCUMENT_TYPE -> "line " + problem.line()
					+ ": a document type declaration (DOCTYPE) is not allowed in .qpe files, so the file is not read";
			case NOT_WELL_FORMED -> "line " + problem.line() + ": the file is not well-formed XML: " + problem.getMessage();
			case LIMIT -> "line " + problem.line() + ": " + problem.getMessage();
			case UNPARSABLE -> "the XML cannot be parsed: " + problem.getMessage();
			case UNREADABLE -> problem.getMessage();
			});
		} catch (IOException e) {
			return new Outcome(null, QpeFileLimits.describe(e));
		}
	}

	private static final XmlTreeReader.Elements<XmlElement> ELEMENTS = new XmlTreeReader.Elements<>() {
		@Override
		public XmlElement element(XmlElement parent, String namespace, String localName, int line) {
			return new XmlElement(localName, parent, line);
		}

		@Override
		public void attribute(XmlElement element, String key, String value) {
			element.putAttribute(key, value);
		}

		@Override
		public void add(XmlElement parent, XmlElement element) {
			if (parent != null) {
				parent.addChild(element);
			}
		}
	};
}
