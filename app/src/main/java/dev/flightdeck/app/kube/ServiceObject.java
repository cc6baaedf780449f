package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Optional;

/**
 * A Service as the console reads it to reach something behind the API server's service proxy (a Prometheus): its
 * name, labels and ports. Fields the console does not name are skipped when it is read.
 */
public record ServiceObject(ObjectMeta metadata, Spec spec) implements KubeObject {

    public ServiceObject {
        spec = spec == null ? new Spec(null, List.of()) : spec;
    }

    public record Spec(String type, List<Port> ports) {
        public Spec {
            ports = ports == null ? List.of() : ports;
        }
    }

    /** One port; {@code name} and {@code appProtocol} may be null. */
    public record Port(String name, Integer port, String protocol, String appProtocol) {
        public int number() {
            return port == null ? 0 : port;
        }

        /** Says it speaks HTTPS, by its name ({@code https}, {@code https-web}) or its appProtocol. */
        public boolean https() {
            return name != null && name.startsWith("https") || "https".equalsIgnoreCase(appProtocol);
        }
    }

    public String name() {
        return metadata.name();
    }

    public String namespace() {
        return metadata.namespace();
    }

    /** The port numbered {@code number}, if the Service has it. */
    public Optional<Port> port(int number) {
        return spec.ports().stream().filter(p -> p.number() == number).findFirst();
    }

    /** The port named {@code name}, if the Service has it. */
    public Optional<Port> portNamed(String name) {
        return spec.ports().stream().filter(p -> name.equals(p.name())).findFirst();
    }

    /**
     * The path of {@code path} (such as {@code api/v1/query}) on {@code port} of this Service, through the API
     * server's service proxy: {@code /api/v1/namespaces/NS/services/[https:]NAME:PORT/proxy/PATH}. The server dials
     * the Service's endpoints itself, with the caller's rights checked on {@code services/proxy}.
     */
    public ApiPath proxyPath(Port port, String path) {
        return proxyPath(namespace(), name(), port.https(), port.number(), path);
    }

    /** As {@link #proxyPath(Port, String)}, for a Service known by name. */
    public static ApiPath proxyPath(String namespace, String name, boolean https, int port, String path) {
        if (path.startsWith("/") || path.contains("?") || path.contains("..")) {
            throw new IllegalArgumentException("a proxied path is relative and plain, not \"" + path + "\"");
        }
        String target = (https ? "https:" : "") + name + ":" + port;
        return ApiPath.of(ApiResource.SERVICES).in(namespace).named(target).sub(path.isEmpty() ? "proxy" : "proxy/" + path);
    }
}
