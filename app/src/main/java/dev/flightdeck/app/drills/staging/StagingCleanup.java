package dev.flightdeck.app.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.actions.KubeRest;
import dev.flightdeck.app.actions.preflight.PreflightJobManifest;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Removes what drills created on a staging cluster, found by their label ({@code flightdeck.dev/drill},
 * one drill's id or any): their namespaces (with the gangs, pods and budgets in them), Flightdeck's
 * validation Jobs pinned to their nodes, their nodes and the nodes' Leases — then checks that each is
 * gone, and says in words what is not.
 */
public final class StagingCleanup {

    private static final Duration WAIT = Duration.ofSeconds(90);

    private final KubeRest rest;

    public StagingCleanup(KubeRest rest) {
        this.rest = rest;
    }

    /**
     * Deletes the namespaces first and waits for them, while {@code duringNamespaces} still runs (the
     * virtual kubelet, finishing its pods' deletion); then the nodes and Leases. Returns what is left.
     *
     * @param id one drill's id, or null for every drill's leftovers
     */
    public List<String> remove(String id, Runnable duringNamespaces) {
        String selector = id == null ? StagingNames.LABEL : StagingNames.LABEL + "=" + id;
        List<String> left = new ArrayList<>();
        try {
            Set<String> namespaces = names("/api/v1/namespaces?labelSelector=" + enc(selector));
            Set<String> nodes = names("/api/v1/nodes?labelSelector=" + enc(selector));
            for (String ns : namespaces) {
                rest.delete("/api/v1/namespaces/" + ns, KubeJson.MAPPER.createObjectNode().put("propagationPolicy", "Background"));
            }
            deleteValidationJobs(nodes);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline && !gone(namespaces, "/api/v1/namespaces/")) {
                duringNamespaces.run();
                pause();
            }
            for (String n : nodes) {
                rest.delete("/api/v1/nodes/" + n, KubeJson.MAPPER.createObjectNode());
                rest.delete("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + n, KubeJson.MAPPER.createObjectNode());
            }
            while (System.nanoTime() < deadline && !gone(nodes, "/api/v1/nodes/")) {
                pause();
            }
            for (String ns : namespaces) {
                if (exists("/api/v1/namespaces/" + ns)) {
                    left.add("namespace " + ns + " (still terminating after " + WAIT.toSeconds() + " s)");
                }
            }
            for (String n : nodes) {
                if (exists("/api/v1/nodes/" + n)) {
                    left.add("node " + n);
                }
                if (exists("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + n)) {
                    left.add("lease kube-node-lease/" + n);
                }
            }
        } catch (IOException e) {
            left.add("the cleanup could not finish: " + e.getMessage() + " (run flightdeck drill cleanup again)");
        }
        return left;
    }

    /** Flightdeck's validation Jobs pinned to the drill's nodes, in whatever namespace preflight uses. */
    private void deleteValidationJobs(Set<String> nodes) throws IOException {
        KubeRest.Answer jobs = rest.get("/apis/batch/v1/jobs?labelSelector=" + enc(PreflightJobManifest.NAME_LABEL + "="
                + PreflightJobManifest.NAME_VALUE));
        if (!jobs.ok()) {
            return;
        }
        ObjectNode foreground = KubeJson.MAPPER.createObjectNode().put("propagationPolicy", "Background");
        for (JsonNode j : jobs.json().path("items")) {
            String text = j.path("spec").path("template").path("spec").path("affinity").toString();
            if (nodes.stream().anyMatch(n -> text.contains("\"" + n + "\""))) {
                rest.delete("/apis/batch/v1/namespaces/" + j.path("metadata").path("namespace").asText() + "/jobs/"
                        + j.path("metadata").path("name").asText(), foreground);
            }
        }
    }

    private Set<String> names(String list) throws IOException {
        KubeRest.Answer a = rest.get(list);
        if (!a.ok()) {
            throw new IOException("GET " + list + ": " + a.message());
        }
        Set<String> out = new LinkedHashSet<>();
        a.json().path("items").forEach(i -> out.add(i.path("metadata").path("name").asText()));
        return out;
    }

    private boolean gone(Set<String> names, String prefix) throws IOException {
        for (String n : names) {
            if (exists(prefix + n)) {
                return false;
            }
        }
        return true;
    }

    private boolean exists(String path) throws IOException {
        return rest.get(path).code() != 404;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** Half a second between two looks at the cluster. */
    static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
