package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Goal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Turns what a drill's engine measured into its {@link DrillReport}. */
final class ReportBuilder {

    private ReportBuilder() {
    }

    static DrillReport build(DrillEngine e, Instant ended, DrillReport.Outcome outcome, String how, String responder,
                             String cluster, List<String> leftovers) {
        DrillClock clock = e.clock;
        List<DrillReport.FaultResult> faults = new ArrayList<>();
        for (FaultProgress p : e.faults) {
            if (!p.injected()) {
                faults.add(new DrillReport.FaultResult(p.fault.id(), p.fault.kind(), target(p.fault), p.fault.on() == null
                        ? "did not strike before the drill ended" : "not triggered: it strikes on " + GoalFit.word(p.fault.on())
                        + ", which did not happen", null, null, null, null, null,
                        !p.fault.detected().isEmpty(), !p.fault.mitigated().isEmpty(), !p.fault.recovered().isEmpty(), List.of(), List.of()));
                continue;
            }
            List<String> met = new ArrayList<>();
            List<String> missed = new ArrayList<>();
            for (Goal g : goals(p.fault)) {
                Instant at = p.met().get(g);
                if (at == null) {
                    missed.add(GoalFit.word(g));
                } else {
                    met.add(GoalFit.word(g) + " at " + DrillClock.offset(clock.since(at)));
                }
            }
            faults.add(new DrillReport.FaultResult(p.fault.id(), p.fault.kind(), p.subjects.describe(), p.injected,
                    clock.since(p.injectedAt), p.liftedAt == null ? null : clock.since(p.liftedAt),
                    between(p.injectedAt, p.detected()), between(p.injectedAt, p.mitigated()),
                    between(p.injectedAt, p.recovered()), !p.fault.detected().isEmpty(), !p.fault.mitigated().isEmpty(), !p.fault.recovered().isEmpty(),
                    met, missed));
        }
        List<DrillReport.HaltCost> halts = e.ledger.halts().stream().map(h -> new DrillReport.HaltCost(h.gang(),
                clock.since(h.at()), h.lastCheckpoint() == null ? null : Duration.between(h.lastCheckpoint(), h.at()),
                h.gpus(), h.lostGpuHours())).toList();
        List<TimelineEvent> timeline = new ArrayList<>(e.timeline);
        timeline.sort(Comparator.comparing(TimelineEvent::at));
        Scenario s = e.scenario;
        return new DrillReport(s.id(), s.title(), s.level(), s.limit(), clock.pace(), clock.start(), ended, outcome, how,
                s.brief(), faults, e.ledger.idleGpuHours(), e.ledger.lostWorkGpuHours(), halts, e.mistakes.made(),
                timeline, e.samples, s.reference(), e.done, responder, e.problems, cluster, leftovers,
                dev.flightdeck.app.about.BuildInfo.current().line() + " on " + dev.flightdeck.app.about.BuildInfo.runtime());
    }

    private static List<Goal> goals(Scenario.Fault f) {
        List<Goal> all = new ArrayList<>(f.detected());
        all.addAll(f.mitigated());
        all.addAll(f.recovered());
        return all.stream().distinct().toList();
    }

    private static Duration between(Instant from, Instant to) {
        return to == null ? null : Duration.between(from, to);
    }

    private static String target(Scenario.Fault f) {
        return switch (f.target()) {
            case Scenario.Target.Node n -> "node " + n.name();
            case Scenario.Target.RankNode r -> "the node of rank " + r.rank() + " of " + r.gang();
            case Scenario.Target.Gang g -> "gang " + g.name();
            case Scenario.Target.Cluster c -> "the cluster";
        };
    }
}
