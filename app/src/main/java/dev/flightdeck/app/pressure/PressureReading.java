package dev.flightdeck.app.pressure;

import java.time.Instant;

/**
 * What one scrape gave: the signals and their verdict, or the reason the scrape failed.
 *
 * @param signals null when the scrape failed
 * @param failure why the scrape failed, "" when it did not
 */
public record PressureReading(Instant at, PressureSignals signals, PressureAssessment assessment, String failure) {

    public boolean failed() {
        return signals == null;
    }
}
