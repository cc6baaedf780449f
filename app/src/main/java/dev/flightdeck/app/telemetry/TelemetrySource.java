package dev.flightdeck.app.telemetry;

import java.time.Duration;

/**
 * Where a cluster's GPU telemetry comes from: a Prometheus (configured, or found behind the API server's service
 * proxy) or the dcgm-exporter pods themselves (through the pod proxy). One {@link #read} per refresh; a source asks
 * for what it needs in as few requests as it can (one query per signal, aggregated server-side), never one per node.
 */
public interface TelemetrySource {

    /** The source in words, for the status bar and {@code check}: what it is, where, and how it was chosen. */
    String describe();

    /**
     * Reads every GPU's signals now; {@code window} is the stall window the utilisation maximum covers (a source
     * without history ignores it).
     *
     * @throws TelemetryUnavailable when nothing could be read (one line: what failed and where)
     */
    TelemetryFrame read(Duration window) throws TelemetryUnavailable;

    /**
     * How long to wait between reads, given the console's usual {@code standard}: a source whose read costs a request
     * per node spaces its reads out so that it takes a small share of the cluster's request budget.
     */
    default Duration interval(Duration standard) {
        return standard;
    }

    /** Whether a read goes through the API server (its pod or service proxy): such reads are put off while it sheds load. */
    default boolean throughApiServer() {
        return true;
    }
}
