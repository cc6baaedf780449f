package dev.flightdeck.bench.screen;

import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.StoreException;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.util.List;
import java.util.TreeSet;

/**
 * The fleet the benchmark seeds, made by the sandbox's own generator so that its figures compare with the
 * in-process benchmarks: the views' churn benchmark's shape ({@code SandboxCluster.startGangLoad}: GPU nodes with
 * the standing trouble of a real fleet — withdrawn GPUs, XID errors, maintenance, preflight gates, cordons,
 * NotReady, NVLink — and Indexed Job gangs of 66 one-GPU ranks, the first of 512, one rank in every 97th gang
 * failed). {@code pods} chooses the number of gangs; the nodes' 7-per-node GPU Operator daemons of
 * {@code startQuiet} are not part of that shape. Read out of the generator's store as typed objects.
 */
record GeneratedFleet(List<String> namespaces, List<Node> nodes, List<Pod> pods, int gangs) {

    static final int RANKS = 66;
    static final int FIRST_GANG_RANKS = 512;

    static GeneratedFleet generate(int nodeCount, int podCount) throws StoreException {
        int first = Math.min(FIRST_GANG_RANKS, podCount);
        int gangs = 1 + Math.max(0, Math.round((podCount - first) / (float) RANKS));
        KubernetesSerialization json = new KubernetesSerialization();
        try (SandboxCluster sandbox = SandboxCluster.startGangLoad(nodeCount, gangs, RANKS, first)) {
            List<Node> nodes = sandbox.store().listAll("nodes").parallelStream()
                    .map(n -> json.convertValue(n, Node.class)).toList();
            List<Pod> pods = sandbox.store().listAll("pods").parallelStream()
                    .map(p -> json.convertValue(p, Pod.class)).toList();
            TreeSet<String> namespaces = new TreeSet<>();
            sandbox.store().listAll("namespaces").forEach(n ->
                    namespaces.add(json.convertValue(n, Namespace.class).getMetadata().getName()));
            pods.forEach(p -> namespaces.add(p.getMetadata().getNamespace()));
            namespaces.remove("default");
            namespaces.remove("kube-system");
            return new GeneratedFleet(List.copyOf(namespaces), nodes, pods, gangs);
        }
    }

    /** "7,500 nodes, 99,974 pods in 1,508 gangs" */
    String describe() {
        return String.format("%,d nodes, %,d pods in %,d gangs", nodes.size(), pods.size(), gangs);
    }
}
