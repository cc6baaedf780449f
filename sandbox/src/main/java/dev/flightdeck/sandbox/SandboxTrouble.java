package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/**
 * The trouble seeded into the sandbox fleet, repeating every 64 nodes so a big
 * sandbox has it in proportion: withdrawn GPUs, an Xid, a maintenance event, a
 * preflight gate pending and one failed, a cordon with its reason, a NotReady node
 * and an NVLink fault.
 */
final class SandboxTrouble {

    private static final int PERIOD = 64;
    static final int WITHDRAWN = 7;
    static final int XID = 13;
    static final int MAINTENANCE = 21;
    static final int PREFLIGHT_PENDING = 30;
    static final int PREFLIGHT_FAILED = 31;
    static final int CORDONED = 42;
    static final int NOT_READY = 50;
    static final int NVLINK = 58;

    private final int nodes;

    SandboxTrouble(int nodes) {
        this.nodes = nodes;
    }

    boolean isGated(String nodeName) {
        int i = Integer.parseInt(nodeName.substring(nodeName.lastIndexOf('-') + 1)) % PERIOD;
        return i == PREFLIGHT_PENDING || i == PREFLIGHT_FAILED;
    }

    /**
     * The Events a cluster would still hold for this node's trouble (the server keeps them an hour): node
     * lifecycle's NodeNotReady when the kubelet stopped posting ten minutes ago. Older trouble's Events
     * (the cordon 90 minutes ago, the failed preflight two hours ago) have expired, as they would have.
     */
    void recordEvents(int index, String name, SandboxEventRecorder events, Instant now) throws StoreException {
        if (index % PERIOD == NOT_READY) {
            Instant at = now.minusSeconds(600);
            events.legacy(SandboxEventRecorder.About.node(name), "node-controller", "NodeNotReady", false,
                    "Node " + name + " status is now: NodeNotReady", at, 1, at);
        }
    }

    void apply(int index, ObjectNode node, Instant now) {
        switch (index % PERIOD) {
            case WITHDRAWN -> ((ObjectNode) node.path("status").path("allocatable")).put("nvidia.com/gpu", "7");
            case XID -> NodeTemplates.setCondition(node, "SysLogsXIDError", "True", "XID79",
                    "Xid 79 on GPU 5 (PCI 0000:9B:00.0): GPU has fallen off the bus", now.minusSeconds(1_260));
            case MAINTENANCE -> NodeTemplates.setCondition(node, "CSPMaintenance", "True", "HostMaintenanceScheduled",
                    "Host maintenance scheduled for " + now.plusSeconds(6 * 3600), now.minusSeconds(900));
            case PREFLIGHT_PENDING -> {
                NodeTemplates.taints(node).addObject().put("key", "flightdeck.dev/preflight").put("value", "pending")
                        .put("effect", "NoSchedule");
                node.with("metadata").with("labels").put("flightdeck.dev/preflight", "running");
                node.with("metadata").with("annotations").put("flightdeck.dev/preflight-at", now.minusSeconds(240).toString());
            }
            case PREFLIGHT_FAILED -> {
                NodeTemplates.taints(node).addObject().put("key", "flightdeck.dev/preflight").put("value", "failed")
                        .put("effect", "NoSchedule");
                node.with("metadata").with("labels").put("flightdeck.dev/preflight", "failed");
                ObjectNode ann = node.with("metadata").with("annotations");
                ann.put("flightdeck.dev/preflight-at", now.minusSeconds(7_300).toString());
                ann.put("flightdeck.dev/preflight-detail", "dcgmi diag -r 1: NVLink bandwidth check failed on GPU 3");
            }
            case CORDONED -> {
                node.with("spec").put("unschedulable", true);
                NodeTemplates.taints(node).addObject().put("key", "node.kubernetes.io/unschedulable").put("effect", "NoSchedule");
                ObjectNode ann = node.with("metadata").with("annotations");
                ann.put("flightdeck.dev/cordon-reason", "replacing InfiniBand cable (TICKET-4821)");
                ann.put("flightdeck.dev/cordoned-by", "alice@example.com");
                ann.put("flightdeck.dev/cordoned-at", now.minusSeconds(5_400).toString());
            }
            case NOT_READY -> NodeTemplates.setCondition(node, "Ready", "Unknown", "NodeStatusUnknown",
                    "Kubelet stopped posting node status.", now.minusSeconds(600));
            case NVLINK -> NodeTemplates.setCondition(node, "GpuNvlinkWatch", "True", "NvlinkDown",
                    "NVLink link 4 on GPU 2 is down", now.minusSeconds(3_000));
            default -> {
                // a healthy node
            }
        }
    }
}
