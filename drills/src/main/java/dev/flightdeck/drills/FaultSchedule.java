package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.Target;
import dev.flightdeck.drills.Scenario.Trigger;
import dev.flightdeck.app.journal.JournalEntry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When a drill's faults strike, end and are repaired, for its {@link DrillEngine} (on the drill's thread): a fault
 * strikes at its time or when the operator's journaled action sets it off (aimed at the node its rank ran on when the
 * drill started), one that lasts a while is lifted after it, and a node struck by hardware and by a failing preflight
 * is repaired once drained. What struck, ended and was repaired goes on the engine's timeline.
 */
final class FaultSchedule {

    private static final Duration REPAIR_AFTER = Duration.ofSeconds(10);

    private final DrillEngine engine;
    private final Set<String> repairs = new HashSet<>();
    private final Map<String, Instant> drainedSince = new HashMap<>();

    FaultSchedule(DrillEngine engine) {
        this.engine = engine;
    }

    /** Strikes every fault whose time has come. */
    void strikeDue(Instant now) {
        for (FaultProgress p : engine.faults) {
            if (!p.injected() && p.fault.at() != null && engine.clock.reached(p.fault.at())) {
                strike(p, now);
            }
        }
    }

    /** Strikes the faults a journaled action sets off (a cordon, a drain, a preflight, a resume). */
    void trigger(JournalEntry e) {
        Trigger t = switch (e.action() + "/" + e.phase()) {
            case "cordon/confirm" -> Trigger.CORDONED;
            case "drain/outcome" -> "DRAINED".equals(String.valueOf(e.details().get("result"))) ? Trigger.DRAINED : null;
            case "preflight/confirm" -> Trigger.PREFLIGHT_STARTED;
            case "resume/outcome" -> String.valueOf(e.details().get("result")).startsWith("RESUMED") ? Trigger.RESUMED : null;
            default -> null;
        };
        if (t == null) {
            return;
        }
        for (FaultProgress p : engine.faults) {
            if (!p.injected() && p.fault.on() == t && aimsAt(p.fault, e.target())) {
                strike(p, e.at());
            }
        }
    }

    private boolean aimsAt(Fault f, String journalTarget) {
        return switch (f.target()) {
            case Target.Node n -> journalTarget.equals(OperatorStep.node(n.name()));
            case Target.RankNode r -> journalTarget.equals(OperatorStep.node(engine.resolvedNodes.get(f.id())))
                    || journalTarget.endsWith("/" + r.gang());
            case Target.Gang g -> journalTarget.endsWith("/" + g.name());
            case Target.Cluster c -> false;
        };
    }

    private void strike(FaultProgress p, Instant at) {
        Fault f = p.fault;
        try {
            FaultInjector.Injected i = engine.injector.inject(aimed(f), engine.clock.now());
            String node = f.kind().targets() == FaultKind.TargetKind.NODE ? i.where() : null;
            List<String> gangs = new ArrayList<>();
            if (node != null) {
                gangs.addAll(engine.view.gangsOn(node));
            }
            gangName(f).ifPresent(g -> {
                if (!gangs.contains(g)) {
                    gangs.add(g);
                }
            });
            p.subjects = new Subjects(node, gangs, f.kind());
            p.injectedAt = at;
            p.injected = i.where() + ": " + i.what();
            if (f.kind() == FaultKind.APF_STORM) {
                engine.storm.started(at);
            }
            engine.event(at, TimelineEvent.Kind.FAULT, f.id() + " struck (" + f.kind().word() + ") " + i.where() + ": " + i.what());
        } catch (RuntimeException e) {
            String why = "fault " + f.id() + " (" + f.kind().word() + ") could not be injected: " + e.getMessage();
            engine.problems.add(why);
            p.subjects = new Subjects(null, List.of(), f.kind());
            p.injectedAt = at;
            p.injected = "not injected: " + e.getMessage();
            engine.event(at, TimelineEvent.Kind.DRILL, why);
        }
    }

    /** A node fault aimed at a rank strikes the node that rank was on when the drill started. */
    private Fault aimed(Fault f) {
        if (f.kind().targets() == FaultKind.TargetKind.NODE && f.target() instanceof Target.RankNode
                && engine.resolvedNodes.containsKey(f.id())) {
            return new Fault(f.id(), f.kind(), new Target.Node(engine.resolvedNodes.get(f.id())), f.at(), f.on(), f.lasts(),
                    f.detected(), f.mitigated(), f.recovered());
        }
        return f;
    }

    private java.util.Optional<String> gangName(Fault f) {
        String name = switch (f.target()) {
            case Target.Gang g -> g.name();
            case Target.RankNode r -> r.gang();
            default -> null;
        };
        return engine.scenario.cluster().gangs().stream().filter(g -> g.name().equals(name)).findFirst()
                .map(g -> g.namespace() + "/" + g.name());
    }

    /** Lifts every fault that lasts a while once its time is over. */
    void liftDue(Instant now) {
        for (FaultProgress p : engine.faults) {
            if (p.injected() && p.liftedAt == null && p.fault.lasts() != null
                    && !now.isBefore(p.injectedAt.plus(engine.clock.real(p.fault.lasts())))) {
                FaultInjector.Injected i = engine.injector.lift(p.fault);
                p.liftedAt = now;
                if (p.fault.kind() == FaultKind.APF_STORM) {
                    engine.storm.ended(now);
                    if (engine.storm.requests() > engine.storm.budget()) {
                        engine.record(engine.mistakes.addedLoad(now, "made " + engine.storm.describe() + " while the API server was "
                                + "throttling everyone (" + engine.storm.mostRequested(8) + ")"));
                    }
                    engine.event(now, TimelineEvent.Kind.FAULT, p.fault.id() + " lifted: " + i.what() + "; the operator made "
                            + engine.storm.describe());
                } else {
                    engine.event(now, TimelineEvent.Kind.FAULT, p.fault.id() + " lifted: " + i.what());
                }
            }
        }
    }

    /** A node struck by a hardware fault and by a preflight-fails fault is repaired once drained. */
    void repairWhenDrained(Instant now) {
        for (FaultProgress bad : engine.faults) {
            if (bad.fault.kind() != FaultKind.PREFLIGHT_FAILS || !engine.resolvedNodes.containsKey(bad.fault.id())) {
                continue;
            }
            String node = engine.resolvedNodes.get(bad.fault.id());
            List<FaultKind> struck = engine.faults.stream().filter(p -> p.injected() && p.subjects != null
                    && node.equals(p.subjects.node()) && List.of(FaultKind.XID, FaultKind.NVLINK_DOWN,
                    FaultKind.GPUS_WITHDRAWN).contains(p.fault.kind())).map(p -> p.fault.kind()).toList();
            if (struck.isEmpty() || repairs.contains(node) || !engine.view.drained(node)) {
                continue;
            }
            Instant since = drainedSince.computeIfAbsent(node, n -> now);
            if (Duration.between(since, now).compareTo(engine.clock.real(REPAIR_AFTER)) >= 0) {
                repairs.add(node);
                try {
                    FaultInjector.Injected i = engine.injector.repair(node, struck);
                    engine.event(now, TimelineEvent.Kind.CLUSTER, "node " + node + " " + i.what());
                } catch (RuntimeException e) {
                    engine.problems.add("the repair of " + node + " could not be made: " + e.getMessage());
                }
            }
        }
    }
}
