package dev.flightdeck.sandbox.metrics;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Simulated faults of {@code /metrics} itself, for the console's error paths: the
 * 403 a caller without {@code get} on the {@code /metrics} non-resource URL gets,
 * and one answer cut off in the middle of a sample line.
 */
final class MetricsFaults {

    /** The body a real kube-apiserver v1.32.13 sent for {@code GET /metrics} without credentials (captured). */
    static final String FORBIDDEN_BODY = """
            {
              "kind": "Status",
              "apiVersion": "v1",
              "metadata": {},
              "status": "Failure",
              "message": "forbidden: User \\"system:anonymous\\" cannot get path \\"/metrics\\"",
              "reason": "Forbidden",
              "details": {},
              "code": 403
            }""";

    private volatile boolean forbidden;
    private final AtomicBoolean truncateNext = new AtomicBoolean();

    void forbid(boolean on) {
        forbidden = on;
    }

    boolean forbidden() {
        return forbidden;
    }

    void truncateNextAnswer() {
        truncateNext.set(true);
    }

    /** True once after {@link #truncateNextAnswer()}. */
    boolean takeTruncation() {
        return truncateNext.getAndSet(false);
    }

    /** The text cut a third of the way in, inside a sample's labels, with no final newline. */
    static String truncate(String exposition) {
        int sample = exposition.indexOf("\napiserver_", exposition.length() / 3);
        int brace = exposition.indexOf('{', sample + 1);
        return exposition.substring(0, brace + 8);
    }
}
