package dev.flightdeck.app.nodes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Decides how far a node's GPUs can be trusted, from its facts alone. A pure
 * function: the same facts and clock always give the same verdict and words.
 * Every problem found becomes a reason; the verdict is the worst of them.
 */
public final class GpuTrustRules {

    private record Finding(NodeVerdict verdict, String words) {
    }

    private GpuTrustRules() {
    }

    public static TrustAssessment assess(NodeFacts node, PreflightState preflight, Instant now) {
        return assess(node, preflight, List.of(), now);
    }

    /** As above, with what GPU telemetry found on the node's GPUs (empty without telemetry). */
    public static TrustAssessment assess(NodeFacts node, PreflightState preflight, List<GpuHealthFinding> telemetry,
                                         Instant now) {
        List<Finding> findings = new ArrayList<>();
        for (GpuHealthFinding t : telemetry) {
            findings.add(new Finding(t.verdict(), t.words()));
        }
        readiness(node, findings);
        conditions(node, findings);
        withdrawnGpus(node, findings);
        preflight(preflight, now, findings);
        maintenanceLabel(node, now, findings);
        if (findings.isEmpty()) {
            return new TrustAssessment(NodeVerdict.TRUSTED, List.of());
        }
        findings.sort(Comparator.comparing(Finding::verdict));
        return new TrustAssessment(findings.getFirst().verdict(), findings.stream().map(Finding::words).toList());
    }

    private static void readiness(NodeFacts node, List<Finding> out) {
        NodeCondition ready = node.condition(ConditionCatalog.READY);
        if (ready == null) {
            out.add(new Finding(NodeVerdict.NOT_READY, "no Ready condition reported"));
        } else if (!ready.isTrue()) {
            out.add(new Finding(NodeVerdict.NOT_READY, "Ready=" + ready.status() + describe(ready)));
        }
    }

    private static void conditions(NodeFacts node, List<Finding> out) {
        for (NodeCondition c : node.conditions()) {
            if (!c.isTrue() || c.type().equals(ConditionCatalog.READY)) {
                continue;
            }
            String words = c.type() + describe(c);
            if (ConditionCatalog.GPU_FAULTS.contains(c.type()) || ConditionCatalog.NODE_FAULTS.contains(c.type())) {
                out.add(new Finding(NodeVerdict.UNTRUSTED, words));
            } else if (ConditionCatalog.MAINTENANCE.contains(c.type())) {
                out.add(new Finding(NodeVerdict.MAINTENANCE, "maintenance: " + words));
            } else if (ConditionCatalog.PRESSURE.contains(c.type())) {
                out.add(new Finding(NodeVerdict.DEGRADED, words));
            } else {
                // Unknown agents: True is a problem (kubelet's healthy-when-False convention).
                out.add(new Finding(NodeVerdict.DEGRADED, "condition " + words));
            }
        }
    }

    private static void withdrawnGpus(NodeFacts node, List<Finding> out) {
        int capacity = node.gpuCapacity();
        int lost = capacity - node.gpuAllocatable();
        if (capacity > 0 && lost > 0) {
            NodeVerdict v = lost >= capacity ? NodeVerdict.UNTRUSTED : NodeVerdict.DEGRADED;
            out.add(new Finding(v, lost + " of " + capacity + " GPUs withdrawn"));
        }
        int labelled = WholeNumbers.parseOrZero(node.label(GpuLabels.COUNT));
        if (labelled > 0 && capacity < labelled) {
            out.add(new Finding(NodeVerdict.DEGRADED,
                    "device plugin advertises " + capacity + " of " + labelled + " GPUs"));
        }
    }

    private static void preflight(PreflightState p, Instant now, List<Finding> out) {
        String age = p.at() == null ? "" : " " + Ages.ago(p.at(), now);
        String detail = p.detail() == null || p.detail().isBlank() ? "" : ": " + p.detail();
        switch (p.gate()) {
            case PENDING -> out.add(new Finding(NodeVerdict.GATED,
                    "running".equals(p.result()) ? "preflight running" + (p.at() == null ? "" : ", started" + age)
                            : "preflight pending"));
            case FAILED -> out.add(new Finding(NodeVerdict.GATED, "preflight failed" + age + detail));
            case OPEN -> {
                if ("failed".equals(p.result())) {
                    out.add(new Finding(NodeVerdict.UNTRUSTED,
                            "preflight failed" + age + " but the gate taint is gone" + detail));
                }
            }
        }
    }

    private static void maintenanceLabel(NodeFacts node, Instant now, List<Finding> out) {
        String when = node.label(GpuLabels.GKE_MAINTENANCE_TIME);
        if (when == null) {
            return;
        }
        try {
            Instant at = Instant.ofEpochSecond(Long.parseLong(when.trim()));
            String relative = at.isAfter(now) ? "in " + Ages.since(now, at) : "since " + Ages.ago(at, now);
            out.add(new Finding(NodeVerdict.MAINTENANCE, "maintenance scheduled " + relative + " (" + at + ")"));
        } catch (NumberFormatException e) {
            out.add(new Finding(NodeVerdict.MAINTENANCE, "maintenance scheduled (unreadable time '" + when + "')"));
        }
    }

    private static String describe(NodeCondition c) {
        StringBuilder sb = new StringBuilder();
        if (c.reason() != null && !c.reason().isBlank()) {
            sb.append(" (").append(c.reason()).append(')');
        }
        if (c.message() != null && !c.message().isBlank()) {
            sb.append(": ").append(c.message());
        }
        return sb.toString();
    }
}
