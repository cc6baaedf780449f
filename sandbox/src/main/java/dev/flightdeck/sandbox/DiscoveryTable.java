package dev.flightdeck.sandbox;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What the sandbox serves, as discovery describes it: the one table both discovery forms are written from (the plain
 * documents by {@link Discovery}, the aggregated list by {@link AggregatedDiscovery}), so the two cannot disagree.
 * The built-in resources carry the names, categories, verbs and subresources kube-apiserver 1.32 gives them, limited
 * to what the sandbox serves (no {@code deletecollection}, no {@code pods/exec}); a custom resource its CRD's names.
 *
 * @param core  the core group ({@code /api}), named ""
 * @param named the other groups ({@code /apis}), by name
 */
record DiscoveryTable(Group core, List<Group> named) {

    /** A group and its versions, the one the server prefers first. */
    record Group(String name, List<Version> versions) {
    }

    /** A group version's resources, by name. */
    record Version(String version, List<Resource> resources) {
    }

    /**
     * One resource. {@code custom} when a CRD serves it: the real server then names the group and version in the
     * aggregated form's {@code responseKind}, and leaves them empty for its own resources.
     */
    record Resource(String name, String kind, String singular, boolean namespaced, boolean custom, List<String> verbs,
                    List<String> shortNames, List<String> categories, List<Subresource> subresources) {
    }

    /** A subresource ({@code status}); {@code group} and {@code version} only where its kind is another group's. */
    record Subresource(String name, String group, String version, String kind, List<String> verbs) {
    }

    /** A resource's other names: the singular, then short names and categories (a CRD's {@code spec.names}). */
    record Names(String singular, List<String> shortNames, List<String> categories) {
    }

    /** kube-apiserver lists a built-in resource's verbs sorted; the sandbox serves these of them. */
    private static final List<String> VERBS = List.of("create", "delete", "get", "list", "patch", "update", "watch");
    private static final List<String> NAMESPACE_VERBS = List.of("create", "delete", "get", "list", "watch");
    /** A CRD's resource lists its verbs in the apiextensions handler's order. */
    private static final List<String> CUSTOM_VERBS = List.of("delete", "get", "list", "patch", "create", "update", "watch");
    private static final List<String> STATUS_VERBS = List.of("get", "patch", "update");

    /** The built-in resources' names as kube-apiserver 1.32 lists them, by the store's table name. */
    private static final Map<String, Names> BUILT_IN_NAMES = Map.of(
            "nodes", new Names("node", List.of("no"), List.of()),
            "pods", new Names("pod", List.of("po"), List.of("all")),
            "namespaces", new Names("namespace", List.of("ns"), List.of()),
            "events", new Names("event", List.of("ev"), List.of()),
            EventShapes.TABLE, new Names("event", List.of("ev"), List.of()),
            "batch/jobs", new Names("job", List.of(), List.of("all")),
            "apps/daemonsets", new Names("daemonset", List.of("ds"), List.of("all")),
            SandboxEvictions.PDBS, new Names("poddisruptionbudget", List.of("pdb"), List.of()),
            SandboxCrds.TABLE, new Names("customresourcedefinition", List.of("crd", "crds"), List.of("api-extensions")));

    /** The subresources the sandbox serves, sorted by name as the real server lists them. */
    private static final Map<String, List<Subresource>> SUBRESOURCES = Map.of(
            "nodes", List.of(new Subresource("status", null, null, "Node", STATUS_VERBS)),
            "pods", List.of(new Subresource("eviction", "policy", "v1", "Eviction", List.of("create")),
                    new Subresource("status", null, null, "Pod", STATUS_VERBS)));

    /**
     * The table of the store's {@code definitions} (table, kind, apiVersion); {@code crdNames} gives a custom
     * resource's names from its CRD, null for a table no CRD serves.
     */
    static DiscoveryTable of(List<String[]> definitions, Function<String, Names> crdNames) {
        Map<String, Map<String, List<Resource>>> byGroup = new TreeMap<>();
        for (String[] d : definitions) {
            int slash = d[2].indexOf('/');
            String group = slash < 0 ? "" : d[2].substring(0, slash);
            byGroup.computeIfAbsent(group, g -> new TreeMap<>())
                    .computeIfAbsent(d[2].substring(slash + 1), v -> new ArrayList<>())
                    .add(resource(d[0], d[1], crdNames));
        }
        Group core = new Group("", List.of());
        List<Group> named = new ArrayList<>();
        for (var g : byGroup.entrySet()) {
            List<Version> versions = g.getValue().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey(KubeVersionOrder.PREFERRED_FIRST))
                    .map(v -> new Version(v.getKey(), v.getValue().stream()
                            .sorted(Comparator.comparing(Resource::name)).toList()))
                    .toList();
            if (g.getKey().isEmpty()) {
                core = new Group("", versions);
            } else {
                named.add(new Group(g.getKey(), versions));
            }
        }
        return new DiscoveryTable(core, List.copyOf(named));
    }

    /** The resources of one group version ("v1" is the core group's), or null when it serves none. */
    Version version(String groupVersion) {
        int slash = groupVersion.indexOf('/');
        String group = slash < 0 ? "" : groupVersion.substring(0, slash);
        for (Group g : slash < 0 ? List.of(core) : named) {
            for (Version v : g.versions()) {
                if (g.name().equals(group) && v.version().equals(groupVersion.substring(slash + 1))) {
                    return v;
                }
            }
        }
        return null;
    }

    private static Resource resource(String table, String kind, Function<String, Names> crdNames) {
        String name = table.substring(table.indexOf('/') + 1);
        Names names = BUILT_IN_NAMES.get(table);
        Names custom = names == null ? crdNames.apply(table) : null;
        if (names == null) {
            // As kubectl guesses for a resource that lists no singular: the kind in lower case.
            names = custom != null ? custom : new Names(kind.toLowerCase(java.util.Locale.ROOT), List.of(), List.of());
        }
        List<String> verbs = custom != null ? CUSTOM_VERBS : table.equals("namespaces") ? NAMESPACE_VERBS : VERBS;
        return new Resource(name, kind, names.singular(), !ApiPath.isClusterScoped(name), custom != null, verbs,
                names.shortNames(), names.categories(), SUBRESOURCES.getOrDefault(table, List.of()));
    }
}
