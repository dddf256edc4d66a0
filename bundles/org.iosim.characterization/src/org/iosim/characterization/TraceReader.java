package org.iosim.characterization;

import java.io.Closeable;
import java.io.IOException;

/**
 * The read and write requests of a trace, one at a time, in the order the trace observed them, so
 * that a trace of any length is read in bounded memory. Requests that are neither reads nor writes
 * (fio's trims, block discards and flushes) are left out.
 */
public interface TraceReader extends Closeable {

	/**
	 * @return the next request, or null at the end of the trace
	 * @throws TraceFormatException if the trace holds something that is not a request of its format
	 * @throws IOException          if the trace cannot be read
	 */
	IoRecord next() throws IOException;
}
