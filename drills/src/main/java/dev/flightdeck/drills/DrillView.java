package dev.flightdeck.drills;

import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The drill's questions, answered from its observer's live model of the drill cluster (the same
 * model the console shows): is the node cordoned, drained, trusted; does the gang run on trusted
 * nodes; which node and gang each pod belongs to. Cheap on a drill's few hundred nodes.
 */
final class DrillView {

    private final ClusterModel fleet;
    private final java.util.function.Predicate<String> drillNode;

    /** @param drillNode which nodes are the drill's (on a staging cluster, its virtual nodes only) */
    DrillView(ClusterModel fleet, java.util.function.Predicate<String> drillNode) {
        this.fleet = fleet;
        this.drillNode = drillNode;
    }

    GpuNode node(String name) {
        return name == null ? null : fleet.node(name);
    }

    /** The gang {@code namespace/name}, or null when the model holds none (deleted, not yet recreated). */
    Gang gang(String ref) {
        for (Gang g : fleet.gangs()) {
            if ((g.key().namespace() + "/" + g.key().name()).equals(ref)) {
                return g;
            }
        }
        return null;
    }

    /** The drill's nodes. */
    List<GpuNode> nodes() {
        return fleet.snapshot().nodes().stream().filter(n -> drillNode.test(n.name())).toList();
    }

    boolean cordoned(String node) {
        GpuNode n = node(node);
        return n != null && n.cordon().cordoned();
    }

    /** Cordoned, and nothing left on it but node daemons, mirror pods and finished pods (kubectl drain's end state). */
    boolean drained(String node) {
        if (!cordoned(node)) {
            return false;
        }
        for (PodFacts p : fleet.podsOn(node)) {
            boolean finished = "Succeeded".equals(p.phase()) || "Failed".equals(p.phase());
            boolean daemon = "DaemonSet".equals(p.ownerKind()) || "Node".equals(p.ownerKind());
            if (!finished && !daemon) {
                return false;
            }
        }
        return true;
    }

    /** Out of service as the circuit breaker counts it (cordoned, not ready, or gated), or gone. */
    boolean outOfService(String node) {
        GpuNode n = node(node);
        return n == null || CircuitBreaker.outOfService(n);
    }

    /** Running, every rank ready, and every rank on a node whose GPUs are trusted. */
    boolean runningOnTrustedNodes(String gangRef) {
        Gang g = gang(gangRef);
        if (g == null || g.verdict() != GangVerdict.RUNNING || g.ready() < g.expected()) {
            return false;
        }
        for (RankSlot r : g.ranks()) {
            // The node's own verdict, not the copy in the rank slot: the gang's view of its nodes is refreshed
            // on its own schedule, and a fault seen on the node must not count as recovered by a stale copy.
            GpuNode n = node(r.node());
            if (r.nodeVerdict() != NodeVerdict.TRUSTED || n == null || n.verdict() != NodeVerdict.TRUSTED) {
                return false;
            }
        }
        return true;
    }

    /** Whether a rank of the gang is placed on {@code node}. */
    boolean hasRankOn(String gangRef, String node) {
        Gang g = gang(gangRef);
        return g != null && node != null && g.ranks().stream().anyMatch(r -> node.equals(r.node()));
    }

    /** Running with no rank on a node that is not trusted: breaking it would be a loss, not a repair. */
    boolean healthyAndRunning(String gangRef) {
        Gang g = gang(gangRef);
        return g != null && g.verdict() == GangVerdict.RUNNING && !g.atRisk();
    }

    /** Where each pod is and whose rank it is, for resolving the audit's evictions and deletions. */
    record PodPlace(String node, String gang) { }

    Map<String, PodPlace> podPlaces() {
        Map<String, PodPlace> out = new HashMap<>();
        for (Gang g : fleet.gangs()) {
            for (RankSlot r : g.ranks()) {
                if (r.pod() != null) {
                    out.put(g.key().namespace() + "/" + r.pod(), new PodPlace(r.node(),
                            g.key().namespace() + "/" + g.key().name()));
                }
            }
        }
        for (GpuNode n : nodes()) {
            for (PodFacts p : fleet.podsOn(n.name())) {
                out.putIfAbsent(p.key(), new PodPlace(n.name(), null));
            }
        }
        return out;
    }

    /**
     * Whether the model shows a fault that struck: a state goal ("the gang runs on trusted nodes") is
     * only judged once it does, or a model a moment behind the injection would meet it at once.
     */
    boolean shows(FaultKind kind, Subjects s) {
        return switch (kind) {
            case XID, NVLINK_DOWN, GPUS_WITHDRAWN, MAINTENANCE_DUE, NODE_NOT_READY -> {
                GpuNode n = node(s.node());
                yield n == null || n.verdict() != NodeVerdict.TRUSTED;
            }
            case RANK_CRASH, NIC_FLAP -> s.gangs().stream().map(this::gang).allMatch(g -> g == null || g.verdict() != GangVerdict.RUNNING);
            case STALLED_COLLECTIVE -> s.gangs().stream().map(this::gang).allMatch(g -> g == null || g.verdict() == GangVerdict.STALLED);
            case PREFLIGHT_FAILS, CHECKPOINT_STALE, PDB_BLOCKS_DRAIN, CHECKPOINT_STORE_UNREACHABLE, APF_STORM -> true;
        };
    }

    /** The gangs with a rank on {@code node} now ({@code namespace/name}). */
    List<String> gangsOn(String node) {
        return fleet.gangs().stream().filter(g -> g.ranks().stream().anyMatch(r -> node.equals(r.node())))
                .map(g -> g.key().namespace() + "/" + g.key().name()).toList();
    }
}
