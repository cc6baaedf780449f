package dev.flightdeck.app.telemetry;

import java.util.ArrayList;
import java.util.List;

/**
 * The order a cluster's telemetry source is looked for in: the Prometheus its settings name, then one found behind the
 * API server's service proxy at the usual names, then the dcgm-exporter pods themselves. The first that answers is
 * used; when none does, the one line says what each said.
 */
public final class TelemetrySources {

    private TelemetrySources() {
    }

    /** A finder that tries {@code finders} in order. */
    public static TelemetryPoller.SourceFinder firstOf(List<TelemetryPoller.SourceFinder> finders) {
        List<TelemetryPoller.SourceFinder> order = List.copyOf(finders);
        return () -> {
            List<String> why = new ArrayList<>();
            for (TelemetryPoller.SourceFinder f : order) {
                try {
                    return f.find();
                } catch (TelemetryUnavailable e) {
                    why.add(e.getMessage());
                }
            }
            throw new TelemetryUnavailable("no GPU telemetry: " + (why.isEmpty() ? "no source is known to this build"
                    : String.join("; ", why)));
        };
    }
}
