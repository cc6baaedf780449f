package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetrySource;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * GPU telemetry from a Prometheus that scrapes dcgm-exporter: per refresh one query per {@link DcgmField} (its latest
 * value), one for the highest utilisation over the stall window (and one for the engine's activity, where profiling
 * metrics are on), one for the Xids that changed in it — each aggregated on the server to a series per GPU
 * ({@link DcgmQueries}), so a 7,500-node fleet is 19 requests, not 7,500.
 *
 * <p>A field the Prometheus has no series for is simply absent from every GPU. A query Prometheus refuses (a
 * timeout, a limit) is a problem of the frame, the other signals still read; a Prometheus that does not answer, or
 * refuses every query, is {@link TelemetryUnavailable} in one line.
 */
public final class PrometheusSource implements TelemetrySource {

    private final PrometheusClient client;
    private final GpuLabelMapping mapping;
    private final Clock clock;
    private final boolean pinToClock;

    /**
     * @param clock      when a frame is from
     * @param pinToClock evaluate queries at {@code clock}'s now rather than the server's (a replayed Prometheus in
     *                   tests; a live one is asked for its own now, right whatever this machine's clock says)
     */
    public PrometheusSource(PrometheusClient client, GpuLabelMapping mapping, Clock clock, boolean pinToClock) {
        this.client = client;
        this.mapping = mapping;
        this.clock = clock;
        this.pinToClock = pinToClock;
    }

    @Override
    public String describe() {
        return client.describe();
    }

    /** The server's version ({@code 2.42.0}), or null when it does not say. */
    public String serverVersion() {
        return client.version();
    }

    @Override
    public TelemetryFrame read(Duration window) throws TelemetryUnavailable {
        Instant at = clock.instant();
        Instant evalAt = pinToClock ? at : null;
        GpuJoin join = new GpuJoin(mapping);
        List<String> problems = new ArrayList<>();
        int asked = 0;
        for (DcgmField f : DcgmField.values()) {
            asked++;
            List<PromSample> s = query(f.metric(), DcgmQueries.latest(f), evalAt, problems);
            if (s != null) {
                join.latest(f, s);
            }
        }
        for (DcgmField f : List.of(DcgmField.GPU_UTIL, DcgmField.GR_ENGINE_ACTIVE)) {
            asked++;
            List<PromSample> s = query("max_over_time(" + f.metric() + ")", DcgmQueries.maxOverWindow(f, window), evalAt,
                    problems);
            if (s != null) {
                join.utilMax(f, s);
            }
        }
        asked++;
        List<PromSample> xid = query("changes(" + DcgmField.XID_ERRORS.metric() + ")", DcgmQueries.xidChanged(window),
                evalAt, problems);
        if (xid != null) {
            join.xidChanged(xid);
        }
        if (problems.size() == asked) {
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

    /** The query's vector; null when Prometheus refused it (said in {@code problems}). */
    private List<PromSample> query(String what, String promql, Instant at, List<String> problems)
            throws TelemetryUnavailable {
        try {
            return client.query(promql, at);
        } catch (PrometheusQueryError e) {
            problems.add(what + ": " + e.getMessage());
            return null;
        } catch (IOException e) {
            throw new TelemetryUnavailable(describe() + ": " + PrometheusQueryError.oneLine(e.getMessage()), e);
        }
    }
}
