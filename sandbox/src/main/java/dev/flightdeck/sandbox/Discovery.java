package dev.flightdeck.sandbox;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The answers the sandbox gives to version and discovery requests. Resources are listed with the names the real
 * kube-apiserver 1.32 gives them — singular and short names ({@code po}, {@code ds}, {@code pdb}) for the built-in
 * ones, a CRD's own {@code spec.names} for the rest — because clients resolve what a person types from these
 * ({@code kubectl get po/x}, the console's {@code get}).
 */
final class Discovery {

    static final String VERSION = """
            {"major":"1","minor":"32","gitVersion":"v1.32.0-flightdeck-sandbox","platform":"linux/amd64"}""";

    static final String CORE_VERSIONS = """
            {"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[]}""";

    /** Singular, then short names, of the built-in resources the sandbox serves, as kube-apiserver 1.32 lists them. */
    private static final Map<String, List<String>> BUILT_IN_NAMES = Map.of(
            "nodes", List.of("node", "no"),
            "pods", List.of("pod", "po"),
            "namespaces", List.of("namespace", "ns"),
            "events", List.of("event", "ev"),
            "batch/jobs", List.of("job"),
            "apps/daemonsets", List.of("daemonset", "ds"),
            "policy/poddisruptionbudgets", List.of("poddisruptionbudget", "pdb"),
            "apiextensions.k8s.io/customresourcedefinitions", List.of("customresourcedefinition", "crd", "crds"));

    private static final String VERBS = "[\"get\",\"list\",\"watch\",\"create\",\"update\",\"patch\",\"delete\"]";

    /** The subresources the sandbox serves, listed after their resource as the real server lists them. */
    private static final Map<String, List<String>> SUBRESOURCES = Map.of(
            "nodes", List.of("""
                    {"name":"nodes/status","singularName":"","namespaced":false,"kind":"Node","verbs":["get","patch","update"]}"""),
            "pods", List.of("""
                    {"name":"pods/status","singularName":"","namespaced":true,"kind":"Pod","verbs":["get","patch","update"]}""", """
                    {"name":"pods/eviction","singularName":"","namespaced":true,"group":"policy","version":"v1","kind":"Eviction","verbs":["create"]}"""));

    /** /api/v1: the core resources the store has a table for, with their subresources. */
    static String coreResources(List<String[]> definitions) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":[");
        boolean any = false;
        for (String[] d : sorted(definitions)) {
            if (d[0].contains("/")) {
                continue;
            }
            String verbs = d[0].equals("namespaces") ? "[\"get\",\"list\",\"watch\",\"create\",\"delete\"]" : VERBS;
            sb.append(any ? ",\n" : "\n").append(entry(d[0], d[1], names(d[0], null), verbs));
            for (String sub : SUBRESOURCES.getOrDefault(d[0], List.of())) {
                sb.append(",\n").append(sub);
            }
            any = true;
        }
        return sb.append("]}").toString();
    }

    /** /apis: every non-core group version the store has a table for. */
    static String groups(java.util.List<String[]> definitions) {
        java.util.Map<String, java.util.Set<String>> byGroup = new java.util.TreeMap<>();
        for (String[] d : definitions) {
            int slash = d[2].indexOf('/');
            if (slash > 0) {
                byGroup.computeIfAbsent(d[2].substring(0, slash), g -> new java.util.TreeSet<>()).add(d[2]);
            }
        }
        StringBuilder sb = new StringBuilder("{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[");
        boolean first = true;
        for (var e : byGroup.entrySet()) {
            sb.append(first ? "" : ",").append("{\"name\":\"").append(e.getKey()).append("\",\"versions\":[");
            boolean firstV = true;
            for (String gv : e.getValue()) {
                sb.append(firstV ? "" : ",").append("{\"groupVersion\":\"").append(gv).append("\",\"version\":\"")
                        .append(gv.substring(gv.indexOf('/') + 1)).append("\"}");
                firstV = false;
            }
            String preferred = e.getValue().iterator().next();
            sb.append("],\"preferredVersion\":{\"groupVersion\":\"").append(preferred).append("\",\"version\":\"")
                    .append(preferred.substring(preferred.indexOf('/') + 1)).append("\"}}");
            first = false;
        }
        return sb.append("]}").toString();
    }

    /**
     * /apis/GROUP/VERSION: the resources of that group version, or null when there are none. {@code crdNames} gives
     * a custom resource's singular and short names from its CRD (null when the table is not a CRD's).
     */
    static String resources(List<String[]> definitions, String groupVersion, Function<String, List<String>> crdNames) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"APIResourceList\",\"groupVersion\":\"").append(groupVersion)
                .append("\",\"resources\":[");
        boolean any = false;
        for (String[] d : sorted(definitions)) {
            if (d[2].equals(groupVersion)) {
                sb.append(any ? "," : "").append(entry(d[0], d[1], names(d[0], crdNames), VERBS));
                any = true;
            }
        }
        return any ? sb.append("]}").toString() : null;
    }

    /** Singular then short names: the built-in table's, else the CRD's, else the kind in lower case (as kubectl guesses). */
    private static List<String> names(String table, Function<String, List<String>> crdNames) {
        List<String> known = BUILT_IN_NAMES.get(table);
        if (known == null && crdNames != null) {
            known = crdNames.apply(table);
        }
        return known == null ? List.of() : known;
    }

    private static String entry(String table, String kind, List<String> names, String verbs) {
        String resource = table.substring(table.indexOf('/') + 1);
        String singular = names.isEmpty() ? kind.toLowerCase(java.util.Locale.ROOT) : names.getFirst();
        StringBuilder sb = new StringBuilder("{\"name\":\"").append(resource).append("\",\"singularName\":\"")
                .append(singular).append("\",\"namespaced\":").append(!ApiPath.isClusterScoped(resource))
                .append(",\"kind\":\"").append(kind).append("\",\"verbs\":").append(verbs);
        if (names.size() > 1) {
            sb.append(",\"shortNames\":[");
            for (int i = 1; i < names.size(); i++) {
                sb.append(i > 1 ? "," : "").append('"').append(names.get(i)).append('"');
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }

    /** By table name, so the lists do not follow a hash map's order. */
    private static List<String[]> sorted(List<String[]> definitions) {
        return definitions.stream().sorted(java.util.Comparator.comparing((String[] d) -> d[0])).toList();
    }

    private Discovery() {
    }
}
