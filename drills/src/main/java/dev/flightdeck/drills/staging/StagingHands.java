package dev.flightdeck.drills.staging;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.drills.FaultKind;
import dev.flightdeck.drills.world.KubeApiHands;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The drill's hands on a staging cluster: every write goes to an object the drill created (one of
 * its virtual nodes, a pod or budget in its namespace) and is refused otherwise, so a fault can never
 * strike the cluster's real nodes or workloads. The agents without an API are the drill's own: its
 * virtual kubelet (validation verdicts, a stopped kubelet) and its trainers.
 */
final class StagingHands extends KubeApiHands {

    private final StagingNames names;
    private final Set<String> drillNodes;
    private final VirtualKubelet kubelet;
    private final StagingTrainers trainers;

    StagingHands(KubeRest rest, StagingNames names, Set<String> drillNodes, VirtualKubelet kubelet,
                 StagingTrainers trainers) {
        super(rest);
        this.names = names;
        this.drillNodes = drillNodes;
        this.kubelet = kubelet;
        this.trainers = trainers;
    }

    @Override
    public void kubeletStops(String node) {
        checkNode(node);
        kubelet.stop(node);
    }

    @Override
    public void failNextPreflight(String node, String detail) {
        checkNode(node);
        kubelet.failNextValidation(node, detail);
    }

    @Override
    public void stopCheckpointing(String namespace, String gang, Instant since) {
        checkNamespace(namespace);
        call(() -> {
            trainers.stop(gang, since);
            return null;
        });
    }

    @Override
    public Saved newestCheckpoint(String namespace, String gang) {
        return trainers.newest(gang);
    }

    @Override
    public void objectStoreReachable(boolean reachable) {
        throw new IllegalStateException(cannotStrike(FaultKind.CHECKPOINT_STORE_UNREACHABLE));
    }

    @Override
    public void apfStorm(boolean on) {
        throw new IllegalStateException(cannotStrike(FaultKind.APF_STORM));
    }

    @Override
    public void nicFlaps(String node) {
        throw new IllegalStateException(cannotStrike(FaultKind.NIC_FLAP));
    }

    @Override
    public void stallGang(String namespace, String gang) {
        throw new IllegalStateException(cannotStrike(FaultKind.STALLED_COLLECTIVE));
    }

    @Override
    public String cannotStrike(FaultKind kind) {
        return switch (kind) {
            case STALLED_COLLECTIVE -> "cannot be struck on a staging cluster: its virtual kubelets run no GPUs and no "
                    + "dcgm-exporter, where this fault shows";
            case NIC_FLAP -> "cannot be struck on a staging cluster: its nodes have no NICs to flap and its virtual kubelets "
                    + "serve no logs, where this fault shows";
            case APF_STORM -> "cannot be struck on a real cluster: a drill does not overload a shared API server";
            case CHECKPOINT_STORE_UNREACHABLE -> "cannot be struck on a real cluster: a drill does not cut off shared storage";
            default -> null;
        };
    }

    /** The guard: the drill's hands touch its own nodes only. */
    @Override
    protected void checkNode(String node) {
        if (!drillNodes.contains(node)) {
            throw new IllegalArgumentException("node " + node + " is not one of the drill's virtual nodes: left alone");
        }
    }

    @Override
    protected void checkNamespace(String namespace) {
        if (!names.namespace().equals(namespace)) {
            throw new IllegalArgumentException("namespace " + namespace + " is not the drill's (" + names.namespace()
                    + "): left alone");
        }
    }

    @Override
    protected String podsPath() {
        return "/api/v1/namespaces/" + names.namespace() + "/pods";
    }

    @Override
    protected Map<String, String> budgetLabels() {
        return Map.of(StagingNames.LABEL, names.id());
    }
}
