package org.iosim.analysis;

/** The type of an I/O request. As an analysis model input ({@link WorkloadInput#TYPE}) a read is 0 and a write 1. */
public enum IoType {
    READ, WRITE
}
