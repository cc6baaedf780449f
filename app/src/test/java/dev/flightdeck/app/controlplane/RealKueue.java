package dev.flightdeck.app.controlplane;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Kueue on the real control plane, without Kueue's controller: its v0.19.2 CRDs (unedited, from
 * fixtures/upstream/kueue-v0.19.2) applied server-side — the Workload CRD is 1.4 MB, past what a client-side
 * apply's annotation can hold — and Kueue objects written as its controllers write them: the object, then its
 * status through the status subresource. Nothing reconciles them: what a test writes is what the console reads.
 */
public final class RealKueue {

    public static final String GROUP_PATH = "/apis/kueue.x-k8s.io/v1beta2";
    private static final String DIR = "upstream/kueue-v0.19.2/";
    private static final String[] KINDS = {"resourceflavors", "clusterqueues", "localqueues", "workloads", "cohorts"};

    private RealKueue() {
    }

    /** Whether the CRDs are there already (another class of this run installed them). */
    public static boolean installed(RealCluster real) throws IOException, InterruptedException {
        return real.plane().adminGet(GROUP_PATH).statusCode() == 200;
    }

    /** Applies the CRDs server-side (idempotent) and waits until discovery serves every kind. */
    public static synchronized void install(RealCluster real) throws IOException, InterruptedException {
        for (String kind : KINDS) {
            String yaml = new String(Fixtures.bytes(DIR + "kueue.x-k8s.io_" + kind + ".yaml"), StandardCharsets.UTF_8);
            HttpResponse<String> r = real.plane().adminSend("PATCH", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/"
                    + kind + ".kueue.x-k8s.io?fieldManager=flightdeck-test&force=true", "application/apply-patch+yaml", yaml);
            if (r.statusCode() / 100 != 2) {
                throw new AssertionError("server-side apply of " + kind + ".kueue.x-k8s.io: HTTP " + r.statusCode() + " "
                        + r.body());
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            HttpResponse<String> r = real.plane().adminGet(GROUP_PATH);
            if (r.statusCode() == 200) {
                JsonNode resources = KubeJson.MAPPER.readTree(r.body()).path("resources");
                long served = java.util.Arrays.stream(KINDS).filter(k -> {
                    for (JsonNode res : resources) {
                        if (k.equals(res.path("name").asText())) {
                            return true;
                        }
                    }
                    return false;
                }).count();
                if (served == KINDS.length) {
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Kueue's CRDs are not served after 60 s: " + r.statusCode() + " " + r.body());
            }
            Thread.sleep(100);
        }
    }

    /** A fixture under objects/ as a tree, to be placed before it is written. */
    public static ObjectNode object(String file) throws IOException {
        return (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.bytes(DIR + "objects/" + file));
    }

    /**
     * Creates {@code object} in {@code resource} (namespace from its metadata, none for a cluster-scoped kind), then
     * writes its status through /status as Kueue's controllers do. Returns the object as stored.
     */
    public static JsonNode write(RealCluster real, String resource, ObjectNode object) throws IOException, InterruptedException {
        JsonNode status = object.remove("status");
        ObjectNode meta = (ObjectNode) object.path("metadata");
        meta.remove("creationTimestamp"); // the server's to set
        String ns = meta.path("namespace").asText("");
        String collection = GROUP_PATH + (ns.isEmpty() ? "" : "/namespaces/" + ns) + "/" + resource;
        HttpResponse<String> r = real.plane().adminSend("POST", collection, "application/json",
                KubeJson.MAPPER.writeValueAsString(object));
        if (r.statusCode() != 201) {
            throw new AssertionError("create " + resource + " " + meta.path("name").asText() + ": HTTP " + r.statusCode()
                    + " " + r.body());
        }
        if (status == null) {
            return KubeJson.MAPPER.readTree(r.body());
        }
        r = real.plane().adminSend("PATCH", collection + "/" + meta.path("name").asText() + "/status",
                "application/merge-patch+json", KubeJson.MAPPER.writeValueAsString(
                        KubeJson.MAPPER.createObjectNode().set("status", status)));
        if (r.statusCode() != 200) {
            throw new AssertionError("status of " + resource + " " + meta.path("name").asText() + ": HTTP " + r.statusCode()
                    + " " + r.body());
        }
        return KubeJson.MAPPER.readTree(r.body());
    }
}
