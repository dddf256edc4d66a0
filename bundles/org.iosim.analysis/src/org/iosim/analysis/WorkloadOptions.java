package org.iosim.analysis;

import java.util.Objects;

/**
 * Choices where 001's definition of the workload state is silent.
 *
 * @param concurrencyCounting whether {@link WorkloadInput#CONCURRENCY} counts the arriving request
 * @param fileSetSizePolicy   where {@link WorkloadInput#FILE_SET_SIZE} comes from
 */
public record WorkloadOptions(ConcurrencyCounting concurrencyCounting, FileSetSizePolicy fileSetSizePolicy) {

    /**
     * The defaults: {@link ConcurrencyCounting#INCLUDING_ARRIVING} and
     * {@link FileSetSizePolicy#REQUEST}.
     */
    public static final WorkloadOptions DEFAULTS =
            new WorkloadOptions(ConcurrencyCounting.INCLUDING_ARRIVING, FileSetSizePolicy.REQUEST);

    /**
     * 001 defines concurrency as the requests "currently active ... at the storage resource"
     * without saying whether the arriving request is one of them.
     */
    public enum ConcurrencyCounting {
        /**
         * Requests in service plus the arriving one (the default): with nothing else in service
         * the concurrency is 1, as in measurements with one thread issuing requests.
         */
        INCLUDING_ARRIVING,
        /** Only the requests already in service when the request arrives. */
        EXCLUDING_ARRIVING
    }

    /**
     * 001 passes the file set size with each request, which loses the combined footprint when
     * requests on several file sets share the storage (consolidated workloads, step I).
     */
    public enum FileSetSizePolicy {
        /** The arriving request's own file set size (the default, as in 001). */
        REQUEST,
        /**
         * The sum of the sizes of the distinct file sets accessed by the requests in the status
         * list, each counted once; a file set's size is the one its latest request in the list
         * declared.
         */
        UNION_OF_LIST
    }

    public WorkloadOptions {
        Objects.requireNonNull(concurrencyCounting, "concurrencyCounting");
        Objects.requireNonNull(fileSetSizePolicy, "fileSetSizePolicy");
    }

    /** @return e.g. {@code concurrency counts the arriving request, file set size of the request} */
    public String describe() {
        return (concurrencyCounting == ConcurrencyCounting.INCLUDING_ARRIVING
                ? "concurrency counts the arriving request" : "concurrency counts only requests already in service")
                + ", " + (fileSetSizePolicy == FileSetSizePolicy.REQUEST ? "file set size of the request"
                        : "file set size of all file sets in the status list");
    }

    /** @return these options with the given concurrency counting */
    public WorkloadOptions withConcurrencyCounting(ConcurrencyCounting counting) {
        return new WorkloadOptions(counting, fileSetSizePolicy);
    }

    /** @return these options with the given file set size policy */
    public WorkloadOptions withFileSetSizePolicy(FileSetSizePolicy policy) {
        return new WorkloadOptions(concurrencyCounting, policy);
    }
}
