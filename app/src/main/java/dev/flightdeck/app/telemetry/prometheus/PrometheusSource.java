package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetrySource;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * GPU telemetry from a Prometheus that scrapes dcgm-exporter: per refresh one query per {@link DcgmField} (its latest
 * value), one for the highest utilisation over the stall window (and one for the engine's activity, where profiling
 * metrics are on), one for the Xids that changed in it — each aggregated on the server to a series per GPU
 * ({@link DcgmQueries}), so a 7,500-node fleet is 19 requests, not 7,500, sent {@link #IN_FLIGHT} at a time
 * ({@link QueriesInFlight}).
 *
 * <p>A field the Prometheus has no series for is simply absent from every GPU. A query Prometheus refuses (a
 * timeout, a limit) is a problem of the frame, the other signals still read; a Prometheus that does not answer, or
 * refuses every query, is {@link TelemetryUnavailable} in one line.
 */
public final class PrometheusSource implements TelemetrySource {

    /**
     * A refresh's queries sent at once: enough to spread the server's evaluation over its cores and overlap it with the
     * console's parsing (at 7,500 nodes a refresh costs Prometheus about 22 s of CPU and the console 5 s; one query
     * after another it took 21 s on an otherwise quiet 2-core machine, 4 at once 14 s), few enough that a Prometheus
     * shared with dashboards and rules is not flooded (its own limit is 20 concurrent queries) and that at most this
     * many answers are held at a time.
     */
    public static final int IN_FLIGHT = 4;

    private final PrometheusClient client;
    private final GpuLabelMapping mapping;
    private final Clock clock;
    private final boolean pinToClock;
    private final int inFlight;

    /**
     * @param clock      when a frame is from
     * @param pinToClock evaluate queries at {@code clock}'s now rather than the server's (a replayed Prometheus in
     *                   tests; a live one is asked for its own now, right whatever this machine's clock says)
     * @param inFlight   how many of a refresh's queries are sent at once ({@link #IN_FLIGHT}; 1: one after another)
     */
    public PrometheusSource(PrometheusClient client, GpuLabelMapping mapping, Clock clock, boolean pinToClock,
                            int inFlight) {
        this.client = client;
        this.mapping = mapping;
        this.clock = clock;
        this.pinToClock = pinToClock;
        this.inFlight = inFlight;
    }

    /** {@link #IN_FLIGHT} queries at once. */
    public PrometheusSource(PrometheusClient client, GpuLabelMapping mapping, Clock clock, boolean pinToClock) {
        this(client, mapping, clock, pinToClock, IN_FLIGHT);
    }

    @Override
    public String describe() {
        return client.describe();
    }

    @Override
    public boolean throughApiServer() {
        return client.throughApiServer();
    }

    /** The server's version ({@code 2.42.0}), or null when it does not say. */
    public String serverVersion() {
        return client.version();
    }

    @Override
    public TelemetryFrame read(Duration window) throws TelemetryUnavailable {
        Instant at = clock.instant();
        GpuJoin join = new GpuJoin(mapping);
        List<QueriesInFlight.Query> queries = new ArrayList<>();
        for (DcgmField f : DcgmField.values()) {
            queries.add(new QueriesInFlight.Query(f.metric(), DcgmQueries.latest(f), s -> join.latest(f, s)));
        }
        for (DcgmField f : List.of(DcgmField.GPU_UTIL, DcgmField.GR_ENGINE_ACTIVE)) {
            queries.add(new QueriesInFlight.Query("max_over_time(" + f.metric() + ")", DcgmQueries.maxOverWindow(f, window),
                    s -> join.utilMax(f, s)));
        }
        queries.add(new QueriesInFlight.Query("changes(" + DcgmField.XID_ERRORS.metric() + ")",
                DcgmQueries.xidChanged(window), join::xidChanged));
        List<String> problems = new ArrayList<>();
        int refused = new QueriesInFlight(client, inFlight, describe()).sendAll(queries, pinToClock ? at : null, problems);
        if (refused == queries.size()) {
            throw new TelemetryUnavailable(describe() + " refused every query; the first: " + problems.getFirst());
        }
        var gpus = join.gpus();
        if (gpus.isEmpty() && join.unplaced() == 0 && problems.isEmpty()) {
            problems.add("no dcgm-exporter series (" + DcgmField.GPU_UTIL.metric() + ") in " + describe()
                    + ": is dcgm-exporter running and scraped?");
        }
        if (join.unplaced() > 0) {
            problems.add(join.unplaced() + " GPU series could be put on no node (no known workload or exporter pod, "
                    + "and Hostname is not a node)");
        }
        return new TelemetryFrame(at, describe(), window, gpus, problems, join.unplaced());
    }
}
