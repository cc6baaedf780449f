package dev.flightdeck.drills;

import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.drills.Scenario.Mistake;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Watches for the mistakes a scenario names, from what the operator did (the API audit: evictions
 * and deletions, whether sent by Flightdeck or kubectl; the journal: drains and resumes) and from
 * the cluster's state. Each mistake is reported once per node or gang it happened to; one removal
 * can be several mistakes at once (a healthy node drained breaks the healthy gang on it).
 */
final class MistakeWatch {

    private final Set<Mistake> watched;
    private final DrillView view;
    private final CircuitBreaker breaker;
    private final List<MistakeMade> made = new ArrayList<>();
    private final Set<String> reported = new HashSet<>();
    private Set<String> cordonedBefore;
    private int cordonedCountBefore;

    MistakeWatch(Collection<Mistake> watched, DrillView view, CircuitBreaker breaker) {
        this.watched = Set.copyOf(watched);
        this.view = view;
        this.breaker = breaker;
    }

    List<MistakeMade> made() {
        return List.copyOf(made);
    }

    /**
     * A pod was evicted or deleted by the operator. {@code place} is where it was a moment before,
     * {@code faultNodes} the nodes struck by a fault, {@code healthyGangs} the gangs that were
     * running on trusted nodes a moment before.
     */
    List<MistakeMade> podRemoved(Instant at, String pod, DrillView.PodPlace place, Map<String, NodeVerdict> verdicts,
                                 Set<String> faultNodes, Set<String> healthyGangs, boolean deletedPastEviction,
                                 Set<String> budgetedGangs) {
        List<MistakeMade> out = new ArrayList<>();
        if (place == null) {
            return out;
        }
        if (deletedPastEviction && place.gang() != null && budgetedGangs.contains(place.gang())) {
            add(out, record(Mistake.FORCED_PAST_A_BUDGET, at, place.gang(), "deleted " + pod + " of " + place.gang()
                    + " directly while a disruption budget allowed no eviction"));
        }
        if (place.node() != null && verdicts.get(place.node()) == NodeVerdict.TRUSTED
                && !faultNodes.contains(place.node()) && place.gang() != null) {
            add(out, record(Mistake.DRAINED_A_HEALTHY_NODE, at, place.node(), "removed rank pod " + pod + " from "
                    + place.node() + ", whose GPUs were trusted and which no fault had struck"));
        }
        if (place.gang() != null && healthyGangs.contains(place.gang())) {
            add(out, record(Mistake.BROKE_A_GANG_THAT_DID_NOT_NEED_IT, at, place.gang(), "removed " + pod
                    + ", a rank of " + place.gang() + ", which was running with every rank on trusted nodes"));
        }
        return out;
    }

    /** During an APF storm: a disruptive action started, or the operator's requests went over the budget. */
    MistakeMade addedLoad(Instant at, String what) {
        return record(Mistake.ADDED_LOAD_DURING_THE_STORM, at, "storm", what);
    }

    MistakeMade budgetDeleted(Instant at, String budget) {
        return record(Mistake.FORCED_PAST_A_BUDGET, at, budget, "deleted the disruption budget " + budget);
    }

    MistakeMade resumed(ResumeSeen r) {
        return r.fromOlder() ? record(Mistake.RESUMED_FROM_AN_OLDER_CHECKPOINT, r.at(), r.gang() + "@" + r.uri(),
                "resumed " + r.gang() + " from " + r.uri() + " while " + r.newestUri() + " was the newest complete one")
                : null;
    }

    /** State-based mistakes, once per sample: nodes put back into service untrusted; the breaker exceeded by a cordon. */
    List<MistakeMade> sample(Instant at, List<GpuNode> nodes) {
        List<MistakeMade> out = new ArrayList<>();
        Set<String> cordoned = new HashSet<>();
        for (GpuNode n : nodes) {
            if (n.cordon().cordoned()) {
                cordoned.add(n.name());
            } else if (cordonedBefore != null && cordonedBefore.contains(n.name()) && (n.verdict() != NodeVerdict.TRUSTED
                    || "failed".equals(n.preflight().result()))) {
                add(out, record(Mistake.RETURNED_AN_UNTRUSTED_NODE_TO_SERVICE, at, n.name(), "uncordoned " + n.name()
                        + " while it was " + n.verdict().label() + ("failed".equals(n.preflight().result())
                        ? " (its last preflight failed)" : "")));
            }
        }
        if (cordonedBefore != null && cordoned.size() > cordonedCountBefore) {
            int nodesOut = 0;
            int gpus = 0;
            int gpusOut = 0;
            for (GpuNode n : nodes) {
                gpus += n.gpuTotal();
                if (n.gpuTotal() > 0 && CircuitBreaker.outOfService(n)) {
                    nodesOut++;
                    gpusOut += n.gpuTotal();
                }
            }
            double pct = gpus == 0 ? 0 : 100.0 * gpusOut / gpus;
            if (nodesOut > breaker.maxNodes() || pct > breaker.maxGpuPercent()) {
                add(out, record(Mistake.EXCEEDED_THE_BREAKER, at, "breaker@" + cordoned.size(), String.format(
                        java.util.Locale.ROOT, "cordoned a node, leaving %d GPU nodes (%.1f%% of GPUs) out of service; "
                                + "the breaker's limit is %d nodes or %.0f%%", nodesOut, pct, breaker.maxNodes(),
                        breaker.maxGpuPercent())));
            }
        }
        cordonedBefore = cordoned;
        cordonedCountBefore = cordoned.size();
        return out;
    }

    private static void add(List<MistakeMade> out, MistakeMade m) {
        if (m != null) {
            out.add(m);
        }
    }

    private MistakeMade record(Mistake kind, Instant at, String about, String what) {
        if (!watched.contains(kind) || !reported.add(kind + "/" + about)) {
            return null;
        }
        MistakeMade m = new MistakeMade(kind, at, what);
        made.add(m);
        return m;
    }
}
