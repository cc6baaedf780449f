package dev.flightdeck.app.nodes;

import java.time.Instant;

/** Reads the preflight gate and result from a node's taints, label and annotations (conventions §2). */
public final class PreflightReader {

    private PreflightReader() {
    }

    public static PreflightState read(NodeFacts node, PreflightConvention convention) {
        PreflightGate gate = PreflightGate.OPEN;
        for (Taint t : node.taints()) {
            if (t.key().equals(convention.key())) {
                // Any value other than "failed" keeps the node out until it passes: treat it as pending.
                gate = "failed".equals(t.value()) ? PreflightGate.FAILED : PreflightGate.PENDING;
            }
        }
        String result = node.label(convention.key());
        Instant at = Rfc3339.parseOrNull(node.annotation(convention.atAnnotation()));
        String detail = node.annotation(convention.detailAnnotation());
        if (gate == PreflightGate.OPEN && result == null && at == null) {
            return PreflightState.NONE;
        }
        return new PreflightState(gate, result, at, detail);
    }

    public static CordonState cordon(NodeFacts node) {
        if (!node.unschedulable()) {
            return CordonState.NONE;
        }
        return new CordonState(true, node.annotation(GpuLabels.CORDON_REASON),
                node.annotation(GpuLabels.CORDONED_BY), Rfc3339.parseOrNull(node.annotation(GpuLabels.CORDONED_AT)));
    }

}
