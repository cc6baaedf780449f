package dev.flightdeck.app.telemetry.prometheus;

import java.util.Map;

/** One element of an instant vector: the series' labels (without {@code __name__} after aggregation) and its value. */
public record PromSample(Map<String, String> labels, double value) {

    public PromSample {
        labels = Map.copyOf(labels);
    }
}
