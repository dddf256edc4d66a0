package org.iosim.report.svg;

import org.iosim.report.internal.DecimalText;

/**
 * An SVG image written as text, to be placed inline into HTML. It declares no namespace (the HTML
 * parser puts it into the SVG namespace) and no ids (which all charts of a page would share).
 * <p>
 * Text width cannot be measured without a font renderer, so callers lay text out with
 * {@link #estimatedWidth}. Coordinates are written with at most two decimals, the same on every
 * platform and in every locale.
 */
public final class SvgDocument {

	/** The report's fonts, named again so that a chart saved on its own looks the same. */
	private static final String FONT_FAMILY = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial,"
			+ " sans-serif";

	/** The average advance of a character in a sans-serif font, generously, in em. */
	private static final double CHARACTER_WIDTH_EM = 0.6;

	private final StringBuilder svg = new StringBuilder(8 * 1024);
	private final int width;
	private final int height;

	/**
	 * Opens the image with a white background.
	 *
	 * @param fontSize    of all text that does not set its own
	 * @param description what the image shows, for screen readers and as a tooltip
	 */
	public SvgDocument(int width, int height, double fontSize, String description) {
		this.width = width;
		this.height = height;
		svg.append("<svg class=\"chart\" role=\"img\" aria-label=\"").append(Markup.escape(description))
				.append("\" width=\"").append(width).append("\" height=\"").append(height)
				.append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
				.append("\" font-family=\"").append(FONT_FAMILY).append("\" font-size=\"").append(number(fontSize))
				.append("\">\n<title>").append(Markup.escape(description)).append("</title>\n")
				.append("<rect width=\"").append(width).append("\" height=\"").append(height)
				.append("\" fill=\"#fff\"/>\n");
	}

	public int width() {
		return width;
	}

	public int height() {
		return height;
	}

	/** How wide {@code text} is, about, at {@code fontSize}. */
	public static double estimatedWidth(String text, double fontSize) {
		return text.codePointCount(0, text.length()) * CHARACTER_WIDTH_EM * fontSize;
	}

	/**
	 * Opens a group whose elements share the given presentation attributes.
	 *
	 * @param attributes name-value pairs
	 */
	public SvgDocument group(String cssClass, String... attributes) {
		svg.append("<g class=\"").append(cssClass).append('"');
		appendAttributes(attributes);
		svg.append(">\n");
		return this;
	}

	public SvgDocument endGroup() {
		svg.append("</g>\n");
		return this;
	}

	public SvgDocument line(double x1, double y1, double x2, double y2) {
		svg.append("<line x1=\"").append(number(x1)).append("\" y1=\"").append(number(y1))
				.append("\" x2=\"").append(number(x2)).append("\" y2=\"").append(number(y2)).append("\"/>\n");
		return this;
	}

	public SvgDocument rect(double x, double y, double width, double height) {
		svg.append("<rect x=\"").append(number(x)).append("\" y=\"").append(number(y))
				.append("\" width=\"").append(number(width)).append("\" height=\"").append(number(height))
				.append("\"/>\n");
		return this;
	}

	public SvgDocument circle(double cx, double cy, double r) {
		svg.append("<circle cx=\"").append(number(cx)).append("\" cy=\"").append(number(cy))
				.append("\" r=\"").append(number(r)).append("\"/>\n");
		return this;
	}

	/**
	 * A path through the given points.
	 *
	 * @param pathData the {@code d} attribute, built with {@link #number}
	 */
	public SvgDocument path(String cssClass, CharSequence pathData, String... attributes) {
		svg.append("<path class=\"").append(cssClass).append("\" d=\"").append(pathData).append('"');
		appendAttributes(attributes);
		svg.append("/>\n");
		return this;
	}

	/**
	 * Text with its baseline at {@code y}.
	 *
	 * @param anchor {@code start}, {@code middle} or {@code end}: which part of the text lies at {@code x}
	 */
	public SvgDocument text(double x, double y, String anchor, String text) {
		return text(x, y, anchor, text, null);
	}

	/**
	 * Text with its baseline at {@code y}, shortened with an ellipsis if it is estimated to be wider
	 * than {@code maxWidth}; the whole text then shows on hover.
	 */
	public SvgDocument textWithin(double maxWidth, double fontSize, double x, double y, String anchor, String text) {
		if (estimatedWidth(text, fontSize) <= maxWidth) {
			return text(x, y, anchor, text, null);
		}
		int keptCharacters = Math.max(0, (int) (maxWidth / (CHARACTER_WIDTH_EM * fontSize)) - 1);
		return text(x, y, anchor, text.substring(0, text.offsetByCodePoints(0, keptCharacters)) + "…", text);
	}

	private SvgDocument text(double x, double y, String anchor, String text, String tooltip) {
		svg.append("<text x=\"").append(number(x)).append("\" y=\"").append(number(y))
				.append("\" text-anchor=\"").append(anchor).append("\">").append(Markup.escape(text));
		if (tooltip != null) {
			svg.append("<title>").append(Markup.escape(tooltip)).append("</title>");
		}
		svg.append("</text>\n");
		return this;
	}

	/** Text read from bottom to top, centred on {@code (x, y)}; the letters stand left of {@code x}. */
	public SvgDocument verticalText(double x, double y, String text) {
		String position = number(x) + " " + number(y);
		svg.append("<text transform=\"translate(").append(position).append(") rotate(-90)\" text-anchor=\"middle\">")
				.append(Markup.escape(text)).append("</text>\n");
		return this;
	}

	/** @param nameValuePairs constants of the code, which need no escaping */
	private void appendAttributes(String... nameValuePairs) {
		for (int i = 0; i < nameValuePairs.length; i += 2) {
			svg.append(' ').append(nameValuePairs[i]).append("=\"").append(nameValuePairs[i + 1]).append('"');
		}
	}

	/** Writes the closing tag; the document must not be used afterwards. */
	public String finish() {
		return svg.append("</svg>\n").toString();
	}

	/** A coordinate or length with at most two decimals and without a negative zero. */
	public static String number(double value) {
		return DecimalText.ofScaled(Math.round(value * 100), 2).toPlainString();
	}
}
