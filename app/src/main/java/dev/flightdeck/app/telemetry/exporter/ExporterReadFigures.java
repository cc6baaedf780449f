package dev.flightdeck.app.telemetry.exporter;

import java.time.Duration;

/**
 * What one read of the exporters cost: for the status line, {@code check}, and the benchmark.
 *
 * @param exporters    exporter pods found
 * @param scraped      those running, and so scraped
 * @param answered     those that answered with metrics
 * @param requests     requests made (the LIST pages and one per scrape)
 * @param bytes        metrics bytes read, all exporters together
 * @param peakInFlight the most scrapes open at once
 * @param took         from the first request to the frame
 */
public record ExporterReadFigures(int exporters, int scraped, int answered, int requests, long bytes, int peakInFlight,
                                  Duration took) {
}
