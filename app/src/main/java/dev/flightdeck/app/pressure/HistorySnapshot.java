package dev.flightdeck.app.pressure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The signal history as it stood at one moment, oldest point first. Immutable, so a chart on
 * another thread can read it while the scraper records the next point.
 */
public record HistorySnapshot(Duration window, List<HistoryPoint> points) {

    public HistorySnapshot {
        points = List.copyOf(points);
    }

    public int size() {
        return points.size();
    }

    public List<Instant> times() {
        return points.stream().map(HistoryPoint::at).toList();
    }

    /** One value per point, in order; NaN where unknown or where the scrape failed (draw a gap). */
    public double[] series(Signal signal) {
        double[] values = new double[points.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = points.get(i).value(signal);
        }
        return values;
    }
}
