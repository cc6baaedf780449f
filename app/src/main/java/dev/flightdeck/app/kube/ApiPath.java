package dev.flightdeck.app.kube;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A request path to the Kubernetes API, made from its parts and encoded once:
 * {@code ApiPath.of(ApiResource.PODS).in("training").named("llm-0").sub("log").param("tailLines", 200)}
 * is {@code /api/v1/namespaces/training/pods/llm-0/log?tailLines=200}. Immutable: each step returns a new path.
 */
public final class ApiPath {

    private final ApiResource resource;
    private final String namespace;
    private final String name;
    private final String subresource;
    /** The port a proxy request names after the object ({@code NAME:PORT}), or 0. */
    private final int port;
    private final Map<String, String> query;

    private ApiPath(ApiResource resource, String namespace, String name, String subresource, int port,
                    Map<String, String> query) {
        this.resource = Objects.requireNonNull(resource);
        this.namespace = namespace;
        this.name = name;
        this.subresource = subresource;
        this.port = port;
        this.query = query;
    }

    /** The resource's collection, across namespaces when it is namespaced. */
    public static ApiPath of(ApiResource resource) {
        return new ApiPath(resource, null, null, null, 0, Map.of());
    }

    /** In {@code namespace} (a namespaced resource only). */
    public ApiPath in(String namespace) {
        if (!resource.namespaced()) {
            throw new IllegalArgumentException(resource.kind() + " is not namespaced");
        }
        return new ApiPath(resource, nonBlank(namespace, "namespace"), name, subresource, port, query);
    }

    /** The object named {@code name}. */
    public ApiPath named(String name) {
        return new ApiPath(resource, namespace, nonBlank(name, "name"), subresource, port, query);
    }

    /** A subresource of the named object: {@code log}, {@code status}, {@code eviction}. */
    public ApiPath sub(String subresource) {
        if (name == null) {
            throw new IllegalStateException("a subresource belongs to a named object");
        }
        return new ApiPath(resource, namespace, name, nonBlank(subresource, "subresource"), port, query);
    }

    /**
     * The API server's proxy to a port of the named pod (or service): {@code pods/NAME:PORT/proxy/PATH}, as
     * {@code kubectl get --raw} writes it. {@code path} starts with "/" and is sent as it is (letters, digits, and
     * {@code / . _ -} only).
     */
    public ApiPath proxy(int port, String path) {
        if (name == null) {
            throw new IllegalStateException("a proxy request goes to a named object");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("no port " + port);
        }
        if (path == null || !path.matches("/[A-Za-z0-9/._-]*")) {
            throw new IllegalArgumentException("a proxied path starts with / and holds no query: " + path);
        }
        return new ApiPath(resource, namespace, name, "proxy" + path, port, query);
    }

    /** With query parameter {@code key=value} (encoded; a later value for the same key replaces the earlier). */
    public ApiPath param(String key, Object value) {
        Map<String, String> q = new LinkedHashMap<>(query);
        q.put(key, String.valueOf(value));
        return new ApiPath(resource, namespace, name, subresource, port, java.util.Collections.unmodifiableMap(q));
    }

    public ApiResource resource() {
        return resource;
    }

    /** The path and query, ready to append to the server's URL. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(resource.group().isEmpty() ? "/api/" : "/apis/" + resource.group() + "/")
                .append(resource.version());
        if (namespace != null) {
            b.append("/namespaces/").append(segment(namespace));
        }
        b.append('/').append(resource.resource());
        if (name != null) {
            b.append('/').append(segment(name));
        }
        if (port > 0) {
            b.append(':').append(port);
        }
        if (subresource != null) {
            b.append('/').append(subresource);
        }
        char sep = '?';
        for (Map.Entry<String, String> e : query.entrySet()) {
            b.append(sep).append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            sep = '&';
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApiPath p && p.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    private static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String nonBlank(String s, String what) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException("a " + what + " is needed");
        }
        return s;
    }
}
