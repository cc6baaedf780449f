package dev.flightdeck.drills.world;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.drills.FaultKind;

import java.time.Instant;

/**
 * The drill's hands on its own sandbox: every Kubernetes object is the drill's to touch (the sandbox
 * holds nothing else), and the agents without an API are switched on the sandbox's drill control
 * surface. Every fault can be struck here.
 */
final class SandboxHands extends KubeApiHands {

    private final DrillControlSurface surface;

    SandboxHands(KubeRest rest, DrillControlSurface surface) {
        super(rest);
        this.surface = surface;
    }

    /**
     * The sandbox has no node lifecycle controller: what it would do once the kubelet's heartbeats stop
     * is written at once — Ready turns Unknown and the node's pods are no longer ready.
     */
    @Override
    public void kubeletStops(String node) {
        setNodeCondition(node, "Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.");
        markPodsNotReady(node);
    }

    @Override
    public void failNextPreflight(String node, String detail) {
        surface.failNextPreflight(node, detail);
    }

    @Override
    public void nicFlaps(String node) {
        surface.nicFlaps(node);
    }

    @Override
    public void stallGang(String namespace, String gang) {
        surface.stallGang(namespace, gang);
    }

    @Override
    public void stopCheckpointing(String namespace, String gang, Instant since) {
        surface.stopCheckpointing(namespace, gang, since);
    }

    @Override
    public Saved newestCheckpoint(String namespace, String gang) {
        return surface.newestCheckpoint(namespace, gang);
    }

    @Override
    public void objectStoreReachable(boolean reachable) {
        surface.objectStoreReachable(reachable);
    }

    @Override
    public void apfStorm(boolean on) {
        surface.apfStorm(on);
    }

    @Override
    public String cannotStrike(FaultKind kind) {
        return null;
    }

    @Override
    protected void checkNode(String node) {
        // the drill's own sandbox: every node is the drill's
    }

    @Override
    protected void checkNamespace(String namespace) {
        // the drill's own sandbox: every namespace is the drill's
    }

    @Override
    protected String podsPath() {
        return "/api/v1/pods";
    }
}
