package dev.flightdeck.drills;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One line of the kept drill results: enough to see a team's trend per scenario (outcome, the times
 * to detect and recover, GPU-hours lost, mistakes) and where the full report lies.
 *
 * @param toDetect  the slowest time to detect among the faults that struck, or null when one was missed
 * @param toRecover from the first fault to the drill's recovery, or null when it did not recover
 * @param report    the report's files without extension ({@code …/2026-11-24T19-47-20Z-rank-crash})
 */
public record DrillResult(String scenarioId, Instant started, DrillReport.Outcome outcome, Duration duration,
                          Duration toDetect, Duration toRecover, double gpuHoursLost, List<String> mistakes,
                          double pace, boolean scripted, String report) {

    public DrillResult {
        mistakes = List.copyOf(mistakes);
    }

    public static DrillResult of(DrillReport r, String reportBase) {
        Duration detect = Duration.ZERO;
        Duration firstStruck = null;
        for (DrillReport.FaultResult f : r.faults()) {
            if (!f.struck() || !f.setsDetect()) {
                continue;
            }
            firstStruck = firstStruck == null || f.struckAt().compareTo(firstStruck) < 0 ? f.struckAt() : firstStruck;
            detect = detect == null || f.toDetect() == null ? null : f.toDetect().compareTo(detect) > 0 ? f.toDetect() : detect;
        }
        Duration recover = r.recovered() && firstStruck != null ? r.duration().minus(firstStruck) : null;
        return new DrillResult(r.scenarioId(), r.started(), r.outcome(), r.duration(), firstStruck == null ? null : detect,
                recover, r.gpuHoursLost(), r.mistakes().stream().map(m -> m.mistake().name()).toList(), r.pace(),
                r.responder() != null, reportBase);
    }
}
