package dev.flightdeck.sandbox;

import java.util.Set;

/**
 * A parsed Kubernetes REST path: {@code /api/v1/[namespaces/NS/]RESOURCE[/NAME[/SUB]]}
 * or {@code /apis/GROUP/VERSION/[namespaces/NS/]RESOURCE[/NAME[/SUB]]}.
 *
 * @param table "RESOURCE" for the core group, "GROUP/RESOURCE" otherwise
 */
record ApiPath(String group, String version, String resource, String namespace, String name, String subresource) {

    /** Cluster-scoped resources the sandbox serves; everything else is namespaced. */
    private static final Set<String> CLUSTER_SCOPED = Set.of("nodes", "namespaces",
            "customresourcedefinitions", "priorityclasses");

    String table() {
        return group.isEmpty() ? resource : group + "/" + resource;
    }

    static ApiPath parse(String path) {
        String[] p = path.replaceAll("^/+|/+$", "").split("/");
        int i;
        String group;
        String version;
        if (p.length >= 3 && p[0].equals("api")) {
            group = "";
            version = p[1];
            i = 2;
        } else if (p.length >= 4 && p[0].equals("apis")) {
            group = p[1];
            version = p[2];
            i = 3;
        } else {
            return null;
        }
        String ns = null;
        if (p[i].equals("namespaces") && p.length > i + 2) {
            ns = p[i + 1];
            i += 2;
        }
        String resource = p[i];
        String name = p.length > i + 1 ? p[i + 1] : null;
        String sub = p.length > i + 2 ? p[i + 2] : null;
        if (ns == null && name != null && !CLUSTER_SCOPED.contains(resource) && !resource.equals("namespaces")) {
            // e.g. /api/v1/pods/x is not a valid path: pods by name need a namespace
            return null;
        }
        return new ApiPath(group, version, resource, ns, name, sub);
    }

    boolean clusterScoped() {
        return isClusterScoped(resource);
    }

    static boolean isClusterScoped(String resource) {
        return CLUSTER_SCOPED.contains(resource);
    }
}
