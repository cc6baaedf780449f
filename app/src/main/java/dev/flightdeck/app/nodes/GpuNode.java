package dev.flightdeck.app.nodes;

/**
 * A GPU node as the screens and reports see it: its facts and what the rules made of them.
 *
 * @param podCount  pods bound to this node and not finished
 * @param gpusInUse GPUs requested by those pods
 */
public record GpuNode(
        NodeFacts facts,
        PreflightState preflight,
        CordonState cordon,
        TrustAssessment trust,
        int podCount,
        int gpusInUse) {

    public String name() {
        return facts.name();
    }

    public NodeVerdict verdict() {
        return trust.verdict();
    }

    /** GFD's product label, e.g. NVIDIA-H100-80GB-HBM3; "unknown" when GFD has not labelled the node. */
    public String product() {
        String p = facts.label(GpuLabels.PRODUCT);
        return p == null ? "unknown" : p;
    }

    /** GPUs the node has: the kubelet's capacity, or GFD's count before the device plugin reports. */
    public int gpuTotal() {
        if (facts.gpuCapacity() > 0) {
            return facts.gpuCapacity();
        }
        return WholeNumbers.parseOrZero(facts.label(GpuLabels.COUNT));
    }

    public int gpuWithdrawn() {
        return Math.max(0, facts.gpuCapacity() - facts.gpuAllocatable());
    }

    /**
     * GPUs a new job could be given here: allocatable GPUs on a schedulable node whose
     * verdict still allows work (trusted or degraded).
     */
    public int gpuUsable() {
        boolean open = !cordon.cordoned()
                && (trust.verdict() == NodeVerdict.TRUSTED || trust.verdict() == NodeVerdict.DEGRADED);
        return open ? facts.gpuAllocatable() : 0;
    }

    public boolean ready() {
        NodeCondition r = facts.condition("Ready");
        return r != null && r.isTrue();
    }

    public boolean gated() {
        return preflight.gate() != PreflightGate.OPEN;
    }
}
