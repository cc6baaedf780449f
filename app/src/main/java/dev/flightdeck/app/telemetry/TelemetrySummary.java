package dev.flightdeck.app.telemetry;

import java.time.Instant;
import java.util.List;

/**
 * One telemetry refresh in figures, for the status bar and {@code check}: where it came from, how many GPUs it placed,
 * what it found, and what went wrong. {@code error} is set (and the figures zero) when the source could read nothing.
 *
 * @param idleAllocated GPUs a pod holds whose utilisation is under the idle threshold now
 * @param stalledGangs  gangs judged stalled
 */
public record TelemetrySummary(Instant at, String source, int gpus, int unplaced, int nodesWithFindings,
                               int idleAllocated, int stalledGangs, List<String> problems, String error) {

    public TelemetrySummary {
        problems = List.copyOf(problems);
    }

    public static TelemetrySummary unavailable(Instant at, String source, String error) {
        return new TelemetrySummary(at, source, 0, 0, 0, 0, 0, List.of(), error);
    }

    /** GPU-hours a day the allocated-but-idle GPUs waste at this rate. */
    public double idleGpuHoursPerDay() {
        return idleAllocated * 24.0;
    }
}
