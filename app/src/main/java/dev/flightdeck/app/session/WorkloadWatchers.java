package dev.flightdeck.app.session;

import dev.flightdeck.app.gangs.WorkloadKind;
import dev.flightdeck.app.gangs.WorkloadObject;
import dev.flightdeck.app.gangs.WorkloadProjector;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.SkippedObjects;
import dev.flightdeck.app.watch.WatchHealth;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One watch per gang object kind the cluster serves (Job, JobSet, PyTorchJob, MPIJob…), started when discovery first
 * finds it (a CRD installed later is picked up by the next discovery). They feed the cluster model's gang objects.
 */
final class WorkloadWatchers {

    private final ApiEndpoint api;
    private final ClusterModel model;
    private final SessionOptions options;
    private final Map<String, ResourceWatcher<WorkloadObject>> watchers = new LinkedHashMap<>();

    WorkloadWatchers(ApiEndpoint api, ClusterModel model, SessionOptions options) {
        this.api = api;
        this.model = model;
        this.options = options;
    }

    /**
     * Starts a watcher for each served kind not yet watched; {@code served} is discovery's "group/version/resource".
     * Returns which kinds are watched and which are not served.
     */
    synchronized GangKindsWatched startServed(Set<String> served) {
        List<WorkloadKind> watched = new ArrayList<>();
        List<WorkloadKind> absent = new ArrayList<>();
        for (WorkloadKind kind : WorkloadKind.ALL) {
            if (served.contains(kind.groupVersion() + "/" + kind.resource())) {
                watched.add(kind);
                watchers.computeIfAbsent(kind.id(), id -> {
                    ResourceWatcher<WorkloadObject> w = new ResourceWatcher<>(api, kind.path().toString(),
                            kind.resource() + "." + kind.group(), new WorkloadProjector(kind), model.workloadSink(id),
                            options.pageSize(), options.watchIdleLimit());
                    w.start();
                    return w;
                });
            } else {
                absent.add(kind);
            }
        }
        return new GangKindsWatched(watched, absent, null, Instant.now());
    }

    synchronized List<ResourceWatcher<WorkloadObject>> all() {
        return List.copyOf(watchers.values());
    }

    List<WatchHealth> health() {
        return all().stream().map(ResourceWatcher::health).toList();
    }

    List<SkippedObjects> skipped() {
        return all().stream().map(ResourceWatcher::skipped).toList();
    }

    /** Waits for each watcher's first LIST (a gang object the user may not read, 403, is passed over: gangs still form from pod labels). */
    boolean awaitListed(long deadlineNanos) throws InterruptedException {
        return FirstListsWait.awaitListed(all(), deadlineNanos);
    }

    synchronized void close() {
        watchers.values().forEach(ResourceWatcher::close);
    }
}
