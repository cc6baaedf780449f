package dev.flightdeck.drills;

import java.util.Locale;

/**
 * The boring failures a drill injects, each as a real cluster would show it (the same
 * objects, written through the sandbox's API). {@link #targets} says what each one may
 * strike, so a scenario that points an APF storm at a node is refused before it starts.
 */
public enum FaultKind {
    /** A critical Xid: the health agent's condition (SysLogsXIDError) turns True. */
    XID(TargetKind.NODE),
    /** NVLink down: GpuNvlinkWatch turns True. */
    NVLINK_DOWN(TargetKind.NODE),
    /** The device plugin withdraws GPUs: allocatable drops below capacity. */
    GPUS_WITHDRAWN(TargetKind.NODE),
    /** The kubelet stops posting status: Ready becomes Unknown. */
    NODE_NOT_READY(TargetKind.NODE),
    /**
     * The node's InfiniBand NIC flaps: its rank dies of an IB completion error that no node condition or Event shows
     * (only its log says it), and the gang's other ranks hang until their NCCL watchdog ends them.
     */
    NIC_FLAP(TargetKind.NODE),
    /** The node's next preflight fails (after a "repair"). */
    PREFLIGHT_FAILS(TargetKind.NODE),
    /** A maintenance event is scheduled on the node (VMEventScheduled / CSPMaintenance). */
    MAINTENANCE_DUE(TargetKind.NODE),
    /**
     * The gang's collective hangs: every rank stays Running and Ready, no condition, no Event, no failed pod; only its
     * GPUs, idle, and its logs, silent since their last step, say so (DCGM telemetry), while it burns GPU-hours.
     */
    STALLED_COLLECTIVE(TargetKind.GANG_OR_RANK),
    /** One rank's container exits with an error: the gang halts. */
    RANK_CRASH(TargetKind.GANG_OR_RANK),
    /** The gang's checkpoints stop: the newest one ages past its interval. */
    CHECKPOINT_STALE(TargetKind.GANG_OR_RANK),
    /** The object store answers no more (checkpoint reads fail). */
    CHECKPOINT_STORE_UNREACHABLE(TargetKind.CLUSTER),
    /** A PodDisruptionBudget that allows no disruption covers the gang's pods. */
    PDB_BLOCKS_DRAIN(TargetKind.GANG_OR_RANK),
    /** The API server rejects with 429 under APF (the pressure episode). */
    APF_STORM(TargetKind.CLUSTER);

    /** What a fault may strike. */
    public enum TargetKind { NODE, GANG_OR_RANK, CLUSTER }

    private final TargetKind targets;

    FaultKind(TargetKind targets) {
        this.targets = targets;
    }

    public TargetKind targets() {
        return targets;
    }

    /**
     * Whether the console's node verdicts cannot see it (no condition, no allocatable change, no Event): its node
     * stays "trusted" on screen, so the drill judges the struck node faulty itself.
     */
    public boolean unseenByVerdicts() {
        return this == NIC_FLAP;
    }

    /** The spelling in scenario files: {@code nvlink-down}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
