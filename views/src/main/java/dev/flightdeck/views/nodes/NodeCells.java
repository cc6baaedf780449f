package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.nodes.CordonState;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;

import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Collectors;

/**
 * The text of each table cell, as pure functions of a node (and the clock for ages),
 * so the table and the details pane say the same thing and tests need no scene.
 */
public final class NodeCells {

    private NodeCells() {
    }

    /** {@code 8/8}, or {@code 6/8 · 2 withdrawn}: allocatable of capacity, lost GPUs spelled out. */
    public static String gpus(GpuNode n) {
        int cap = n.facts().gpuCapacity();
        String s = n.facts().gpuAllocatable() + "/" + (cap > 0 ? cap : n.gpuTotal());
        return n.gpuWithdrawn() > 0 ? s + " · " + n.gpuWithdrawn() + " withdrawn" : s;
    }

    /** Sorts nodes with lost GPUs first, then by fewest allocatable. */
    public static final Comparator<GpuNode> GPU_ORDER = Comparator
            .comparingInt(GpuNode::gpuWithdrawn).reversed()
            .thenComparingInt(n -> n.facts().gpuAllocatable());

    /** For the table: {@code Ready}, {@code NotReady}, {@code Unknown}, {@code no condition} (the reason is in Reasons). */
    public static String ready(GpuNode n) {
        NodeCondition c = n.facts().condition("Ready");
        if (c == null) {
            return "no condition";
        }
        return c.isTrue() ? "Ready" : "False".equals(c.status()) ? "NotReady" : c.status();
    }

    /** For the details: {@link #ready} plus the kubelet's reason, {@code Unknown (NodeStatusUnknown)}. */
    public static String readyWithReason(GpuNode n) {
        NodeCondition c = n.facts().condition("Ready");
        String word = ready(n);
        return c == null || c.isTrue() || c.reason() == null || c.reason().isBlank()
                ? word : word + " (" + c.reason() + ")";
    }

    /** Gate, last result and its age: {@code pending · running 3m ago}, {@code open · passed 2h ago}. */
    public static String preflight(GpuNode n, Instant now) {
        PreflightState p = n.preflight();
        if (p.equals(PreflightState.NONE)) {
            return "—";
        }
        StringBuilder sb = new StringBuilder(switch (p.gate()) {
            case OPEN -> "open";
            case PENDING -> "pending";
            case FAILED -> "failed";
        });
        if (p.result() != null) {
            sb.append(" · ").append(p.result());
        }
        if (p.at() != null) {
            sb.append(' ').append(Ages.ago(p.at(), now));
        }
        return sb.toString();
    }

    /** Empty when schedulable; {@code alice: Xid 79} when the console cordoned it; else {@code cordoned}. */
    public static String cordon(GpuNode n) {
        CordonState c = n.cordon();
        if (!c.cordoned()) {
            return "";
        }
        String reason = c.reason() == null || c.reason().isBlank() ? "cordoned" : c.reason();
        return c.by() == null || c.by().isBlank() ? reason : c.by() + ": " + reason;
    }

    /** kubectl's rendering, comma separated. */
    public static String taints(GpuNode n) {
        return n.facts().taints().stream().map(Taint::toString).collect(Collectors.joining(", "));
    }

    /** {@code 3 (24 GPUs)}: pods not finished and the GPUs they asked for. */
    public static String pods(GpuNode n) {
        return n.gpusInUse() > 0 ? n.podCount() + " (" + n.gpusInUse() + " GPUs)" : String.valueOf(n.podCount());
    }

    public static String reasons(GpuNode n) {
        return n.trust().reasons().isEmpty() ? "" : n.trust().reasonText();
    }
}
