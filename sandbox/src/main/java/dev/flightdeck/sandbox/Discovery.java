package dev.flightdeck.sandbox;

/** The fixed answers the sandbox gives to version and discovery requests. */
final class Discovery {

    static final String VERSION = """
            {"major":"1","minor":"32","gitVersion":"v1.32.0-flightdeck-sandbox","platform":"linux/amd64"}""";

    static final String CORE_VERSIONS = """
            {"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[]}""";

    static final String CORE_RESOURCES = """
            {"kind":"APIResourceList","groupVersion":"v1","resources":[
            {"name":"nodes","singularName":"node","namespaced":false,"kind":"Node","verbs":["get","list","watch","create","update","patch","delete"]},
            {"name":"nodes/status","singularName":"","namespaced":false,"kind":"Node","verbs":["get","patch","update"]},
            {"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list","watch","create","update","patch","delete"]},
            {"name":"pods/status","singularName":"","namespaced":true,"kind":"Pod","verbs":["get","patch","update"]},
            {"name":"pods/eviction","singularName":"","namespaced":true,"group":"policy","version":"v1","kind":"Eviction","verbs":["create"]},
            {"name":"namespaces","singularName":"namespace","namespaced":false,"kind":"Namespace","verbs":["get","list","watch","create","delete"]},
            {"name":"events","singularName":"event","namespaced":true,"kind":"Event","verbs":["create","delete","get","list","watch"]}]}""";

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

    /** /apis/GROUP/VERSION: the resources of that group version, or null when there are none. */
    static String resources(java.util.List<String[]> definitions, String groupVersion) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"APIResourceList\",\"groupVersion\":\"").append(groupVersion)
                .append("\",\"resources\":[");
        boolean any = false;
        for (String[] d : definitions) {
            if (d[2].equals(groupVersion)) {
                String resource = d[0].substring(d[0].indexOf('/') + 1);
                sb.append(any ? "," : "").append("{\"name\":\"").append(resource).append("\",\"namespaced\":")
                        .append(!ApiPath.isClusterScoped(resource)).append(",\"kind\":\"")
                        .append(d[1]).append("\",\"verbs\":[\"get\",\"list\",\"watch\",\"create\",\"update\",\"patch\",\"delete\"]}");
                any = true;
            }
        }
        return any ? sb.append("]}").toString() : null;
    }

    private Discovery() {
    }
}
