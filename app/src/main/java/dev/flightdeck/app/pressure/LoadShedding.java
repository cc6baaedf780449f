package dev.flightdeck.app.pressure;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * Whether the API server is shedding load now (APF rejecting requests, 429s): while it is, the console adds no load it
 * can put off. GPU telemetry read through the API server's proxies (one request per exporter pod, or Prometheus
 * behind the service proxy) is put off; the watches, which the server itself keeps, are not.
 */
public final class LoadShedding {

    private static final Set<Signal> SHEDDING = Set.of(Signal.APF_REJECTED_SHARE, Signal.APF_REJECTED_RATE,
            Signal.THROTTLED_SHARE);

    private LoadShedding() {
    }

    /**
     * Why the API server reads as shedding load in {@code reading} (its worst APF or 429 finding, in words), or null when
     * it does not, or when the reading is older than {@code freshFor} at {@code now} (a stale reading says nothing of now).
     */
    public static String why(PressureReading reading, Instant now, Duration freshFor) {
        if (reading == null || reading.failed() || reading.assessment() == null
                || reading.at().plus(freshFor).isBefore(now)) {
            return null;
        }
        for (Finding f : reading.assessment().findings()) { // worst first
            if (f.signal() != null && SHEDDING.contains(f.signal()) && f.level().compareTo(Level.AMBER) >= 0) {
                return f.sentence();
            }
        }
        return null;
    }
}
