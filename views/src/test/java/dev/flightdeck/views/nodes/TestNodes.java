package dev.flightdeck.views.nodes;

import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.Taint;
import dev.flightdeck.app.watch.WatchEvent;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Builds NodeFacts the way the watch projector would, and drives a real ClusterModel with them. */
final class TestNodes {

    static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    static final String H100 = "NVIDIA-H100-80GB-HBM3";
    static final String A100 = "NVIDIA-A100-SXM4-80GB";

    private TestNodes() {
    }

    static Builder node(String name) {
        return new Builder(name);
    }

    static final class Builder {
        private final String name;
        private final Map<String, String> labels = new HashMap<>();
        private final Map<String, String> annotations = new HashMap<>();
        private final List<Taint> taints = new ArrayList<>();
        private final List<NodeCondition> conditions = new ArrayList<>();
        private boolean unschedulable;
        private int capacity = 8;
        private int allocatable = 8;

        Builder(String name) {
            this.name = name;
            labels.put("nvidia.com/gpu.present", "true");
            labels.put("nvidia.com/gpu.product", H100);
            labels.put("nvidia.com/gpu.count", "8");
            labels.put("kubernetes.io/hostname", name);
            conditions.add(new NodeCondition("Ready", "True", "KubeletReady", "kubelet is posting ready status",
                    NOW.minusSeconds(3600)));
        }

        Builder product(String product) {
            labels.put("nvidia.com/gpu.product", product);
            return this;
        }

        Builder gpus(int capacity, int allocatable) {
            this.capacity = capacity;
            this.allocatable = allocatable;
            return this;
        }

        Builder notReady() {
            conditions.removeIf(c -> c.type().equals("Ready"));
            conditions.add(new NodeCondition("Ready", "False", "KubeletNotReady", "PLEG is not healthy",
                    NOW.minusSeconds(300)));
            return this;
        }

        Builder condition(String type, String status, String reason, String message) {
            conditions.add(new NodeCondition(type, status, reason, message, NOW.minusSeconds(120)));
            return this;
        }

        Builder taint(String key, String value, String effect) {
            taints.add(new Taint(key, value, effect));
            return this;
        }

        Builder label(String key, String value) {
            labels.put(key, value);
            return this;
        }

        Builder annotation(String key, String value) {
            annotations.put(key, value);
            return this;
        }

        Builder cordoned(String by, String reason) {
            unschedulable = true;
            taints.add(new Taint("node.kubernetes.io/unschedulable", "", "NoSchedule"));
            annotations.put("flightdeck.dev/cordoned-by", by);
            annotations.put("flightdeck.dev/cordon-reason", reason);
            annotations.put("flightdeck.dev/cordoned-at", NOW.minusSeconds(600).toString());
            return this;
        }

        NodeFacts build() {
            return new NodeFacts(name, "uid-" + name, "1", NOW.minusSeconds(86_400), labels, annotations,
                    unschedulable, taints, conditions, capacity, allocatable);
        }
    }

    static PodFacts pod(String name, String node, int gpus) {
        return new PodFacts("training", name, "uid-" + name, node, "Running", true, 0, gpus, "Job", "llm",
                Map.of(), Map.of(), NOW.minusSeconds(900), null, false, false);
    }

    /** A real ClusterModel with a fixed clock, and the deltas it publishes. */
    static final class Fleet implements AutoCloseable {
        final ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, CLOCK);
        private final BlockingQueue<ClusterDelta> deltas = new LinkedBlockingQueue<>();

        Fleet() {
            model.subscribe(deltas::add);
        }

        /** Waits for the model to publish, then returns everything published so far. */
        List<ClusterDelta> next() throws InterruptedException {
            List<ClusterDelta> out = new ArrayList<>();
            ClusterDelta first = deltas.poll(10, TimeUnit.SECONDS);
            if (first == null) {
                throw new AssertionError("the fleet model published nothing within 10 s");
            }
            out.add(first);
            deltas.drainTo(out);
            return out;
        }

        List<ClusterDelta> relist(NodeFacts... nodes) throws InterruptedException {
            model.onNodeEvent(new WatchEvent.Relisted<>(List.of(nodes)));
            return until(d -> d.reset() && d.upserted().size() == nodes.length);
        }

        /** A page of the first node LIST, as a watcher streams it ({@code whole}: the last). */
        List<ClusterDelta> page(boolean whole, int soFar, NodeFacts... nodes) throws InterruptedException {
            model.onNodeEvent(new WatchEvent.Paged<>(List.of(nodes),
                    new dev.flightdeck.app.watch.ListProgress(soFar, -1, whole)));
            return until(d -> d.upserted().stream().anyMatch(n -> n.facts().equals(nodes[nodes.length - 1])));
        }

        List<ClusterDelta> upsert(NodeFacts node) throws InterruptedException {
            model.onNodeEvent(new WatchEvent.Upserted<>(node));
            return until(d -> d.upserted().stream().anyMatch(n -> n.facts().equals(node)));
        }

        List<ClusterDelta> delete(NodeFacts node) throws InterruptedException {
            model.onNodeEvent(new WatchEvent.Deleted<>(node));
            return until(d -> d.removed().contains(node.name()));
        }

        List<ClusterDelta> addPod(PodFacts pod) throws InterruptedException {
            model.onPodEvent(new WatchEvent.Upserted<>(pod));
            return until(d -> d.upserted().stream().anyMatch(n -> n.name().equals(pod.nodeName())));
        }

        /** Collects deltas until one matches: the batcher would hand the view model exactly such a run. */
        private List<ClusterDelta> until(Predicate<ClusterDelta> done) throws InterruptedException {
            List<ClusterDelta> out = new ArrayList<>();
            while (out.stream().noneMatch(done)) {
                out.addAll(next());
            }
            return out;
        }

        @Override
        public void close() {
            model.close();
        }
    }
}
