package dev.flightdeck.app.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.QueuedGang;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kueue objects of one cluster, kept up to date from their watches. Written by one thread (the fleet
 * model's); {@link #snapshot()} builds the immutable view the rest of the console reads. Nothing here
 * asks the API server anything: one watch per kind feeds it.
 */
public final class QueueBook {

    private final Map<KueueKind, Map<String, KueueObject>> objects = new EnumMap<>(KueueKind.class);
    private final Map<String, VolcanoQueue> volcanoQueues = new HashMap<>();
    private boolean dirty;

    public QueueBook() {
        for (KueueKind k : KueueKind.values()) {
            objects.put(k, new HashMap<>());
        }
    }

    public void apply(KueueKind kind, WatchEvent<KueueObject> e) {
        Map<String, KueueObject> of = objects.get(kind);
        switch (e) {
            case WatchEvent.Upserted<KueueObject>(KueueObject o) -> of.put(o.key(), o);
            case WatchEvent.Deleted<KueueObject>(KueueObject o) -> of.remove(o.key());
            case WatchEvent.Relisted<KueueObject>(List<KueueObject> all) -> {
                of.clear();
                all.forEach(o -> of.put(o.key(), o));
            }
            case WatchEvent.Paged<KueueObject> page -> page.items().forEach(o -> of.put(o.key(), o));
        }
        dirty = true;
    }

    public void applyVolcano(WatchEvent<VolcanoQueue> e) {
        switch (e) {
            case WatchEvent.Upserted<VolcanoQueue>(VolcanoQueue q) -> volcanoQueues.put(q.name(), q);
            case WatchEvent.Deleted<VolcanoQueue>(VolcanoQueue q) -> volcanoQueues.remove(q.name());
            case WatchEvent.Relisted<VolcanoQueue>(List<VolcanoQueue> all) -> {
                volcanoQueues.clear();
                all.forEach(q -> volcanoQueues.put(q.name(), q));
            }
            case WatchEvent.Paged<VolcanoQueue> page -> page.items().forEach(q -> volcanoQueues.put(q.name(), q));
        }
        dirty = true;
    }

    /** Whether anything changed since the last {@link #snapshot()}. */
    public boolean dirty() {
        return dirty;
    }

    /** The queues now: ClusterQueues by name, pending Workloads in queue order with their reasons. */
    public QueuesSnapshot snapshot() {
        Map<String, KueueObject.ClusterQueue> cqs = new HashMap<>();
        objects.get(KueueKind.CLUSTER_QUEUE).values().forEach(o -> cqs.put(o.name(), (KueueObject.ClusterQueue) o));
        Map<String, List<KueueObject.Workload>> reservingIn = new HashMap<>();
        List<KueueObject.Workload> pending = new ArrayList<>();
        java.util.Set<GangKey> admitted = new java.util.HashSet<>();
        for (KueueObject o : objects.get(KueueKind.WORKLOAD).values()) {
            KueueObject.Workload w = (KueueObject.Workload) o;
            if (w.reserving() && w.clusterQueue() != null) {
                reservingIn.computeIfAbsent(w.clusterQueue(), k -> new ArrayList<>()).add(w);
            }
            if (w.pending()) {
                pending.add(w);
            } else if (w.admitted() && !w.finished()) {
                admitted.add(QueuedGangs.keyOf(w));
            }
        }
        Map<String, List<QueuedWorkload>> byQueue = new HashMap<>();
        Map<String, String> usageSaid = new HashMap<>();
        for (KueueObject.Workload w : pending) {
            String cqName = w.clusterQueue() != null ? w.clusterQueue() : clusterQueueOf(w);
            KueueObject.ClusterQueue cq = cqName == null ? null : cqs.get(cqName);
            String reason = WaitingReason.of(w, cqName, cq, reservingIn.getOrDefault(cqName, List.of()), usageSaid);
            byQueue.computeIfAbsent(cqName == null ? "" : cqName, k -> new ArrayList<>())
                    .add(new QueuedWorkload(w, cqName, 0, QueuedWorkload.waitingSince(w), reason));
        }
        List<QueuedWorkload> queued = new ArrayList<>();
        Map<GangKey, QueuedGang> gangs = new HashMap<>();
        Map<String, Map<String, String>> placeOf = new HashMap<>(); // per ClusterQueue: once, not per waiting Workload
        byQueue.keySet().stream().sorted(Comparator.comparing(String::isEmpty).thenComparing(k -> k)).forEach(k -> {
            List<QueuedWorkload> q = byQueue.get(k);
            q.sort(QueuedWorkload.QUEUE_ORDER);
            for (int i = 0; i < q.size(); i++) {
                QueuedWorkload one = q.get(i);
                QueuedWorkload placed = new QueuedWorkload(one.workload(), one.clusterQueue(), i + 1, one.since(),
                        one.reason());
                queued.add(placed);
                GangKey key = QueuedGangs.keyOf(one.workload());
                // two Workloads for one job (an old one not yet deleted): the one further ahead speaks for it
                gangs.putIfAbsent(key, new QueuedGang(key, one.workload().pods(), one.workload().gpus(), one.since(),
                        one.reason(), one.clusterQueue() == null ? Map.of()
                        : placeOf.computeIfAbsent(one.clusterQueue(), cq -> nodeValues(cqs.get(cq)))));
            }
        });
        List<ClusterQueueView> views = cqs.values().stream().sorted(Comparator.comparing(KueueObject.ClusterQueue::name))
                .map(ClusterQueueView::of).toList();
        QueuesSnapshot out = new QueuesSnapshot(views, queued, objects.get(KueueKind.WORKLOAD).size(), gangs,
                volcanoQueues.values().stream().sorted(Comparator.comparing(VolcanoQueue::name)).toList(), admitted);
        dirty = false; // only once built: a fold that failed half-way builds it again with the next
        return out;
    }

    /**
     * The node label and taint values every flavor of the ClusterQueue stands for: where a workload it admits will
     * run, as far as the queue says. A key the flavors disagree on, or one a flavor does not name, is left out.
     */
    private Map<String, String> nodeValues(KueueObject.ClusterQueue cq) {
        if (cq == null) {
            return Map.of();
        }
        Map<String, String> common = null;
        for (String name : cq.quotas().stream().map(KueueObject.Quota::flavor).distinct().toList()) {
            KueueObject o = objects.get(KueueKind.RESOURCE_FLAVOR).get(name);
            if (!(o instanceof KueueObject.Flavor f)) {
                return Map.of(); // a flavor not (yet) known: nothing can be said of all of them
            }
            Map<String, String> values = new HashMap<>(f.nodeTaints());
            values.putAll(f.nodeLabels()); // a label wins over a taint of the same key, as on nodes
            if (common == null) {
                common = values;
            } else {
                common.entrySet().removeIf(e -> !e.getValue().equals(values.get(e.getKey())));
            }
        }
        return common == null ? Map.of() : common;
    }

    /** The ClusterQueue a Workload's LocalQueue points at, or null when that LocalQueue is not known. */
    private String clusterQueueOf(KueueObject.Workload w) {
        if (w.queueName() == null) {
            return null;
        }
        KueueObject lq = objects.get(KueueKind.LOCAL_QUEUE).get(w.namespace() + "/" + w.queueName());
        return lq == null ? null : ((KueueObject.LocalQueue) lq).clusterQueue();
    }
}
