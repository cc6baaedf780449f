package dev.flightdeck.drills;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a drill measured, for the console's report, the Markdown and HTML exports and the kept
 * results: how it ended, per fault the times to detect, mitigate and recover, what the incident
 * cost in GPU-hours, the mistakes, the whole timeline on one clock, the cluster over time, and the
 * scenario's reference response beside what was done.
 *
 * @param pace         how much faster than real time the schedule ran (1 for a person)
 * @param responder    the scripted responder's command and exit, or null when a person responded
 * @param problems     what got in the way of measuring (an unreadable journal, a fault that could not
 *                     be injected), in words; empty when nothing did
 * @param cluster      where it was played, in words ("its own sandbox of 16 GPU nodes", or a staging cluster's
 *                     virtual nodes)
 * @param leftovers    what the drill created on a staging cluster and could not remove, in words; empty when
 *                     everything was removed (checked), or on its own sandbox
 */
public record DrillReport(String scenarioId, String title, Scenario.Level level, Duration limit, double pace,
                          Instant started, Instant ended, Outcome outcome, String endedHow, String brief,
                          List<FaultResult> faults, double idleGpuHours, double lostWorkGpuHours, List<HaltCost> halts,
                          List<MistakeMade> mistakes, List<TimelineEvent> timeline, List<DrillSample> samples,
                          List<String> reference, List<String> done, String responder, List<String> problems,
                          String cluster, List<String> leftovers, String version) {

    public DrillReport {
        faults = List.copyOf(faults);
        halts = List.copyOf(halts);
        mistakes = List.copyOf(mistakes);
        timeline = List.copyOf(timeline);
        samples = List.copyOf(samples);
        reference = List.copyOf(reference);
        done = List.copyOf(done);
        problems = List.copyOf(problems);
        leftovers = leftovers == null ? List.of() : List.copyOf(leftovers);
    }

    /** How the drill ended. */
    public enum Outcome {
        /** Every fault reached its last stage within the limit. */
        RECOVERED,
        /** The limit passed, the operator ended it, or the responder gave up, before every fault was recovered. */
        NOT_RECOVERED,
        /**
         * Stopped before its end (Ctrl-C, Abort, or a scripted responder that could not be started and so
         * never responded); what was measured until then is kept.
         */
        ABORTED
    }

    /**
     * One fault: when it struck, what it struck, and the times from then to each stage (null when the
     * stage was not reached, or the scenario sets no goal for it).
     */
    public record FaultResult(String id, FaultKind kind, String where, String what, Duration struckAt,
                              Duration liftedAt, Duration toDetect, Duration toMitigate, Duration toRecover,
                              boolean setsDetect, boolean setsMitigate, boolean setsRecover, List<String> goalsMet,
                              List<String> goalsMissed) {
        public FaultResult {
            goalsMet = List.copyOf(goalsMet);
            goalsMissed = List.copyOf(goalsMissed);
        }

        public boolean struck() {
            return struckAt != null;
        }
    }

    /** A gang that halted: when, its checkpoint then, and the work since that checkpoint. */
    public record HaltCost(String gang, Duration at, Duration checkpointAge, int gpus, double lostGpuHours) { }

    public double gpuHoursLost() {
        return idleGpuHours + lostWorkGpuHours;
    }

    public Duration duration() {
        return Duration.between(started, ended);
    }

    public boolean recovered() {
        return outcome == Outcome.RECOVERED;
    }
}
