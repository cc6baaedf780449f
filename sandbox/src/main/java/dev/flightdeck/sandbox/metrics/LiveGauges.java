package dev.flightdeck.sandbox.metrics;

import java.time.Instant;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The gauges that move: requests in flight, APF seats in use, open watches, stored
 * objects and a few runtime figures. Each wanders a little around a plausible
 * level; episodes push some of them. Every other gauge keeps its captured value
 * (feature gates, limits, build info do not change while a server runs).
 */
final class LiveGauges {

    /**
     * Cluster-wide watches every node holds open (kubelet: its pods, its node, services,
     * CSI drivers, runtime classes; kube-proxy: its node, services, endpoint slices),
     * keyed by {@code group/resource}.
     */
    private static final Map<String, Integer> WATCHES_PER_NODE = Map.of(
            "/pods", 1, "/nodes", 2, "/services", 2, "discovery.k8s.io/endpointslices", 1,
            "storage.k8s.io/csidrivers", 1, "node.k8s.io/runtimeclasses", 1);
    private static final int GOROUTINES_PER_WATCH = 3;
    /** Leases that are not node heartbeats: controller manager, scheduler, API server identity. */
    private static final int CONTROL_PLANE_LEASES = 3;
    private static final double GC_INTERVAL_SECONDS = 0.7;

    private final MetricsTable table;
    private final ToIntFunction<String> stored;

    private LiveGauges(MetricsTable table, ToIntFunction<String> stored) {
        this.table = table;
        this.stored = stored;
    }

    /** @param stored objects the sandbox holds per table ("nodes", "pods", "namespaces", "batch/jobs") */
    static void assign(MetricsTable table, ToIntFunction<String> stored, ApfStorm storm, EventFlood flood, Instant started) {
        LiveGauges g = new LiveGauges(table, stored);
        g.set("apiserver_current_inflight_requests", "request_kind=\"readOnly\"",
                t -> Math.rint(4 + 3 * Wander.at("readOnly", t)) + storm.executing(t));
        g.set("apiserver_current_inflight_requests", "request_kind=\"mutating\"", t -> Math.rint(1 + Wander.at("mutating", t)));
        String exempt = "flow_schema=\"exempt\",priority_level=\"exempt\"";
        g.set("apiserver_flowcontrol_current_executing_requests", exempt, t -> Math.rint(1 + Wander.at("exempt", t)));
        g.set("apiserver_flowcontrol_current_executing_seats", exempt, t -> Math.rint(1 + Wander.at("exempt", t)));
        for (Series s : table.family("apiserver_longrunning_requests").series) {
            double captured = s.value;
            int perNode = watchesPerNode(s.labels);
            String key = s.labels;
            s.live = t -> captured + perNode * stored.applyAsInt("nodes") + (captured > 1 ? Math.rint(Wander.at(key, t)) : 0);
        }
        for (Series s : table.family("apiserver_storage_objects").series) {
            String resource = Labels.value(s.labels, "resource");
            s.live = switch (resource) {
                case "nodes", "pods", "namespaces" -> t -> stored.applyAsInt(resource);
                case "jobs.batch" -> t -> stored.applyAsInt("batch/jobs");
                case "leases.coordination.k8s.io" -> t -> stored.applyAsInt("nodes") + CONTROL_PLANE_LEASES;
                case "events" -> t -> Math.rint(stored.applyAsInt("pods") * 0.5 + 5 + 5 * Wander.at("events", t))
                        + flood.storedAt(t);
                default -> null;
            };
        }
        double goroutines = table.captured("go_goroutines");
        g.set("go_goroutines", "", t -> Math.rint(goroutines * (1 + 0.03 * Wander.at("goroutines", t))
                + GOROUTINES_PER_WATCH * g.fleetWatches()));
        g.wander("process_resident_memory_bytes", 0.02);
        g.wander("go_memstats_alloc_bytes", 0.1);
        g.wander("go_memstats_heap_alloc_bytes", 0.1);
        g.wander("process_open_fds", 0.05);
        double startSeconds = started.toEpochMilli() / 1000.0;
        g.set("process_start_time_seconds", "", t -> startSeconds);
        g.set("go_memstats_last_gc_time_seconds", "", t -> startSeconds + t - t % GC_INTERVAL_SECONDS);
    }

    private void set(String family, String labels, Series.LiveValue value) {
        Series s = table.find(family, labels);
        if (s == null) {
            throw new IllegalStateException("the capture has no " + family + "{" + labels + "}");
        }
        s.live = value;
    }

    /** A runtime gauge breathing by {@code share} around its captured value (same wander for all alike). */
    private void wander(String family, double share) {
        double captured = table.captured(family);
        String key = family.contains("alloc") ? "heap" : family;
        set(family, "", t -> Math.rint(captured * (1 + share * Wander.at(key, t))));
    }

    private static int watchesPerNode(String labels) {
        if (!"cluster".equals(Labels.value(labels, "scope"))) {
            return 0;
        }
        return WATCHES_PER_NODE.getOrDefault(Labels.value(labels, "group") + "/" + Labels.value(labels, "resource"), 0);
    }

    private int fleetWatches() {
        int nodes = stored.applyAsInt("nodes");
        return WATCHES_PER_NODE.values().stream().mapToInt(Integer::intValue).sum() * nodes;
    }
}
