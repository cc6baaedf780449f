package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.preflight.PreflightJobManifest;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one drill run has on a staging cluster, listed once: its namespace and virtual nodes (label
 * value the run's id AND a name the run gives, {@link StagingNames}), the Leases of those nodes (named
 * as the node, and labelled with the id or owned by that very node), and Flightdeck's validation Jobs
 * pinned to those nodes only. Nothing else: not another run's objects, not a lookalike that copied a
 * name or a label. Also when the run was last alive: its virtual kubelet renews the Leases every 10 s.
 *
 * @param lastRenewal the newest renewal of the run's Leases, or null when it has none
 */
public record DrillInventory(StagingNames names, List<DrillObject> objects, Instant lastRenewal) {

    public static final String LEASES = "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases";

    public DrillInventory {
        objects = List.copyOf(objects);
    }

    /** Lists the run's objects, in the order a cleanup deletes them. */
    public static DrillInventory read(KubeRest rest, StagingNames names) throws IOException {
        List<DrillObject> namespaces = new ArrayList<>();
        for (JsonNode ns : items(rest, "/api/v1/namespaces?labelSelector=" + enc(names.selector()), "namespaces")) {
            if (names.ownsNamespace(name(ns), label(ns))) {
                namespaces.add(object(DrillObject.Kind.NAMESPACE, ns));
            }
        }
        Map<String, String> nodeUids = new HashMap<>();
        List<DrillObject> nodes = new ArrayList<>();
        for (JsonNode n : items(rest, "/api/v1/nodes?labelSelector=" + enc(names.selector()), "nodes")) {
            if (names.ownsNode(name(n), label(n))) {
                nodes.add(object(DrillObject.Kind.NODE, n));
                nodeUids.put(name(n), n.path("metadata").path("uid").asText());
            }
        }
        List<DrillObject> leases = new ArrayList<>();
        Instant renewed = null;
        for (JsonNode l : items(rest, LEASES, "Leases in kube-node-lease")) {
            String nodeUid = nodeUids.get(name(l));
            if (nodeUid != null && (names.id().equals(label(l)) || ownedBy(l, nodeUid))) {
                leases.add(object(DrillObject.Kind.LEASE, l));
                renewed = later(renewed, renewTime(l));
            }
        }
        List<DrillObject> jobs = new ArrayList<>();
        if (!nodeUids.isEmpty()) {
            for (JsonNode j : items(rest, "/apis/batch/v1/jobs?labelSelector=" + enc(PreflightJobManifest.NAME_LABEL + "="
                    + PreflightJobManifest.NAME_VALUE), "validation Jobs")) {
                List<String> pinned = pinnedNodes(j);
                if (!pinned.isEmpty() && nodeUids.keySet().containsAll(pinned)) {
                    jobs.add(object(DrillObject.Kind.VALIDATION_JOB, j));
                }
            }
        }
        List<DrillObject> all = new ArrayList<>(jobs);
        all.addAll(namespaces);
        all.addAll(nodes);
        all.addAll(leases);
        return new DrillInventory(names, all, renewed);
    }

    /** One run present on the cluster, as {@code drill cleanup} without {@code --run} lists it. */
    public record Run(String id, int namespaces, int nodes, Instant created, Instant lastRenewal) { }

    /** Every run with a namespace or node of its own on the cluster, by id. */
    public static List<Run> runs(KubeRest rest) throws IOException {
        Map<String, int[]> counts = new TreeMap<>();
        Map<String, Instant> created = new HashMap<>();
        Map<String, String> nodeRun = new HashMap<>();
        Map<String, String> nodeUid = new HashMap<>();
        String selector = "?labelSelector=" + enc(StagingNames.LABEL);
        for (JsonNode ns : items(rest, "/api/v1/namespaces" + selector, "namespaces")) {
            String id = label(ns);
            if (id != null && !id.isBlank() && new StagingNames(id).ownsNamespace(name(ns), id)) {
                counts.computeIfAbsent(id, k -> new int[2])[0]++;
                created.put(id, earlier(created.get(id), timestamp(ns.path("metadata").path("creationTimestamp"))));
            }
        }
        for (JsonNode n : items(rest, "/api/v1/nodes" + selector, "nodes")) {
            String id = label(n);
            if (id != null && !id.isBlank() && new StagingNames(id).ownsNode(name(n), id)) {
                counts.computeIfAbsent(id, k -> new int[2])[1]++;
                created.put(id, earlier(created.get(id), timestamp(n.path("metadata").path("creationTimestamp"))));
                nodeRun.put(name(n), id);
                nodeUid.put(name(n), n.path("metadata").path("uid").asText());
            }
        }
        Map<String, Instant> renewed = new HashMap<>();
        if (!nodeRun.isEmpty()) {
            for (JsonNode l : items(rest, LEASES, "Leases in kube-node-lease")) {
                String id = nodeRun.get(name(l));
                if (id != null && (id.equals(label(l)) || ownedBy(l, nodeUid.get(name(l))))) {
                    renewed.put(id, later(renewed.get(id), renewTime(l)));
                }
            }
        }
        List<Run> out = new ArrayList<>();
        counts.forEach((id, c) -> out.add(new Run(id, c[0], c[1], created.get(id), renewed.get(id))));
        return out;
    }

    /** The nodes a validation Job's pod is pinned to (conventions §2: matchFields metadata.name In [...]). */
    static List<String> pinnedNodes(JsonNode job) {
        List<String> out = new ArrayList<>();
        JsonNode terms = job.path("spec").path("template").path("spec").path("affinity").path("nodeAffinity")
                .path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms");
        for (JsonNode t : terms) {
            for (JsonNode f : t.path("matchFields")) {
                if ("metadata.name".equals(f.path("key").asText()) && "In".equals(f.path("operator").asText())) {
                    f.path("values").forEach(v -> out.add(v.asText()));
                }
            }
        }
        return out;
    }

    private static boolean ownedBy(JsonNode o, String uid) {
        for (JsonNode r : o.path("metadata").path("ownerReferences")) {
            if ("Node".equals(r.path("kind").asText()) && uid.equals(r.path("uid").asText())) {
                return true;
            }
        }
        return false;
    }

    private static DrillObject object(DrillObject.Kind kind, JsonNode o) {
        JsonNode meta = o.path("metadata");
        return new DrillObject(kind, meta.hasNonNull("namespace") ? meta.path("namespace").asText() : null,
                meta.path("name").asText(), meta.path("uid").asText(), meta.hasNonNull("deletionTimestamp"));
    }

    private static JsonNode items(KubeRest rest, String path, String what) throws IOException {
        KubeRest.Answer a = rest.get(path);
        if (!a.ok()) {
            throw new IOException("cannot list " + what + ": " + a.message());
        }
        return a.json().path("items");
    }

    private static String name(JsonNode o) {
        return o.path("metadata").path("name").asText();
    }

    private static String label(JsonNode o) {
        return o.path("metadata").path("labels").path(StagingNames.LABEL).asText(null);
    }

    private static Instant renewTime(JsonNode lease) {
        return timestamp(lease.path("spec").path("renewTime"));
    }

    private static Instant timestamp(JsonNode t) {
        try {
            return t.isTextual() ? Instant.parse(t.asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Instant later(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static Instant earlier(Instant a, Instant b) {
        return a == null ? b : b == null || a.isBefore(b) ? a : b;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
