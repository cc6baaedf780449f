package dev.flightdeck.app.pressure;

import java.util.Set;

/**
 * The kube-apiserver metric families the pressure signals read (conventions §5), under the
 * names of every release from 1.27 to 1.34, and the filter that keeps just those when parsing.
 */
public final class ApiServerMetrics {

    public static final String REQUESTS = "apiserver_request_total";
    public static final String REQUEST_DURATION = "apiserver_request_duration_seconds";
    public static final String INFLIGHT = "apiserver_current_inflight_requests";
    public static final String LONGRUNNING = "apiserver_longrunning_requests";

    public static final String APF_REJECTED = "apiserver_flowcontrol_rejected_requests_total";
    public static final String APF_DISPATCHED = "apiserver_flowcontrol_dispatched_requests_total";
    public static final String APF_IN_QUEUE = "apiserver_flowcontrol_current_inqueue_requests";
    public static final String APF_EXECUTING = "apiserver_flowcontrol_current_executing_requests";
    public static final String APF_WAIT = "apiserver_flowcontrol_request_wait_duration_seconds";

    /** Labels {@code {operation,group,resource}} from 1.34, {@code {operation,type}} before. */
    public static final String ETCD_DURATION = "etcd_request_duration_seconds";
    /** Absent until the first error (the series are made on first increment): absent reads as none. */
    public static final String ETCD_ERRORS = "etcd_request_errors_total";

    /** Object counts from 1.34: {@code {group,resource}}. */
    public static final String RESOURCE_OBJECTS = "apiserver_resource_objects";
    /** Object counts before 1.34: {@code {resource}} with the group appended ({@code deployments.apps}). */
    public static final String STORAGE_OBJECTS = "apiserver_storage_objects";

    /** Its change between two scrapes tells a restart (or another replica) from a counter reset. */
    public static final String PROCESS_START = "process_start_time_seconds";

    public static final FamilyFilter FILTER = FamilyFilter.only(Set.of(
            REQUESTS, REQUEST_DURATION, INFLIGHT, LONGRUNNING,
            APF_REJECTED, APF_DISPATCHED, APF_IN_QUEUE, APF_EXECUTING, APF_WAIT,
            ETCD_DURATION, ETCD_ERRORS, RESOURCE_OBJECTS, STORAGE_OBJECTS, PROCESS_START));

    private ApiServerMetrics() {
    }

    /** The start time of the server process in seconds since the epoch, or NaN when not exposed. */
    static double processStart(Exposition exposition) {
        var samples = exposition.samples(PROCESS_START);
        return samples.isEmpty() ? Double.NaN : samples.getFirst().value();
    }
}
