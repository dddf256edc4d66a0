package org.iosim.characterization.internal;

/** Untrusted text shown in a message: short enough to read, with nothing that could disturb a terminal. */
public final class Excerpt {

    private Excerpt() {
    }

    /** @return the start of the text, control characters shown as '?', marked with '…' where cut */
    public static String of(String text, int maxLength) {
        String start = text.length() <= maxLength ? text : text.substring(0, maxLength - 1) + "…";
        StringBuilder printable = new StringBuilder(start.length());
        start.codePoints().forEach(c -> printable.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return printable.toString();
    }
}
