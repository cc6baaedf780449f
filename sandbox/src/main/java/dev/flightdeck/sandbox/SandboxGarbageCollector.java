package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * DELETE of a gang workload with the garbage collector's cascading, simulated:
 * <ul>
 *   <li>{@code preconditions.uid} that does not match is 409 Conflict, as on a real server;</li>
 *   <li>Foreground: the object gets a deletionTimestamp and the {@code foregroundDeletion}
 *       finalizer and stays until its dependents are deleted, then goes;</li>
 *   <li>Background: the object goes at once, its dependents a moment later;</li>
 *   <li>Orphan (the default for batch/v1 Jobs, as on a real server): only the object goes; its
 *       dependents stay and lose their owner reference.</li>
 * </ul>
 * Dependents are pods and Jobs in the namespace whose owner reference names the object by kind
 * and name (the seeded owner references carry made-up UIDs, so UIDs are not compared), and, in
 * turn, theirs. A JobSet's Jobs and an MPIJob's launcher Job are matched by the names their
 * controllers give them even when the seed stored only their pods. Grace periods end at once.
 */
final class SandboxGarbageCollector {

    static final long COLLECT_AFTER_MS = 200;

    private final ObjectStore store;
    private final ScheduledExecutorService timer;
    private final SandboxPlacement placement;

    SandboxGarbageCollector(ObjectStore store, ScheduledExecutorService timer, SandboxPlacement placement) {
        this.store = store;
        this.timer = timer;
        this.placement = placement;
    }

    ObjectNode delete(String table, String namespace, String name, JsonNode options, String queryPolicy)
            throws StoreException {
        ObjectNode current = store.get(table, namespace, name);
        String uid = current.path("metadata").path("uid").asText();
        String wanted = options.path("preconditions").path("uid").asText("");
        if (!wanted.isEmpty() && !wanted.equals(uid)) {
            String group = table.contains("/") ? "." + table.substring(0, table.indexOf('/')) : "";
            throw new StoreException(409, "Conflict", "Operation cannot be fulfilled on " + current.path("kind").asText() + group
                    + " \"" + name + "\": the UID in the precondition (" + wanted + ") does not match the UID in record (" + uid
                    + "). The object might have been deleted and then recreated");
        }
        String policy = options.path("propagationPolicy").asText(queryPolicy == null ? "" : queryPolicy);
        if (policy.isEmpty()) {
            policy = table.equals("batch/jobs") ? "Orphan" : "Background";
        }
        switch (policy) {
            case "Foreground" -> {
                ObjectNode marked = current.deepCopy();
                marked.with("metadata").put("deletionTimestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                        .withArray("finalizers").add("foregroundDeletion");
                marked.with("metadata").remove("resourceVersion");
                ObjectNode stored = store.replace(table, namespace, name, marked);
                timer.schedule(() -> collect(table, current, true), COLLECT_AFTER_MS, TimeUnit.MILLISECONDS);
                return stored;
            }
            case "Background" -> {
                store.delete(table, namespace, name);
                timer.schedule(() -> collect(table, current, false), COLLECT_AFTER_MS, TimeUnit.MILLISECONDS);
                return deleted(table, current);
            }
            case "Orphan" -> {
                // As the real collector: the orphan finalizer holds the owner while its dependents lose their reference.
                ObjectNode marked = current.deepCopy();
                marked.with("metadata").put("deletionTimestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                        .withArray("finalizers").add("orphan");
                marked.with("metadata").remove("resourceVersion");
                ObjectNode stored = store.replace(table, namespace, name, marked);
                timer.schedule(() -> {
                    try {
                        orphan(namespace, current.path("kind").asText() + "/" + name);
                        store.delete(table, namespace, name);
                    } catch (StoreException e) {
                        // gone meanwhile
                    }
                }, COLLECT_AFTER_MS, TimeUnit.MILLISECONDS);
                return stored;
            }
            default -> throw new StoreException(400, "BadRequest", "propagationPolicy must be Foreground, Background or Orphan, not "
                    + policy);
        }
    }

    /** The Status kube-apiserver answers a DELETE that removed the object at once (no finalizer held it). */
    static ObjectNode deleted(String table, JsonNode object) {
        ObjectNode s = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        s.put("status", "Success");
        int slash = table.indexOf('/');
        s.putObject("details").put("name", object.path("metadata").path("name").asText())
                .put("group", slash < 0 ? "" : table.substring(0, slash)).put("kind", slash < 0 ? table : table.substring(slash + 1))
                .put("uid", object.path("metadata").path("uid").asText());
        return s;
    }

    /** Orphan: the dependents stay and lose their owner reference to the deleted object, as the real collector does. */
    private void orphan(String ns, String kindSlashName) throws StoreException {
        for (String table : List.of("pods", "batch/jobs")) {
            for (ObjectNode o : ownedBy(table, ns, kindSlashName)) {
                com.fasterxml.jackson.databind.node.ArrayNode refs = o.with("metadata").withArray("ownerReferences");
                for (int i = refs.size() - 1; i >= 0; i--) {
                    if (kindSlashName.equals(refs.get(i).path("kind").asText() + "/" + refs.get(i).path("name").asText())) {
                        refs.remove(i);
                    }
                }
                o.with("metadata").remove("resourceVersion");
                store.replace(table, ns, o.path("metadata").path("name").asText(), o);
            }
        }
    }

    /** Deletes the dependents of {@code owner}, then (for Foreground) the owner itself. */
    private void collect(String table, ObjectNode owner, boolean thenOwner) {
        String ns = owner.path("metadata").path("namespace").asText();
        try {
            Deque<String> owners = new ArrayDeque<>(ownerNames(owner));
            Set<String> seen = new HashSet<>(owners);
            while (!owners.isEmpty()) {
                String o = owners.pop();
                for (ObjectNode job : ownedBy("batch/jobs", ns, o)) {
                    String child = "Job/" + job.path("metadata").path("name").asText();
                    if (seen.add(child)) {
                        owners.add(child);
                    }
                    deleteQuietly("batch/jobs", job);
                }
                for (ObjectNode pod : ownedBy("pods", ns, o)) {
                    placement.remember(pod);
                    deleteQuietly("pods", pod);
                }
            }
            if (thenOwner) {
                store.delete(table, ns, owner.path("metadata").path("name").asText());
            }
        } catch (StoreException e) {
            // The namespace or the object went meanwhile: nothing left to collect.
        }
    }

    /** "Kind/name" of the object and of the children its controller names without storing in the seed. */
    private static List<String> ownerNames(JsonNode owner) {
        String kind = owner.path("kind").asText();
        String name = owner.path("metadata").path("name").asText();
        List<String> out = new ArrayList<>(List.of(kind + "/" + name));
        if (kind.equals("JobSet")) {
            for (JsonNode rj : owner.path("spec").path("replicatedJobs")) {
                for (int r = 0; r < rj.path("replicas").asInt(1); r++) {
                    out.add("Job/" + name + "-" + rj.path("name").asText() + "-" + r);
                }
            }
        } else if (kind.equals("MPIJob")) {
            out.add("Job/" + name + "-launcher");
        }
        return out;
    }

    private List<ObjectNode> ownedBy(String table, String ns, String kindSlashName) throws StoreException {
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode o : store.list(table, ns, labels -> true)) {
            for (JsonNode ref : o.path("metadata").path("ownerReferences")) {
                if (kindSlashName.equals(ref.path("kind").asText() + "/" + ref.path("name").asText())) {
                    out.add(o);
                    break;
                }
            }
        }
        return out;
    }

    private void deleteQuietly(String table, JsonNode o) {
        try {
            store.delete(table, o.path("metadata").path("namespace").asText(), o.path("metadata").path("name").asText());
        } catch (StoreException alreadyGone) {
            // deleted by someone else meanwhile
        }
    }
}
