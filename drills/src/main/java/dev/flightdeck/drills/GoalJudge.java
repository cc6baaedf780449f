package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Goal;
import dev.flightdeck.app.nodes.GpuNode;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Judges a fault's goals against what the drill sees: the operator's steps since the fault
 * struck, the live model of the cluster, the resumes from the journal and the load on the API
 * server during a storm. A goal is met at the first moment it holds (see
 * {@code docs/drill-scenarios.md} for each one's meaning).
 */
final class GoalJudge {

    /** How far ahead a maintenance-due fault schedules its window (schedule time). */
    static final Duration MAINTENANCE_WINDOW = Duration.ofMinutes(30);

    /** Goals read from the cluster's state, which a model behind the injection would answer wrongly. */
    private static final java.util.Set<Goal> STATE = java.util.EnumSet.of(Goal.CORDONED, Goal.DRAINED,
            Goal.PREFLIGHT_PASSED, Goal.PREFLIGHT_RERUN, Goal.GANG_RUNNING_ON_TRUSTED_NODES,
            Goal.OUT_OF_SERVICE_BEFORE_MAINTENANCE);

    private final DrillView view;
    private final DrillClock clock;
    private final StormLoad storm;

    GoalJudge(DrillView view, DrillClock clock, StormLoad storm) {
        this.view = view;
        this.clock = clock;
        this.storm = storm;
    }

    void judge(FaultProgress p, List<OperatorStep> steps, Collection<ResumeSeen> resumes, Instant now) {
        if (p.seenAt == null && (view.shows(p.fault.kind(), p.subjects) || now.isAfter(p.injectedAt.plus(graceToShow(p))))) {
            p.seenAt = now; // (a model that never shows it is judged anyway after a grace rather than never)
        }
        for (Goal g : allGoals(p)) {
            if (p.isMet(g) || p.seenAt == null && STATE.contains(g)) {
                continue;
            }
            Instant at = metAt(g, p, steps, resumes, now);
            if (at != null) {
                p.meet(g, at);
            }
        }
    }

    /**
     * How long the model may take to show a fault before its state goals are judged anyway: a moment for what the
     * API says at once; for a hung collective, the stall window (on the drill's schedule), three of the observer's
     * telemetry reads and 30 s more (a read on a loaded machine takes seconds), since nothing calls a gang stalled
     * before its GPUs have been idle that long, and a stalled gang judged before then looks running: recovered.
     */
    private Duration graceToShow(FaultProgress p) {
        if (p.fault.kind() == FaultKind.STALLED_COLLECTIVE) {
            return DrillClock.stallThresholds(clock.pace()).window()
                    .plus(DrillClock.telemetryInterval(clock.pace()).multipliedBy(3)).plusSeconds(30);
        }
        return Duration.ofSeconds(10);
    }

    private static List<Goal> allGoals(FaultProgress p) {
        List<Goal> all = new java.util.ArrayList<>(p.fault.detected());
        all.addAll(p.fault.mitigated());
        all.addAll(p.fault.recovered());
        return all;
    }

    private Instant metAt(Goal g, FaultProgress p, List<OperatorStep> steps, Collection<ResumeSeen> resumes,
                          Instant now) {
        Subjects s = p.subjects;
        String node = s.node();
        return switch (g) {
            case OPENED -> steps.stream().filter(st -> !st.at().isBefore(p.injectedAt) && s.concerns(st.ref()))
                    .map(OperatorStep::at).min(Instant::compareTo).orElse(null);
            case READ_THE_LOG -> node == null ? null : steps.stream().filter(st -> !st.at().isBefore(p.injectedAt)
                    && OperatorStep.logOn(node).equals(st.ref())).map(OperatorStep::at).min(Instant::compareTo).orElse(null);
            case CORDONED -> view.cordoned(node) ? now : null;
            case DRAINED -> view.drained(node) ? now : null;
            case PREFLIGHT_PASSED -> preflightSince(node, p.injectedAt, true) ? now : null;
            case PREFLIGHT_RERUN -> preflightSince(node, p.injectedAt, false) ? now : null;
            case RESUMED_FROM_NEWEST -> resumes.stream().filter(r -> s.gangs().contains(r.gang())
                            && !r.at().isBefore(p.injectedAt) && r.fromNewest() && r.resumedAt() != null)
                    .map(ResumeSeen::resumedAt).min(Instant::compareTo).orElse(null);
            // A fault the console's verdicts cannot see (a flapping NIC) leaves its node "trusted": the drill, which
            // struck it, knows better, and a gang back on it is not running on trusted nodes.
            case GANG_RUNNING_ON_TRUSTED_NODES -> !s.gangs().isEmpty() && s.gangs().stream().allMatch(gang -> view.runningOnTrustedNodes(gang)
                    && !(p.fault.kind().unseenByVerdicts() && view.hasRankOn(gang, node))) ? now : null;
            case OUT_OF_SERVICE_BEFORE_MAINTENANCE -> view.outOfService(node)
                    && now.isBefore(p.injectedAt.plus(clock.real(MAINTENANCE_WINDOW))) ? now : null;
            case STAYED_WITHIN_REQUEST_BUDGET -> p.liftedAt != null && storm.withinBudget() ? p.liftedAt : null;
        };
    }

    /** Why {@code g} can never be met any more (its moment has passed), or null while it still can be. */
    String doomed(Goal g, FaultProgress p, Instant now) {
        if (p.isMet(g)) {
            return null;
        }
        return switch (g) {
            case STAYED_WITHIN_REQUEST_BUDGET -> p.liftedAt != null && !storm.withinBudget()
                    ? "the storm is over and the operator's load during it was over budget (" + storm.describe() + ")" : null;
            case OUT_OF_SERVICE_BEFORE_MAINTENANCE -> !now.isBefore(p.injectedAt.plus(clock.real(MAINTENANCE_WINDOW)))
                    ? "the maintenance window on " + p.subjects.node() + " has come and the node was still in service" : null;
            default -> null;
        };
    }

    /** A preflight finished on the node after {@code since}: passed, or (when {@code passedOnly} is false) either way. */
    private boolean preflightSince(String node, Instant since, boolean passedOnly) {
        GpuNode n = view.node(node);
        if (n == null || n.preflight().at() == null || n.preflight().at().isBefore(since.minusSeconds(1))) {
            return false;
        }
        String result = n.preflight().result();
        return "passed".equals(result) || !passedOnly && "failed".equals(result);
    }
}
