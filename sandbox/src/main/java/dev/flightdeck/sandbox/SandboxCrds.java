package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * CustomResourceDefinitions, as the console meets them: creating one serves its resource
 * (discovery lists it at once, as the real server does once it marks the CRD Established);
 * deleting one stops serving it, drops its objects and ends their watches. The gang CRDs the
 * sandbox serves from the start are stored as CRD objects too, so a CRD listing reads as on a
 * cluster with the operators installed.
 *
 * <p>Simulated within limits, said here: one served version per CRD (its storage version), and
 * namespaced resources only; a cluster-scoped CRD is refused in words.
 */
final class SandboxCrds {

    static final String TABLE = "apiextensions.k8s.io/customresourcedefinitions";

    private final ObjectStore store;

    SandboxCrds(ObjectStore store) {
        this.store = store;
        store.define(TABLE, "CustomResourceDefinition", "apiextensions.k8s.io/v1");
    }

    /** Defines {@code group/plural} served as {@code group/version} and stores its CRD object. */
    void builtIn(String group, String version, String plural, String kind) throws StoreException {
        ObjectNode crd = SandboxJson.MAPPER.createObjectNode();
        crd.put("apiVersion", "apiextensions.k8s.io/v1").put("kind", "CustomResourceDefinition");
        crd.putObject("metadata").put("name", plural + "." + group);
        ObjectNode spec = crd.putObject("spec").put("group", group).put("scope", "Namespaced");
        spec.putObject("names").put("plural", plural).put("kind", kind);
        spec.putArray("versions").addObject().put("name", version).put("served", true).put("storage", true)
                .putObject("schema").putObject("openAPIV3Schema").put("type", "object")
                .put("x-kubernetes-preserve-unknown-fields", true);
        install(crd);
    }

    /** POST of a CRD: validated as the real server validates what the sandbox relies on, then served. */
    ObjectNode install(ObjectNode crd) throws StoreException {
        JsonNode spec = crd.path("spec");
        String group = spec.path("group").asText("");
        String plural = spec.path("names").path("plural").asText("");
        String kind = spec.path("names").path("kind").asText("");
        String name = crd.path("metadata").path("name").asText("");
        if (group.isEmpty() || plural.isEmpty() || kind.isEmpty()) {
            throw invalid(name, "spec.group, spec.names.plural and spec.names.kind are required");
        }
        if (!name.equals(plural + "." + group)) {
            throw invalid(name, "metadata.name: Invalid value: \"" + name + "\": must be spec.names.plural+\".\"+spec.group");
        }
        if (!"Namespaced".equals(spec.path("scope").asText())) {
            throw invalid(name, "the sandbox serves namespaced custom resources only");
        }
        String version = null;
        for (JsonNode v : spec.path("versions")) {
            if (v.path("storage").asBoolean() && v.path("served").asBoolean()) {
                version = v.path("name").asText();
            }
        }
        if (version == null) {
            throw invalid(name, "spec.versions: Invalid value: must have exactly one version marked as storage version");
        }
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode status = crd.putObject("status");
        status.putObject("acceptedNames").put("plural", plural).put("kind", kind).put("listKind", kind + "List")
                .put("singular", spec.path("names").path("singular").asText(kind.toLowerCase()));
        ArrayNode conditions = status.putArray("conditions");
        conditions.addObject().put("type", "NamesAccepted").put("status", "True").put("reason", "NoConflicts")
                .put("message", "no conflicts found").put("lastTransitionTime", now);
        conditions.addObject().put("type", "Established").put("status", "True").put("reason", "InitialNamesAccepted")
                .put("message", "the initial names have been accepted").put("lastTransitionTime", now);
        status.putArray("storedVersions").add(version);
        ObjectNode created = store.create(TABLE, crd);
        store.define(group + "/" + plural, kind, group + "/" + version);
        return created;
    }

    /** A custom resource's names from its CRD's {@code spec.names}, for discovery; null when {@code table} is no CRD's. */
    DiscoveryTable.Names names(String table) {
        int slash = table.indexOf('/');
        if (slash < 0) {
            return null;
        }
        try {
            JsonNode names = store.get(TABLE, null, table.substring(slash + 1) + "." + table.substring(0, slash))
                    .path("spec").path("names");
            return new DiscoveryTable.Names(
                    names.path("singular").asText(names.path("kind").asText().toLowerCase(java.util.Locale.ROOT)),
                    texts(names.path("shortNames")), texts(names.path("categories")));
        } catch (StoreException notACrd) {
            return null;
        }
    }

    private static java.util.List<String> texts(JsonNode array) {
        java.util.List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return java.util.List.copyOf(out);
    }

    /** DELETE of a CRD: its resource is no longer served and its objects are gone (the real cleanup finalizer's work). */
    ObjectNode uninstall(String name) throws StoreException {
        ObjectNode crd = store.get(TABLE, null, name);
        ObjectNode gone = store.delete(TABLE, null, name);
        store.undefine(crd.path("spec").path("group").asText() + "/" + crd.path("spec").path("names").path("plural").asText());
        gone.with("metadata").put("deletionTimestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        return gone;
    }

    private static StoreException invalid(String name, String why) {
        return new StoreException(422, "Invalid", "CustomResourceDefinition.apiextensions.k8s.io \"" + name + "\" is invalid: " + why);
    }
}
