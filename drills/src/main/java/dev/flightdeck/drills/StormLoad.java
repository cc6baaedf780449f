package dev.flightdeck.drills;

import java.time.Duration;
import java.time.Instant;

/**
 * The operator's load on an API server that is throttling everyone (an APF storm): requests by
 * the operator's tools while the storm lasts, not counting long-running watches, and disruptive
 * actions started meanwhile (drains, resumes, preflights each bring a burst of writes and the
 * controllers' reactions). Within budget means at most {@link #REQUESTS_PER_MINUTE} requests per
 * minute of storm on average (a careful person with kubectl or the console; a script re-listing
 * the cluster in a loop is over it) and no disruptive action. Health probes ({@code /healthz}, {@code /livez},
 * {@code /readyz}) are not counted: the API server's "probes" FlowSchema (suggested configuration since Kubernetes
 * 1.22, kubernetes/kubernetes#100678) puts them in the exempt priority level, so they are never throttled and take
 * no seat from the flows the storm is starving.
 */
final class StormLoad {

    static final int REQUESTS_PER_MINUTE = 60;

    private Instant from;
    private Instant to;
    private long requests;
    private int disruptive;
    /** How many of the requests went to each collection or object (method and path, query left out). */
    private final java.util.Map<String, Integer> byTarget = new java.util.HashMap<>();

    void started(Instant at) {
        from = at;
    }

    void ended(Instant at) {
        to = at;
    }

    boolean active() {
        return from != null && to == null;
    }

    /** The paths APF's "probes" FlowSchema exempts (its nonResourceURLs). */
    private static final java.util.Set<String> EXEMPT_PROBES = java.util.Set.of("/healthz", "/livez", "/readyz");

    /** An operator request (not a watch) seen at {@code at}. */
    void request(Instant at, String method, String path) {
        if (active() && !at.isBefore(from) && !EXEMPT_PROBES.contains(path)) {
            requests++;
            byTarget.merge(method + " " + path, 1, Integer::sum);
        }
    }

    /**
     * The targets most requested, most first ({@code 6× GET /api/v1/pods, …}): a trainee over the budget sees which of
     * their tools added the load (a client re-listing in a loop, a new session's first LISTs), not only how much.
     */
    String mostRequested(int atMost) {
        return byTarget.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(java.util.Map.Entry.comparingByKey()))
                .limit(atMost).map(e -> e.getValue() + "× " + e.getKey())
                .collect(java.util.stream.Collectors.joining(", "))
                + (byTarget.size() > atMost ? " and " + (byTarget.size() - atMost) + " more" : "");
    }

    void disruptiveAction() {
        if (active()) {
            disruptive++;
        }
    }

    long requests() {
        return requests;
    }

    int disruptive() {
        return disruptive;
    }

    long budget() {
        if (from == null) {
            return 0;
        }
        Duration d = Duration.between(from, to == null ? Instant.now() : to);
        return Math.max(REQUESTS_PER_MINUTE / 2, (long) Math.ceil(d.toMillis() / 60_000.0 * REQUESTS_PER_MINUTE));
    }

    boolean withinBudget() {
        return to != null && disruptive == 0 && requests <= budget();
    }

    String describe() {
        return requests + " requests against a budget of " + budget() + (disruptive == 0 ? ""
                : "; " + disruptive + " disruptive action" + (disruptive == 1 ? "" : "s") + " started during the storm");
    }
}
