package org.iosim.report.svg;

/** Text from the model, made safe to place into HTML and SVG, between tags or inside attribute values. */
public final class Markup {

	private static final char REPLACEMENT_CHARACTER = '\uFFFD';

	private Markup() {
	}

	/**
	 * Escapes the characters that could end an element or an attribute value, and replaces the control
	 * characters XML 1.0 does not allow, not even escaped, which would make an SVG chart unreadable to
	 * XML tools (a model saved as XML 1.1, or built in code, may have them in a name); null becomes empty.
	 */
	public static String escape(String text) {
		if (text == null) {
			return "";
		}
		StringBuilder escaped = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '&' -> escaped.append("&amp;");
				case '<' -> escaped.append("&lt;");
				case '>' -> escaped.append("&gt;");
				case '"' -> escaped.append("&quot;");
				case '\'' -> escaped.append("&#39;");
				default -> escaped.append(isAllowedInXml(c) ? c : REPLACEMENT_CHARACTER);
			}
		}
		return escaped.toString();
	}

	/** XML 1.0's Char production, applied to UTF-16 code units, so that surrogate pairs pass. */
	private static boolean isAllowedInXml(char c) {
		return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c != 0xFFFE && c != 0xFFFF);
	}
}
