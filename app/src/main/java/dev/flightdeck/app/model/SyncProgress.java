package dev.flightdeck.app.model;

import dev.flightdeck.app.watch.ListProgress;

/**
 * How far the model has come with a cluster's first LISTs: nodes first, then pods (the screens fill while the pods
 * stream in). {@code gpuNodes} is how many GPU nodes the nodes' list held once whole, {@code gangs} how many gangs
 * the pods formed once theirs was: what a screen must show to have caught up.
 */
public record SyncProgress(ListProgress nodes, ListProgress pods, int gpuNodes, int gangs) {

    public static final SyncProgress NOTHING = new SyncProgress(ListProgress.NOT_STARTED, ListProgress.NOT_STARTED, 0, 0);

    public boolean nodesListed() {
        return nodes.whole();
    }

    public boolean podsListed() {
        return pods.whole();
    }

    SyncProgress withNodesPage(ListProgress page, int known) {
        return new SyncProgress(new ListProgress(known, page.remaining(), false), pods, gpuNodes, gangs);
    }

    SyncProgress withPodsPage(ListProgress page, int known) {
        return new SyncProgress(nodes, new ListProgress(known, page.remaining(), false), gpuNodes, gangs);
    }

    SyncProgress withNodesWhole(int known, int gpuNodesKnown) {
        return new SyncProgress(new ListProgress(known, 0, true), pods, gpuNodesKnown, gangs);
    }

    SyncProgress withPodsWhole(int known, int gangsKnown) {
        return new SyncProgress(nodes, new ListProgress(known, 0, true), gpuNodes, gangsKnown);
    }
}
