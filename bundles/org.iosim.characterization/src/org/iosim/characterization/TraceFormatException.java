package org.iosim.characterization;

import java.io.IOException;
import java.nio.file.Path;

import org.iosim.characterization.internal.Excerpt;

/**
 * A trace that cannot be characterized. The message names the trace file and, for a bad line, its
 * number, what is wrong and the start of its content, e.g.
 * {@code job_lat.1.log: line 7: the direction must be 0 (read), 1 (write) or 2 (trim), not 5: '12, 3000, 5, 4096, 0, 0'}.
 */
public final class TraceFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    /** Characters of a bad line shown in the message: enough to recognise it, never a whole 1 MiB line. */
    private static final int EXCERPT_LENGTH = 80;

    /**
     * @param file    the trace file
     * @param line    number of the bad line, from 1
     * @param reason  what is wrong, e.g. {@code the block size is not a whole number}
     * @param content the line
     */
    public TraceFormatException(Path file, int line, String reason, String content) {
        super(file + ": line " + line + ": " + reason + ": '" + Excerpt.of(content, EXCERPT_LENGTH) + "'");
    }

    /**
     * @param message what is wrong, naming the file or files it concerns
     */
    public TraceFormatException(String message) {
        super(message);
    }
}
