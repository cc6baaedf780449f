package dev.flightdeck.app.session;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.model.FleetModel;
import dev.flightdeck.app.telemetry.TelemetryPoller;

import java.util.ArrayList;
import java.util.List;

/** Where one session looks for GPU telemetry, in order (see {@link dev.flightdeck.app.telemetry.TelemetrySources}). */
final class SessionTelemetry {

    private SessionTelemetry() {
    }

    static List<TelemetryPoller.SourceFinder> finders(ClusterConnection connection, SessionOptions options, FleetModel fleet) {
        List<TelemetryPoller.SourceFinder> out = new ArrayList<>();
        return out;
    }
}
