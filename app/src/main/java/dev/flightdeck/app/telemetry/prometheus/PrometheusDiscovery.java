package dev.flightdeck.app.telemetry.prometheus;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.ServiceObject;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a cluster's Prometheus when the settings name none, where the usual installs put it (as Lens does), to be
 * reached through the API server's service proxy. Candidates, best first:
 * <ol>
 *     <li>{@code prometheus-operated} (port 9090): the Prometheus Operator's own Service for its Prometheus
 *         objects, so kube-prometheus-stack and kube-prometheus alike (label {@code operated-prometheus=true});</li>
 *     <li>{@code *-kube-prometheus-prometheus}: kube-prometheus-stack's Service (9090);</li>
 *     <li>{@code prometheus-k8s}: kube-prometheus's (9090);</li>
 *     <li>{@code prometheus-server}: the prometheus-community chart's (80);</li>
 *     <li>any other Service labelled {@code app.kubernetes.io/name=prometheus} with a web port.</li>
 * </ol>
 * Services labelled so are looked for in every namespace; the names in {@link #NAMESPACES} also by listing those
 * namespaces, for a person who may not list Services cluster-wide. Ties go to the namespace earlier in that list.
 */
public final class PrometheusDiscovery {

    static final List<String> NAMESPACES = List.of("monitoring", "prometheus", "kube-monitoring", "observability", "default");

    private static final TypeReference<ObjectList<ServiceObject>> SERVICES = new TypeReference<>() {
    };

    /** A Prometheus found: its Service, the port, and how it was found in words. */
    public record Found(ServiceObject service, ServiceObject.Port port, String how) {
    }

    private final KubeRest rest;

    public PrometheusDiscovery(KubeRest rest) {
        this.rest = rest;
    }

    /**
     * The best candidate, if any.
     *
     * @throws IOException the API server could not be asked at all (no answer, or every list refused), in one line
     */
    public Optional<Found> find() throws IOException {
        Map<String, Found> candidates = new LinkedHashMap<>();
        List<String> refused = new ArrayList<>();
        int asked = 0;
        for (String selector : List.of("operated-prometheus=true", "app.kubernetes.io/name=prometheus")) {
            asked++;
            for (ServiceObject s : list(ApiPath.of(ApiResource.SERVICES).param("labelSelector", selector), refused)) {
                consider(s, "found by label " + selector, candidates);
            }
        }
        for (String ns : NAMESPACES) {
            asked++;
            for (ServiceObject s : list(ApiPath.of(ApiResource.SERVICES).in(ns).param("limit", 500), refused)) {
                consider(s, "found by its usual name in " + ns, candidates);
            }
        }
        if (refused.size() == asked) {
            throw new IOException("Services cannot be listed to look for a Prometheus: " + refused.getFirst());
        }
        return candidates.values().stream().min(Comparator.comparingInt((Found f) -> rank(f.service()))
                .thenComparingInt(f -> namespaceOrder(f.service().namespace()))
                .thenComparing(f -> f.service().namespace()).thenComparing(f -> f.service().name()));
    }

    private List<ServiceObject> list(ApiPath path, List<String> refused) throws IOException {
        KubeRest.Answer a = rest.get(path);
        if (!a.ok()) {
            refused.add(a.message()); // 403 for a person who may not list there: the other places may still do
            return List.of();
        }
        return a.as(SERVICES).items();
    }

    private static void consider(ServiceObject s, String how, Map<String, Found> into) {
        int rank = rank(s);
        if (rank == NOT_PROMETHEUS) {
            return;
        }
        webPort(s, rank).ifPresent(p -> into.putIfAbsent(s.namespace() + "/" + s.name(), new Found(s, p, how)));
    }

    private static final int NOT_PROMETHEUS = Integer.MAX_VALUE;

    static int rank(ServiceObject s) {
        String name = s.name();
        Map<String, String> labels = s.metadata().labels();
        if (name.equals("prometheus-operated") || "true".equals(labels.get("operated-prometheus"))) {
            return 0;
        }
        if (name.endsWith("-kube-prometheus-prometheus") || "kube-prometheus-stack-prometheus".equals(labels.get("app"))) {
            return 1;
        }
        if (name.equals("prometheus-k8s")) {
            return 2;
        }
        if (name.equals("prometheus-server")) {
            return 3;
        }
        return "prometheus".equals(labels.get("app.kubernetes.io/name")) ? 4 : NOT_PROMETHEUS;
    }

    /** Prometheus's web port: 9090 or a port named for the web, or the community chart's 80. */
    static Optional<ServiceObject.Port> webPort(ServiceObject s, int rank) {
        Optional<ServiceObject.Port> p = s.port(9090).or(() -> s.portNamed("web")).or(() -> s.portNamed("http-web"));
        if (rank >= 3) {
            p = p.or(() -> s.portNamed("http")).or(() -> s.port(80));
        }
        return p;
    }

    private static int namespaceOrder(String ns) {
        int i = NAMESPACES.indexOf(ns);
        return i < 0 ? NAMESPACES.size() : i;
    }
}
