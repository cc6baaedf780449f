package dev.flightdeck.drills;

import java.time.Duration;
import java.util.List;

/**
 * An incident-response drill as its file says it: the cluster it starts from, the brief
 * the operator is given (never the answer), the faults and when they strike, what counts
 * as detected, mitigated and recovered, the mistakes watched for, and the reference
 * response shown beside what was done. The format is documented in
 * {@code docs/drill-scenarios.md}; {@link ScenarioParser} reads and checks it.
 *
 * @param limit recovered within this long after the start, or the drill is failed
 */
public record Scenario(String id, String title, Level level, Duration limit, ClusterStart cluster, String brief,
                       List<Fault> faults, List<Mistake> mistakes, List<String> reference) {

    public Scenario {
        faults = List.copyOf(faults);
        mistakes = List.copyOf(mistakes);
        reference = List.copyOf(reference);
    }

    /** How hard: a one-fault warm-up, a standard drill, or a multi-fault incident. */
    public enum Level { WARM_UP, STANDARD, INCIDENT }

    /** The sandbox the drill starts on: its size and the gangs that run, with their checkpoints. */
    public record ClusterStart(int nodes, List<GangStart> gangs) {
        public ClusterStart {
            gangs = List.copyOf(gangs);
        }
    }

    /**
     * @param lastCheckpoint how old the newest complete checkpoint is when the drill starts
     */
    public record GangStart(String namespace, String name, int ranks, int gpusPerRank, Duration checkpointEvery,
                            Duration lastCheckpoint) {
    }

    /**
     * One fault: what breaks, where, and when — {@code at} after the start, or when the
     * operator does {@code on} to the same target (e.g. a preflight that fails after repair).
     *
     * @param lasts how long a cluster-wide fault (an APF storm, an unreachable store) lasts before it
     *              lifts by itself, or null for the whole drill
     */
    public record Fault(String id, FaultKind kind, Target target, Duration at, Trigger on, Duration lasts,
                        List<Goal> detected, List<Goal> mitigated, List<Goal> recovered) {
        public Fault {
            detected = List.copyOf(detected);
            mitigated = List.copyOf(mitigated);
            recovered = List.copyOf(recovered);
        }

        /** The goals of the last stage the scenario sets (recovered, else mitigated, else detected). */
        public List<Goal> finalGoals() {
            return !recovered.isEmpty() ? recovered : !mitigated.isEmpty() ? mitigated : detected;
        }
    }

    /** Where a fault strikes: a named node, the node carrying a gang's rank, a gang, or the cluster. */
    public sealed interface Target {
        record Node(String name) implements Target { }

        record RankNode(String gang, int rank) implements Target { }

        record Gang(String name) implements Target { }

        record Cluster() implements Target { }
    }

    /** The operator's moves a fault can wait for. */
    public enum Trigger { CORDONED, DRAINED, PREFLIGHT_STARTED, RESUMED }

    /** What counts as detected, mitigated or recovered, each about the fault's target. */
    public enum Goal {
        /** The operator opened the node or gang (its details), or acted on it. */
        OPENED,
        /** The operator read the log of a rank on the struck node (where a fault that raises nothing else shows). */
        READ_THE_LOG,
        CORDONED,
        DRAINED,
        PREFLIGHT_PASSED,
        /** A preflight on the node finished after the fault (passed or failed): the repair was checked. */
        PREFLIGHT_RERUN,
        /** Resumed from the newest complete checkpoint. */
        RESUMED_FROM_NEWEST,
        /** "Useful again": the gang runs with all ranks on trusted nodes. */
        GANG_RUNNING_ON_TRUSTED_NODES,
        /** The node is out of service (cordoned or gated) before its maintenance window. */
        OUT_OF_SERVICE_BEFORE_MAINTENANCE,
        /** The console's own requests stayed within the cluster's budget during the storm. */
        STAYED_WITHIN_REQUEST_BUDGET
    }

    /** Mistakes the drill watches for; the report names each one made. */
    public enum Mistake { DRAINED_A_HEALTHY_NODE, BROKE_A_GANG_THAT_DID_NOT_NEED_IT, RESUMED_FROM_AN_OLDER_CHECKPOINT,
        EXCEEDED_THE_BREAKER, FORCED_PAST_A_BUDGET, RETURNED_AN_UNTRUSTED_NODE_TO_SERVICE,
        ADDED_LOAD_DURING_THE_STORM }
}
