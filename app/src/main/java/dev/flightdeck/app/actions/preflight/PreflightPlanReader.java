package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.WholeNumbers;
import dev.flightdeck.app.watch.NodeProjector;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reads what a preflight plan needs, fresh from the API server: the node, and the pods on it (one
 * field-selected LIST, as the drain plan makes) to see which of them hold GPUs. Changes nothing.
 */
public final class PreflightPlanReader {

    /** The alphabet Kubernetes uses for generated name suffixes: no vowels, no look-alike digits. */
    private static final String SUFFIX_CHARS = "bcdfghjklmnpqrstvwxz2456789";
    /** Keeps Job names well under 63 so the Job controller's pod name suffix still fits. */
    private static final int MAX_NODE_PART = 40;

    private final KubeRest rest;

    public PreflightPlanReader(KubeRest rest) {
        this.rest = rest;
    }

    /** @throws IOException with a line for the person when the node cannot be read */
    public PreflightPlan read(String node, PreflightSettings settings) throws IOException {
        KubeRest.Answer n = rest.get(ApiResource.NODES.path().named(node));
        if (n.code() == 404) {
            throw new IOException("node " + node + " does not exist");
        }
        if (!n.ok()) {
            throw new IOException("cannot read node " + node + ": " + n.message());
        }
        NodeFacts facts = NodeProjector.parse(n.body());
        KubeRest.Answer list = rest.get(PodObject.onNode(node));
        if (!list.ok()) {
            throw new IOException("cannot list the pods on " + node + ": " + list.message());
        }
        return PreflightPlanner.plan(facts, holders(list.as(new TypeReference<ObjectList<PodObject>>() { }).items()), settings, jobName(node));
    }

    private static List<PreflightPlan.GpuHolder> holders(List<PodObject> pods) {
        List<PreflightPlan.GpuHolder> out = new ArrayList<>();
        for (PodObject p : pods) {
            if (p.finished()) {
                continue; // finished pods release their GPUs
            }
            int gpus = 0;
            for (PodObject.Container c : p.spec().containers()) {
                gpus += WholeNumbers.parseOrZero(c.limit(GpuLabels.GPU_RESOURCE));
            }
            if (gpus > 0) {
                out.add(new PreflightPlan.GpuHolder(p.namespace() + "/" + p.name(), gpus));
            }
        }
        return out;
    }

    /** {@code preflight-<node>-<5 chars>}: unique per run, readable in {@code kubectl get jobs}. */
    static String jobName(String node) {
        String part = node.length() > MAX_NODE_PART ? node.substring(0, MAX_NODE_PART) : node;
        part = part.replace('.', '-').replaceAll("-+$", "");
        StringBuilder b = new StringBuilder("preflight-").append(part).append('-');
        for (int i = 0; i < 5; i++) {
            b.append(SUFFIX_CHARS.charAt(ThreadLocalRandom.current().nextInt(SUFFIX_CHARS.length())));
        }
        return b.toString();
    }
}
