package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.gangs.WorkloadObject;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.VolcanoQueue;
import dev.flightdeck.app.queues.VolcanoQueueProjector;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/** What {@link ClusterModel}'s inbox holds: a change to fold in, or a request of its thread. */
sealed interface ClusterMessage {

    record NodeChange(WatchEvent<NodeFacts> event) implements ClusterMessage {
    }

    record PodChange(WatchEvent<PodFacts> event) implements ClusterMessage {
    }

    record WorkloadChange(String kind, WatchEvent<WorkloadObject> event) implements ClusterMessage {
    }

    /** A Kueue object changed (conventions §Kueue): folded into the queue book, whose pending Workloads are queued gangs. */
    record QueueChange(KueueKind kind, WatchEvent<KueueObject> event) implements ClusterMessage {
    }

    /** A Volcano Queue changed: folded into the queue book too. */
    record VolcanoQueueChange(WatchEvent<VolcanoQueue> event) implements ClusterMessage {
    }

    record Subscribe(Consumer<ClusterDelta> listener) implements ClusterMessage {
    }

    /** GPU telemetry's judgement at one refresh: replaces the last one whole. */
    record TelemetryChange(GpuTelemetryFindings findings) implements ClusterMessage {
    }

    /** Wakes the model to build the queue snapshot it put off ({@link QueueSnapshots#INTERVAL_NANOS}). */
    record QueuesDue() implements ClusterMessage {
    }

    /** Re-evaluates every node so ages in reasons ("failed 2h ago") stay true. */
    record Tick() implements ClusterMessage {
    }

    record Stop() implements ClusterMessage {
    }

    /** Released once everything queued before it has been folded in. */
    record Barrier(CountDownLatch folded) implements ClusterMessage {
    }

    /** Whether the message changes the cluster's objects (not a request of the model's thread). */
    static boolean isChange(ClusterMessage m) {
        return m instanceof NodeChange || m instanceof PodChange || m instanceof WorkloadChange
                || m instanceof QueueChange || m instanceof VolcanoQueueChange;
    }

    /** The message as a fold problem names it: the object it carried, else its kind. */
    static String describe(ClusterMessage m) {
        return switch (m) {
            case NodeChange(WatchEvent<NodeFacts> e) -> FoldProblems.describe("node", e, NodeFacts::name);
            case PodChange(WatchEvent<PodFacts> e) -> FoldProblems.describe("pod", e, p -> p.namespace() + "/" + p.name());
            case WorkloadChange(String kind, WatchEvent<WorkloadObject> e) ->
                    FoldProblems.describe(kind, e, w -> w.namespace() + "/" + w.name());
            case QueueChange(KueueKind kind, var e) -> FoldProblems.describe(kind.watchedName(), e, KueueObject::key);
            case VolcanoQueueChange(var e) -> FoldProblems.describe(VolcanoQueueProjector.WATCHED_NAME, e, VolcanoQueue::name);
            default -> m.getClass().getSimpleName();
        };
    }
}
