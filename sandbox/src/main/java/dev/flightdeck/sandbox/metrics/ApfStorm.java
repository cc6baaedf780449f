package dev.flightdeck.sandbox.metrics;

import java.util.regex.Pattern;

/**
 * Simulated, not measured: a service account floods one API Priority and Fairness
 * priority level with cluster-wide pod LISTs, as in the real capture
 * {@code apiserver-metrics-apf-429.txt}. The flood adds 70% to the baseline traffic;
 * 20% of it is rejected with 429 (60% after the 15 s queue wait limit, "time-out",
 * 40% at once, "queue-full"), which is about 8% of all requests. The level's queue
 * fills, its seats are all taken, and queue waits move into the seconds.
 */
final class ApfStorm extends SwitchedEffect {

    static final String DEFAULT_PRIORITY_LEVEL = "workload-low";
    static final String DEFAULT_FLOW_SCHEMA = "service-accounts";

    private static final double FLOOD_SHARE = 0.7;
    private static final double REJECTED_SHARE = 0.2;
    private static final double TIME_OUT_SHARE = 0.6;
    private static final double QUEUE_WAIT_LIMIT = 15.1;
    private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");

    /** The flooding client's request series, as the real capture labels it. */
    private static final String FLOOD = "component=\"apiserver\",dry_run=\"\",group=\"\",resource=\"pods\","
            + "scope=\"cluster\",subresource=\"\",system_client=\"\",verb=\"LIST\",version=\"v1\"";
    private static final String TERMINATED = "code=\"429\",component=\"apiserver\",group=\"\",resource=\"pods\","
            + "scope=\"cluster\",subresource=\"\",verb=\"LIST\",version=\"v1\"";

    /** Queue waits of executed requests in the real capture: bucket bounds and cumulative counts of 901. */
    private static final double[] WAIT_BOUNDS = {0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30};
    private static final double[] CAPTURED_WAITS = {0, 52, 77, 127, 212, 362, 680, 770, 773, 837, 837, 848, 901};
    private static final double CAPTURED_MEAN_WAIT = 1346.1583406209986 / 901;

    private final MetricsTable table;
    private final double baselineRequestsPerSecond;
    private String level = DEFAULT_PRIORITY_LEVEL;
    private String schema = DEFAULT_FLOW_SCHEMA;
    private Series ok;
    private Series rejected;
    private Series terminated;
    private Series timedOut;
    private Series queueFull;
    private Series dispatched;
    private HistogramLines waitExecuted;
    private HistogramLines waitRejected;

    ApfStorm(MetricsTable table, double baselineRequestsPerSecond) {
        this.table = table;
        this.baselineRequestsPerSecond = baselineRequestsPerSecond;
    }

    /** Which level and flow schema the next storm hits; the level must be one the server has. */
    void aim(String priorityLevel, String flowSchema) {
        if (limitSeats(priorityLevel) < 0) {
            throw new IllegalArgumentException("no priority level " + priorityLevel + " on this server");
        }
        if (!NAME.matcher(flowSchema).matches()) {
            throw new IllegalArgumentException("not a flow schema name: " + flowSchema);
        }
        this.level = priorityLevel;
        this.schema = flowSchema;
    }

    @Override
    void begin(double t) {
        String apf = "flow_schema=\"" + schema + "\",priority_level=\"" + level + "\"";
        ok = counter(BaselineRates.REQUESTS, "code=\"200\"," + FLOOD, null);
        rejected = counter(BaselineRates.REQUESTS, "code=\"429\"," + FLOOD, null);
        terminated = counter("apiserver_request_terminations_total", TERMINATED,
                "[ALPHA] Number of requests which apiserver terminated in self-defense.");
        String rejectedHelp = "[BETA] Number of requests rejected by API Priority and Fairness subsystem";
        timedOut = counter("apiserver_flowcontrol_rejected_requests_total", apf + ",reason=\"time-out\"", rejectedHelp);
        queueFull = counter("apiserver_flowcontrol_rejected_requests_total", apf + ",reason=\"queue-full\"", rejectedHelp);
        dispatched = counter("apiserver_flowcontrol_dispatched_requests_total", apf, null);
        waitExecuted = waits("execute=\"true\"," + apf);
        waitRejected = waits("execute=\"false\"," + apf);
        String queued = "[BETA] Number of requests currently pending in queues of the API Priority and Fairness subsystem";
        gauge("apiserver_flowcontrol_current_inqueue_requests", apf, queued, this::inQueue);
        gauge("apiserver_flowcontrol_current_inqueue_seats", apf,
                "[ALPHA] Number of seats currently pending in queues of the API Priority and Fairness subsystem", this::inQueue);
        gauge("apiserver_flowcontrol_current_executing_requests", apf, null, this::executing);
        gauge("apiserver_flowcontrol_current_executing_seats", apf, null, this::executing);
    }

    @Override
    public void addRates() {
        double flood = FLOOD_SHARE * baselineRequestsPerSecond;
        double reject = REJECTED_SHARE * flood;
        double execute = flood - reject;
        ok.rate += execute;
        dispatched.rate += execute;
        rejected.rate += reject;
        terminated.rate += reject;
        timedOut.rate += reject * TIME_OUT_SHARE;
        queueFull.rate += reject * (1 - TIME_OUT_SHARE);
        waitExecuted.observe(execute, ApfStorm::capturedWaitShare, CAPTURED_MEAN_WAIT);
        // queue-full rejections waited 0 s; time-outs waited out the queue limit.
        waitRejected.observe(reject, le -> le < QUEUE_WAIT_LIMIT ? 1 - TIME_OUT_SHARE : 1, TIME_OUT_SHARE * QUEUE_WAIT_LIMIT);
    }

    /** Requests of the storm's level now executing: every seat taken while it lasts. */
    double executing(double t) {
        return active() ? Math.rint(limitSeats(level) * (0.9 + 0.08 * Wander.at(level + "executing", t))) : 0;
    }

    private double inQueue(double t) {
        return active() ? Math.rint(40 + 12 * Wander.at(level + "queue", t)) : 0;
    }

    private double limitSeats(String priorityLevel) {
        Series s = table.find("apiserver_flowcontrol_current_limit_seats", "priority_level=\"" + priorityLevel + "\"");
        return s == null ? -1 : s.value;
    }

    private static double capturedWaitShare(double le) {
        double share = 0;
        for (int i = 0; i < WAIT_BOUNDS.length && WAIT_BOUNDS[i] <= le; i++) {
            share = CAPTURED_WAITS[i] / CAPTURED_WAITS[CAPTURED_WAITS.length - 1];
        }
        return share;
    }

    private Series counter(String family, String labels, String help) {
        MetricsTable.Family f = help == null ? table.family(family) : table.ensureFamily(family, "counter", help);
        return table.ensure(f, new Series(f.name, labels, Series.Kind.COUNTER, 0, null, true));
    }

    private HistogramLines waits(String labels) {
        MetricsTable.Family f = table.ensureFamily("apiserver_flowcontrol_request_wait_duration_seconds", "histogram",
                "[BETA] Length of time a request spent waiting in its queue");
        HistogramLines h = HistogramLines.create(f.name, labels, WAIT_BOUNDS);
        table.ensure(f, h.lines());
        return table.histograms(f).get(labels);
    }

    /** A gauge for this flow schema and level, which reads zero once a storm elsewhere (or none) is on. */
    private void gauge(String family, String labels, String help, Series.LiveValue value) {
        MetricsTable.Family f = help == null ? table.family(family) : table.ensureFamily(family, "gauge", help);
        Series s = table.ensure(f, new Series(f.name, labels, Series.Kind.GAUGE, 0, null, false));
        String aimedAt = labels;
        s.live = t -> aimedAt.equals("flow_schema=\"" + schema + "\",priority_level=\"" + level + "\"") ? value.at(t) : 0;
    }
}
