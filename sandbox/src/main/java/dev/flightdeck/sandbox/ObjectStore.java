package dev.flightdeck.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.zjsonpatch.JsonPatch;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sandbox's storage: one {@link ResourceTable} per resource and one global
 * resourceVersion counter, like etcd's revision. Both the HTTP front and the
 * in-process seeder and churn go through here, so every change reaches watchers.
 */
public final class ObjectStore {

    private final Map<String, ResourceTable> tables = new ConcurrentHashMap<>();
    private final AtomicLong revision = new AtomicLong(1000);

    /** Declares a resource, e.g. ("pods", "Pod", "v1") or ("batch/jobs", "Job", "batch/v1"). */
    public void define(String table, String kind, String apiVersion) {
        tables.putIfAbsent(table, new ResourceTable(table, kind, apiVersion));
    }

    /**
     * Uninstalls a resource as deleting its CRD does: the objects go, discovery stops listing it,
     * and its open watches end. Returns the removed definition's object count.
     */
    public int undefine(String table) {
        ResourceTable t = tables.remove(table);
        if (t == null) {
            return 0;
        }
        for (WatchSink w : t.watchers()) {
            w.close();
            t.unwatch(w);
        }
        return t.size();
    }

    /** The resources served, as (table, kind, apiVersion), for discovery. */
    java.util.List<String[]> definitions() {
        java.util.List<String[]> out = new java.util.ArrayList<>();
        tables.forEach((name, t) -> out.add(new String[]{name, t.kind, t.apiVersion}));
        return out;
    }

    ResourceTable table(String table) {
        return tables.get(table);
    }

    public long revision() {
        return revision.get();
    }

    public int count(String table) {
        ResourceTable t = tables.get(table);
        return t == null ? 0 : t.size();
    }

    /** Creates an object; fills uid, resourceVersion and creationTimestamp as the API server would. */
    public ObjectNode create(String table, ObjectNode obj) throws StoreException {
        ResourceTable t = require(table);
        ObjectNode meta = obj.with("metadata");
        if (!meta.hasNonNull("name") && meta.hasNonNull("generateName")) {
            meta.put("name", meta.get("generateName").asText() + UUID.randomUUID().toString().substring(0, 5));
        }
        String key = key(meta);
        synchronized (t) {
            if (t.get(key) != null) {
                throw new StoreException(409, "AlreadyExists", qualified(table) + " \"" + meta.get("name").asText()
                        + "\" already exists");
            }
            meta.put("uid", meta.hasNonNull("uid") ? meta.get("uid").asText() : UUID.randomUUID().toString());
            if (!meta.hasNonNull("creationTimestamp")) {
                meta.put("creationTimestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            }
            if (table.contains("/") && !meta.hasNonNull("generation")) {
                meta.put("generation", 1); // as the API server sets it for objects with a spec and a status
            }
            obj.put("kind", t.kind);
            obj.put("apiVersion", t.apiVersion);
            if (table.equals("pods") && !obj.path("status").hasNonNull("phase")) {
                obj.with("status").put("phase", "Pending"); // the API server's default for a new pod
            }
            return store(t, "ADDED", obj);
        }
    }

    /** Replaces an object (PUT). A stale metadata.resourceVersion is a 409 Conflict. */
    public ObjectNode replace(String table, String namespace, String name, ObjectNode obj) throws StoreException {
        return replace(table, namespace, name, obj, false, null);
    }

    /** PUT through the HTTP API, kept to {@code subresource} as {@link #patch} is. */
    public ObjectNode replace(String table, String namespace, String name, ObjectNode obj, String subresource)
            throws StoreException {
        return replace(table, namespace, name, obj, true, subresource);
    }

    private ObjectNode replace(String table, String namespace, String name, ObjectNode obj, boolean api, String subresource)
            throws StoreException {
        ResourceTable t = require(table);
        synchronized (t) {
            StoredObject old = existing(t, namespace, name);
            ObjectNode meta = obj.with("metadata");
            String rv = meta.path("resourceVersion").asText("");
            if (!rv.isEmpty() && !rv.equals(Long.toString(old.resourceVersion()))) {
                throw new StoreException(409, "Conflict", "Operation cannot be fulfilled on " + qualified(table)
                        + " \"" + name + "\": the object has been modified; please apply your changes to the latest version and try again");
            }
            ObjectNode before = parse(old.json());
            meta.set("uid", before.path("metadata").path("uid"));
            meta.set("creationTimestamp", before.path("metadata").path("creationTimestamp"));
            obj.put("kind", t.kind);
            obj.put("apiVersion", t.apiVersion);
            return store(t, "MODIFIED", api ? keepToSubresource(table, subresource, before, obj) : obj);
        }
    }

    /** PATCH: JSON patch, merge patch, or strategic merge patch ({@link MergePatch}). */
    public ObjectNode patch(String table, String namespace, String name, String contentType, JsonNode patch)
            throws StoreException {
        return patch(table, namespace, name, contentType, patch, false, null);
    }

    /**
     * PATCH through the HTTP API: on the {@code status} subresource only status and metadata change
     * (spec and, for pods, ownerReferences stay as stored); on the main resource status stays as
     * stored — kube-apiserver's status strategies, for every resource with a status subresource.
     */
    public ObjectNode patch(String table, String namespace, String name, String contentType, JsonNode patch,
                            String subresource) throws StoreException {
        return patch(table, namespace, name, contentType, patch, true, subresource);
    }

    private ObjectNode patch(String table, String namespace, String name, String contentType, JsonNode patch, boolean api,
                             String subresource) throws StoreException {
        ResourceTable t = require(table);
        synchronized (t) {
            ObjectNode current = parse(existing(t, namespace, name).json());
            JsonNode result;
            if (contentType != null && contentType.startsWith("application/json-patch+json")) {
                try {
                    result = JsonPatch.apply(patch, current);
                } catch (RuntimeException e) {
                    // kube-apiserver's words for a failed test or a missing path (the detail is not shown).
                    throw new StoreException(422, "Invalid", "the server rejected our request due to an error in our request");
                }
            } else if (contentType != null && contentType.startsWith("application/strategic-merge-patch+json")) {
                result = MergePatch.strategic(current, patch);
            } else {
                result = MergePatch.apply(current, patch);
            }
            if (!(result instanceof ObjectNode obj)) {
                throw new StoreException(422, "Invalid", "patch did not produce an object");
            }
            obj.with("metadata").put("name", name);
            return store(t, "MODIFIED", api ? keepToSubresource(table, subresource, current, obj) : obj);
        }
    }

    /** What a write through {@code subresource} (null: the main resource) may change; see {@link #patch}. */
    private static ObjectNode keepToSubresource(String table, String subresource, ObjectNode stored, ObjectNode wanted) {
        if (table.equals("events")) {
            return wanted; // Events have no status subresource
        }
        if ("status".equals(subresource)) {
            copy(stored, wanted, "spec");
            if (table.equals("pods")) {
                // The real pods/status strategy keeps owner references: old kubelets corrupted them.
                JsonNode refs = stored.path("metadata").get("ownerReferences");
                if (refs == null) {
                    wanted.with("metadata").remove("ownerReferences");
                } else {
                    wanted.with("metadata").set("ownerReferences", refs);
                }
            }
        } else if (subresource == null) {
            copy(stored, wanted, "status");
        }
        return wanted;
    }

    private static void copy(ObjectNode from, ObjectNode to, String field) {
        JsonNode v = from.get(field);
        if (v == null) {
            to.remove(field);
        } else {
            to.set(field, v);
        }
    }

    /**
     * The first step of a pod's graceful deletion, as kube-apiserver takes it: the pod gets
     * {@code deletionTimestamp} (now + grace) and {@code deletionGracePeriodSeconds}, which
     * watchers see as a MODIFIED event before the DELETED. An unbound pod's grace is 0.
     * Returns false when the pod was already terminating or the caller asked for grace 0
     * (deleted at once, one DELETED event).
     */
    public boolean beginGracefulDeletion(String namespace, String name, Long requestedGrace) throws StoreException {
        ResourceTable t = require("pods");
        synchronized (t) {
            ObjectNode pod = parse(existing(t, namespace, name).json());
            ObjectNode meta = pod.with("metadata");
            if (meta.hasNonNull("deletionTimestamp") || (requestedGrace != null && requestedGrace == 0)) {
                return false;
            }
            long grace = !pod.path("spec").hasNonNull("nodeName") ? 0 : requestedGrace != null ? requestedGrace
                    : pod.path("spec").path("terminationGracePeriodSeconds").asLong(30);
            meta.put("deletionTimestamp", Instant.now().plusSeconds(grace).truncatedTo(ChronoUnit.SECONDS).toString());
            meta.put("deletionGracePeriodSeconds", grace);
            store(t, "MODIFIED", pod);
            return true;
        }
    }

    public ObjectNode delete(String table, String namespace, String name) throws StoreException {
        ResourceTable t = require(table);
        synchronized (t) {
            StoredObject old = existing(t, namespace, name);
            ObjectNode obj = parse(old.json());
            long rv = revision.incrementAndGet();
            obj.with("metadata").put("resourceVersion", Long.toString(rv));
            t.apply("DELETED", stored(obj, rv));
            return obj;
        }
    }

    public ObjectNode get(String table, String namespace, String name) throws StoreException {
        return parse(existing(require(table), namespace, name).json());
    }

    /** Ends every open watch (simulates an API server restart); clients must resume by themselves. */
    public void dropWatches() {
        for (ResourceTable t : tables.values()) {
            for (WatchSink w : t.watchers()) {
                w.close();
                t.unwatch(w);
            }
        }
    }

    /**
     * Simulates etcd compaction past every client: history is forgotten and the revision
     * moves on, so any watcher resuming from an earlier resourceVersion gets 410 Gone,
     * while a fresh LIST (at the new revision) can watch again.
     */
    public void compactHistory() {
        long compactedAt = revision.incrementAndGet();
        tables.values().forEach(t -> t.compact(compactedAt));
    }

    /** Objects of {@code table} in {@code namespace} whose labels pass {@code labels}, parsed (for the few that match). */
    public java.util.List<ObjectNode> list(String table, String namespace, java.util.function.Predicate<Map<String, String>> labels)
            throws StoreException {
        ResourceTable t = require(table);
        java.util.List<ObjectNode> out = new java.util.ArrayList<>();
        for (StoredObject o : t.list(namespace, s -> labels.test(s.labels()), null, 0, false).items()) {
            out.add(parse(o.json()));
        }
        return out;
    }

    /** Every object of {@code table}, parsed: for the few tables simulated controllers walk whole (budgets). */
    public java.util.List<ObjectNode> listAll(String table) throws StoreException {
        java.util.List<ObjectNode> out = new java.util.ArrayList<>();
        for (StoredObject o : require(table).list(x -> true, null, 0).items()) {
            out.add(parse(o.json()));
        }
        return out;
    }

    /** The name of the first pod in {@code namespace} with label app={@code app} on {@code node}, or null. */
    String findPodName(String namespace, String app, String node) {
        ResourceTable t = tables.get("pods");
        ResourceTable.Page page = t.list(o -> namespace.equals(o.namespace()) && node.equals(o.nodeName())
                && app.equals(o.labels().get("app")), null, 1);
        return page.items().isEmpty() ? null : page.items().getFirst().name();
    }

    private ObjectNode store(ResourceTable t, String type, ObjectNode obj) throws StoreException {
        long rv = revision.incrementAndGet();
        obj.with("metadata").put("resourceVersion", Long.toString(rv));
        t.apply(type, stored(obj, rv));
        return obj;
    }

    private static StoredObject stored(ObjectNode obj, long rv) throws StoreException {
        JsonNode meta = obj.path("metadata");
        Map<String, String> labels = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = meta.path("labels").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            labels.put(e.getKey(), e.getValue().asText());
        }
        try {
            return new StoredObject(meta.path("namespace").asText(null), meta.path("name").asText(), rv,
                    SandboxJson.MAPPER.writeValueAsBytes(obj), Map.copyOf(labels),
                    obj.path("spec").path("nodeName").asText(null), obj.path("status").path("phase").asText(null));
        } catch (JsonProcessingException e) {
            throw new StoreException(500, "InternalError", "cannot serialize: " + e.getMessage());
        }
    }

    /**
     * A resource as kube-apiserver names it in messages: {@code pods}, {@code jobs.batch},
     * {@code pytorchjobs.kubeflow.org} (the table is "resource" or "group/resource").
     */
    static String qualified(String table) {
        int slash = table.indexOf('/');
        return slash < 0 ? table : table.substring(slash + 1) + "." + table.substring(0, slash);
    }

    private static String qualified(ResourceTable t, String name) {
        return qualified(t.name) + " \"" + name + "\"";
    }

    private StoredObject existing(ResourceTable t, String namespace, String name) throws StoreException {
        StoredObject o = t.get(namespace == null ? name : namespace + "/" + name);
        if (o == null) {
            throw new StoreException(404, "NotFound", qualified(t, name) + " not found");
        }
        return o;
    }

    private ResourceTable require(String table) throws StoreException {
        ResourceTable t = tables.get(table);
        if (t == null) {
            throw new StoreException(404, "NotFound", "the server could not find the requested resource (" + table + ")");
        }
        return t;
    }

    private static String key(ObjectNode meta) {
        String ns = meta.path("namespace").asText(null);
        String name = meta.path("name").asText();
        return ns == null ? name : ns + "/" + name;
    }

    static ObjectNode parse(byte[] json) throws StoreException {
        try {
            return (ObjectNode) SandboxJson.MAPPER.readTree(json);
        } catch (IOException | ClassCastException e) {
            throw new StoreException(500, "InternalError", "stored object unreadable");
        }
    }
}
