package dev.flightdeck.drills;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a drill does to the cluster it plays on, whichever that is (its own sandbox, or virtual nodes
 * on a staging cluster): Kubernetes objects written as the cluster's agents would write them (a
 * health agent's condition, the kubelet's pod status, the device plugin's allocatable, a budget),
 * and the few simulated agents that have no Kubernetes API (the preflight runner's verdict, the
 * trainers' checkpoints, the object store, the API server's own pressure).
 */
public interface DrillHands {

    /** A running rank of an Indexed Job, found on a node. */
    record RankPod(String namespace, String job, int rank, String pod) { }

    /** A gang's newest complete checkpoint as its trainer saved it (the drill's truth to judge a resume by). */
    record Saved(long step, String uri, Instant at) { }

    void setNodeCondition(String node, String type, String status, String reason, String message);

    void failPod(String namespace, String pod, String reason, int exitCode, String message);

    void withdrawGpus(String node, int count);

    void restoreGpus(String node);

    void taint(String node, String key, String value, String effect);

    void createBlockingBudget(String namespace, String name, Map<String, String> selector);

    List<RankPod> runningRanksOn(String node);

    /** The pod of a rank of an Indexed Job, or null. */
    String podOfRank(String namespace, String job, int rank);

    /** The node a rank of an Indexed Job runs on, or null. */
    String nodeOfRank(String namespace, String job, int rank);

    /**
     * The node's kubelet stops: on a sandbox, Ready turns Unknown and its pods not ready at once (the
     * node lifecycle controller, simulated); on a real cluster its heartbeats stop and the cluster's
     * own node lifecycle controller does that after its grace period.
     */
    void kubeletStops(String node);

    void failNextPreflight(String node, String detail);

    /** The node's InfiniBand NIC flaps from now on: a hardware fact no Kubernetes object states (the sandbox's fabric). */
    void nicFlaps(String node);

    /**
     * The gang's ranks running now hang in a collective: they stay Running, their GPUs go idle, their logs and
     * checkpoints stop (a hardware-free fault only GPU telemetry shows).
     */
    void stallGang(String namespace, String gang);

    /** The gang's saves since {@code since} never completed, and the next ones fail too. */
    void stopCheckpointing(String namespace, String gang, Instant since);

    /** The gang's newest complete checkpoint, or null. */
    Saved newestCheckpoint(String namespace, String gang);

    void objectStoreReachable(boolean reachable);

    void apfStorm(boolean on);

    /** Why a fault of this kind cannot be struck here, or null when it can. */
    String cannotStrike(FaultKind kind);
}
