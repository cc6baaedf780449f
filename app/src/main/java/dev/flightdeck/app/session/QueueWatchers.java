package dev.flightdeck.app.session;

import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.KueueProjector;
import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.SkippedObjects;
import dev.flightdeck.app.watch.WatchHealth;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One watch per Kueue kind the cluster serves (ClusterQueues, LocalQueues, Workloads, ResourceFlavors,
 * Cohorts), each at the newest version served, and one of Volcano's Queues where Volcano serves them, started
 * when discovery first finds them; none at all on a cluster without either. They feed the cluster model's queue book.
 */
final class QueueWatchers {

    private final ApiEndpoint api;
    private final ClusterModel model;
    private final SessionOptions options;
    private final Map<KueueKind, ResourceWatcher<KueueObject>> watchers = new EnumMap<>(KueueKind.class);
    private volatile String version;
    private volatile ResourceWatcher<dev.flightdeck.app.queues.VolcanoQueue> volcano;

    QueueWatchers(ApiEndpoint api, ClusterModel model, SessionOptions options) {
        this.api = api;
        this.model = model;
        this.options = options;
    }

    /** Starts a watcher for each served kind not yet watched; {@code served} is discovery's "group/version/resource". */
    synchronized void startServed(Set<String> served) {
        for (KueueKind kind : KueueKind.values()) {
            if (watchers.containsKey(kind)) {
                continue; // a version change (Kueue upgraded under a running session) is not followed: rare, and a reconnect sees it
            }
            kind.newestServed(served).ifPresent(v -> {
                ResourceWatcher<KueueObject> w = new ResourceWatcher<>(api, kind.path(v), kind.watchedName(),
                        new KueueProjector(kind), model.queueSink(kind), options.pageSize(), options.watchIdleLimit());
                w.start();
                watchers.put(kind, w);
                if (kind == KueueKind.WORKLOAD) {
                    version = v;
                }
            });
        }
        if (volcano == null && served.contains(dev.flightdeck.app.queues.VolcanoQueueProjector.GROUP_VERSION + "/queues")) {
            var w = new ResourceWatcher<>(api, dev.flightdeck.app.queues.VolcanoQueueProjector.PATH,
                    dev.flightdeck.app.queues.VolcanoQueueProjector.WATCHED_NAME,
                    new dev.flightdeck.app.queues.VolcanoQueueProjector(), model.volcanoQueueSink(), options.pageSize(),
                    options.watchIdleLimit());
            w.start();
            volcano = w;
        }
    }

    /** Whether the cluster serves Volcano's Queues (they are watched). */
    boolean volcanoServed() {
        return volcano != null;
    }

    /** Whether the cluster serves Kueue (its Workloads are watched). */
    boolean served() {
        return version != null;
    }

    /** The Kueue version watched ("v1beta2"), or null without Kueue. */
    String version() {
        return version;
    }

    synchronized List<ResourceWatcher<?>> all() {
        List<ResourceWatcher<?>> all = new ArrayList<>(watchers.values());
        if (volcano != null) {
            all.add(volcano);
        }
        return all;
    }

    List<WatchHealth> health() {
        return all().stream().map(ResourceWatcher::health).toList();
    }

    List<SkippedObjects> skipped() {
        return all().stream().map(ResourceWatcher::skipped).toList();
    }

    /** Waits for each watcher's first LIST (a kind the user may not read, 403, is passed over). */
    boolean awaitListed(long deadlineNanos) throws InterruptedException {
        return FirstListsWait.awaitListed(all(), deadlineNanos);
    }

    synchronized void close() {
        all().forEach(ResourceWatcher::close);
    }
}
