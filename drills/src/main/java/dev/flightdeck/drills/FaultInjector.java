package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.GangStart;
import dev.flightdeck.drills.Scenario.Target;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Injects a drill's faults into its cluster with the drill's hands ({@link DrillHands}), writing the
 * objects a real cluster would show (a health agent's node condition, the kubelet's pod status, the
 * device plugin's allocatable, a PodDisruptionBudget); only the simulated agents without a
 * Kubernetes API (the object store, the preflight runner, the trainers) are switched directly.
 * Each injection says in words what it did and where, for the drill's timeline.
 */
public final class FaultInjector {

    /** What an injection did, for the timeline: the node or gang struck, and how. */
    public record Injected(String faultId, String where, String what) { }

    private final DrillHands control;
    private final Scenario scenario;
    private final double pace;

    /** @param pace how much faster than real time the drill's schedule runs (a maintenance window 30 min out comes sooner) */
    public FaultInjector(DrillHands hands, Scenario scenario, double pace) {
        this.control = hands;
        this.scenario = scenario;
        this.pace = pace;
    }

    public Injected inject(Fault f, Instant now) {
        return switch (f.kind()) {
            case XID -> {
                Injected i = condition(f, "SysLogsXIDError", "XID79",
                        "Xid 79 on GPU 5 (PCI 0000:9B:00.0): GPU has fallen off the bus");
                // A GPU that fell off the bus takes its CUDA process with it: the rank on it dies.
                List<String> crashed = crashRanksOn(i.where(), "CUDA error: unspecified launch failure (Xid 79 on GPU 5)");
                yield crashed.isEmpty() ? i : new Injected(i.faultId(), i.where(), i.what() + "; the rank on it crashed ("
                        + String.join(", ", crashed) + ")");
            }
            case NVLINK_DOWN -> condition(f, "GpuNvlinkWatch", "NvlinkDown", "NVLink link 3 of GPU 5 is down");
            case MAINTENANCE_DUE -> condition(f, "CSPMaintenance", "MaintenanceScheduled",
                    "host maintenance scheduled at " + now.plus(Duration.ofMillis((long) (Duration.ofMinutes(30).toMillis()
                            / pace))).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
            case NODE_NOT_READY -> {
                String node = node(f);
                List<DrillHands.RankPod> lost = control.runningRanksOn(node);
                control.kubeletStops(node);
                // The ranks elsewhere wait on the lost one until NCCL's watchdog ends them: the gang halts.
                List<String> halted = new ArrayList<>();
                for (DrillHands.RankPod r : lost) {
                    int survivor = r.rank() == 0 ? 1 : 0;
                    String pod = control.podOfRank(r.namespace(), r.job(), survivor);
                    if (pod != null) {
                        control.failPod(r.namespace(), pod, "Error", 1, "NCCL watchdog: collective operation timed out "
                                + "after 600000 ms; rank " + r.rank() + " on " + node + " stopped answering");
                        halted.add(r.namespace() + "/" + r.job());
                    }
                }
                yield new Injected(f.id(), node, "the kubelet stopped posting status: Ready=Unknown; its pods not ready"
                        + (halted.isEmpty() ? "" : "; " + String.join(", ", halted) + " halted on an NCCL timeout"));
            }
            case GPUS_WITHDRAWN -> {
                String node = node(f);
                control.withdrawGpus(node, 2);
                yield new Injected(f.id(), node, "the device plugin withdrew 2 of 8 GPUs (allocatable 6)");
            }
            case NIC_FLAP -> {
                String node = node(f);
                List<String> ranks = control.runningRanksOn(node).stream()
                        .map(r -> r.namespace() + "/" + r.job() + " rank " + r.rank()).toList();
                control.nicFlaps(node);
                yield new Injected(f.id(), node, "its InfiniBand NIC flaps: " + (ranks.isEmpty() ? "no rank ran on it"
                        : String.join(", ", ranks) + " failed on an IB completion error (exit 1, no message; only its log "
                        + "says why), the gang's other ranks hang until their NCCL watchdog") + "; no node condition, no Event");
            }
            case PREFLIGHT_FAILS -> {
                String node = node(f);
                control.failNextPreflight(node, "dcgmi diag -r 1: NVLink bandwidth test failed on GPU 5");
                yield new Injected(f.id(), node, "the next preflight on the node fails (the repair did not take)");
            }
            case STALLED_COLLECTIVE -> {
                GangStart g = gang(f);
                control.stallGang(g.namespace(), g.name());
                yield new Injected(f.id(), g.namespace() + "/" + g.name(), "its collective hangs: every rank stays Running, "
                        + "its " + g.ranks() * g.gpusPerRank() + " GPUs go idle, its logs and checkpoints stop; no condition, "
                        + "no Event, no failed pod");
            }
            case RANK_CRASH -> {
                GangStart g = gang(f);
                int rank = f.target() instanceof Target.RankNode r ? r.rank() : g.ranks() / 2;
                String pod = control.podOfRank(g.namespace(), g.name(), rank);
                control.failPod(g.namespace(), pod, "Error", 1,
                        "NCCL error: unhandled system error, remote process exited or there was a network error");
                yield new Injected(f.id(), g.namespace() + "/" + g.name() + " rank " + rank, "pod " + pod
                        + " exited 1 (NCCL error); the gang halts");
            }
            case CHECKPOINT_STALE -> {
                GangStart g = gang(f);
                Instant since = now.minus(g.checkpointEvery().multipliedBy(2));
                control.stopCheckpointing(g.namespace(), g.name(), since);
                var newest = control.newestCheckpoint(g.namespace(), g.name());
                yield new Injected(f.id(), g.namespace() + "/" + g.name(), "its saves since " + since
                        + " never completed and the next ones fail too; newest complete checkpoint "
                        + (newest == null ? "none" : newest.uri() + " from " + newest.at()));
            }
            case PDB_BLOCKS_DRAIN -> {
                GangStart g = gang(f);
                control.createBlockingBudget(g.namespace(), g.name() + "-budget",
                        Map.of("batch.kubernetes.io/job-name", g.name()));
                yield new Injected(f.id(), g.namespace() + "/" + g.name(), "a budget allowing no disruption covers its pods");
            }
            case CHECKPOINT_STORE_UNREACHABLE -> {
                control.objectStoreReachable(false);
                yield new Injected(f.id(), "object storage", "the checkpoint store drops every connection");
            }
            case APF_STORM -> {
                control.apfStorm(true);
                yield new Injected(f.id(), "kube-apiserver", "APF rejects with 429 (priority level workload-low)");
            }
        };
    }

    /** Lifts a fault that ends by itself ({@code lasts}): the storm dies down, the store answers again. */
    public Injected lift(Fault f) {
        return switch (f.kind()) {
            case APF_STORM -> {
                control.apfStorm(false);
                yield new Injected(f.id(), "kube-apiserver", "the APF storm died down");
            }
            case CHECKPOINT_STORE_UNREACHABLE -> {
                control.objectStoreReachable(true);
                yield new Injected(f.id(), "object storage", "the checkpoint store answers again");
            }
            default -> throw new IllegalArgumentException(f.kind().word() + " does not lift by itself");
        };
    }

    /**
     * The vendor's repair of a drained node, when the scenario rehearses a repair: the hardware
     * faults struck on it are cleared (the health agent's condition turns False, the device plugin
     * offers every GPU again) and the node is gated pending preflight, as a repair workflow hands a
     * node back.
     */
    public Injected repair(String node, java.util.Collection<FaultKind> struck) {
        List<String> cleared = new ArrayList<>();
        for (FaultKind k : struck) {
            switch (k) {
                case XID -> {
                    control.setNodeCondition(node, "SysLogsXIDError", "False", "Repaired", "GPU 5 replaced");
                    cleared.add("GPU 5 replaced");
                }
                case NVLINK_DOWN -> {
                    control.setNodeCondition(node, "GpuNvlinkWatch", "False", "Repaired", "NVLink bridge reseated");
                    cleared.add("NVLink bridge reseated");
                }
                case GPUS_WITHDRAWN -> {
                    control.restoreGpus(node);
                    cleared.add("device plugin restarted");
                }
                default -> { }
            }
        }
        control.taint(node, "flightdeck.dev/preflight", "pending", "NoSchedule");
        return new Injected("repair", node, "repaired by the vendor (" + String.join(", ", cleared)
                + "); gated until a preflight passes");
    }

    /** Fails every running rank pod on {@code node}; returns "ns/gang rank N" for each. */
    private List<String> crashRanksOn(String node, String message) {
        List<String> out = new ArrayList<>();
        for (DrillHands.RankPod r : control.runningRanksOn(node)) {
            control.failPod(r.namespace(), r.pod(), "Error", 1, message);
            out.add(r.namespace() + "/" + r.job() + " rank " + r.rank());
        }
        return out;
    }

    private Injected condition(Fault f, String type, String reason, String message) {
        String node = node(f);
        control.setNodeCondition(node, type, "True", reason, message);
        return new Injected(f.id(), node, type + "=True (" + reason + "): " + message);
    }

    /** The node a fault strikes: named, or the one carrying the rank (asked of the API, as an operator would). */
    private String node(Fault f) {
        return switch (f.target()) {
            case Target.Node n -> n.name();
            case Target.RankNode r -> {
                GangStart g = gang(r.gang());
                String node = control.nodeOfRank(g.namespace(), g.name(), r.rank());
                if (node == null) {
                    throw new IllegalStateException("rank " + r.rank() + " of " + g.name() + " is on no node");
                }
                yield node;
            }
            default -> throw new IllegalStateException(f.kind().word() + " needs a node, not " + f.target());
        };
    }

    private GangStart gang(Fault f) {
        return switch (f.target()) {
            case Target.Gang g -> gang(g.name());
            case Target.RankNode r -> gang(r.gang());
            default -> throw new IllegalStateException(f.kind().word() + " needs a gang, not " + f.target());
        };
    }

    private GangStart gang(String name) {
        return scenario.cluster().gangs().stream().filter(g -> g.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no gang " + name + " in " + scenario.id()));
    }
}
