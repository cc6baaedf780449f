package dev.flightdeck.app.telemetry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What one refresh of a telemetry source read: every GPU it could place, the source in words ("Prometheus at
 * https://prom.lab (settings)", "dcgm-exporter pods in gpu-operator, through the API server's pod proxy"), and what
 * went wrong without stopping it (a target that did not answer, series that could not be placed).
 *
 * @param window   the window {@link GpuSignals#utilMaxOverWindow()} covers (the stall window)
 * @param unplaced series whose GPU could be put on no node (counted, not kept)
 */
public record TelemetryFrame(Instant at, String source, Duration window, List<GpuSignals> gpus, List<String> problems,
                             int unplaced) {

    public TelemetryFrame {
        gpus = List.copyOf(gpus);
        problems = List.copyOf(problems);
    }
}
