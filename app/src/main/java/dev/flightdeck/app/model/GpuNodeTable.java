package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.GpuTrustRules;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.PreflightReader;
import dev.flightdeck.app.nodes.PreflightState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The GPU nodes as {@link ClusterModel} shows them: each built from its facts, its pods, its preflight labels and
 * telemetry's findings, rebuilt when one of them changed, and tallied by verdict. Rebuilt on the model thread;
 * read from any thread.
 */
final class GpuNodeTable {

    /** The result of a rebuild: nodes to send to the screens, nodes gone, and nodes whose trust changed. */
    record Rebuilt(List<GpuNode> upserted, Set<String> removed, Set<String> trustChanged) {
    }

    private final Map<String, GpuNode> gpuNodes = new ConcurrentHashMap<>();
    private final NodeTally tally = new NodeTally();
    private final PreflightConvention preflight;
    private final PodIndex pods;
    private final FoldProblems problems;
    /** Model thread only: telemetry's findings per node, as last received (none without telemetry). */
    private Map<String, List<GpuHealthFinding>> gpuHealth = Map.of();

    GpuNodeTable(PreflightConvention preflight, PodIndex pods, FoldProblems problems) {
        this.preflight = preflight;
        this.pods = pods;
        this.problems = problems;
    }

    GpuNode get(String name) {
        return gpuNodes.get(name);
    }

    Collection<GpuNode> values() {
        return gpuNodes.values();
    }

    /** The GPU nodes, sorted by name. */
    List<GpuNode> sorted() {
        List<GpuNode> sorted = new ArrayList<>(gpuNodes.values());
        sorted.sort(Comparator.comparing(GpuNode::name));
        return sorted;
    }

    /** The GPU nodes' names, unsorted, as they change. */
    Set<String> names() {
        return java.util.Collections.unmodifiableSet(gpuNodes.keySet());
    }

    int size() {
        return gpuNodes.size();
    }

    NodeSummary summary(int allNodes, int pods) {
        return tally.summary(allNodes, pods);
    }

    /** Takes telemetry's findings; the nodes whose finding changed are added to {@code nodeFactsChanged}. */
    void telemetry(Map<String, List<GpuHealthFinding>> findings, Set<String> nodeFactsChanged) {
        Set<String> names = new HashSet<>(gpuHealth.keySet());
        names.addAll(findings.keySet());
        for (String name : names) {
            if (!Objects.equals(gpuHealth.get(name), findings.get(name))) {
                nodeFactsChanged.add(name); // its trust may change, and with it its gangs' ranks
            }
        }
        gpuHealth = findings;
    }

    /**
     * Rebuilds the {@code dirty} nodes from {@code nodes} (one that fails stays as it was, the others go on). A node
     * that looks the same is not sent again, unless {@code reset}.
     */
    Rebuilt rebuild(Set<String> dirty, Map<String, NodeFacts> nodes, boolean reset, Instant now) {
        List<GpuNode> upserted = new ArrayList<>();
        Set<String> removed = new HashSet<>();
        // Ranks show their node's trust: only nodes whose trust changed make their gangs change.
        Set<String> trustChanged = new HashSet<>();
        for (String name : dirty) {
            NodeFacts facts = nodes.get(name);
            if (facts == null || !facts.isGpuNode()) {
                GpuNode gone = gpuNodes.remove(name);
                if (gone != null) {
                    tally.replace(gone, null);
                    removed.add(name);
                    trustChanged.add(name);
                }
                continue;
            }
            GpuNode n;
            try {
                n = build(facts, now);
            } catch (RuntimeException e) {
                problems.record("node " + name, e, Instant.now()); // this node stays as it was; the others go on
                continue;
            }
            GpuNode old = gpuNodes.put(name, n);
            tally.replace(old, n);
            if (old == null || !Objects.equals(old.trust(), n.trust())) {
                trustChanged.add(name);
            }
            if (reset || !looksTheSame(old, n)) {
                upserted.add(n);
            }
        }
        return new Rebuilt(upserted, removed, trustChanged);
    }

    /**
     * Whether a rebuilt node shows exactly what it showed: a rank on it restarting or turning
     * ready re-counts its pods but changes nothing on the node's row, and under churn most pod
     * events are of that kind; such a node is not sent to the screens again.
     */
    private static boolean looksTheSame(GpuNode old, GpuNode n) {
        return old != null && old.facts() == n.facts() && old.podCount() == n.podCount()
                && old.gpusInUse() == n.gpusInUse() && Objects.equals(old.trust(), n.trust())
                && Objects.equals(old.preflight(), n.preflight()) && Objects.equals(old.cordon(), n.cordon());
    }

    private GpuNode build(NodeFacts facts, Instant now) {
        PreflightState pre = PreflightReader.read(facts, preflight);
        int podCount = 0;
        int gpus = 0;
        for (PodFacts p : pods.onNode(facts.name())) {
            if (!p.finished()) {
                podCount++;
                gpus += p.gpuRequest();
            }
        }
        return new GpuNode(facts, pre, PreflightReader.cordon(facts), GpuTrustRules.assess(facts, pre,
                gpuHealth.getOrDefault(facts.name(), List.of()), now),
                podCount, gpus);
    }
}
