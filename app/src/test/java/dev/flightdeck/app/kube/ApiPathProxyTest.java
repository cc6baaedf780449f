package dev.flightdeck.app.kube;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The pod proxy's path, as {@code kubectl get --raw} writes it: the port after the name, the proxied path after /proxy. */
class ApiPathProxyTest {

    @Test
    void aPodsPortAndPath() {
        assertEquals("/api/v1/namespaces/gpu-operator/pods/nvidia-dcgm-exporter-x7k2p:9400/proxy/metrics",
                ApiResource.PODS.path().in("gpu-operator").named("nvidia-dcgm-exporter-x7k2p").proxy(9400, "/metrics").toString());
        assertEquals("/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/query?query=up",
                ApiResource.SERVICES.path().in("monitoring").named("prometheus-k8s").proxy(9090, "/api/v1/query")
                        .param("query", "up").toString());
    }

    @Test
    void refusedWithoutANameAPortOrAPlainPath() {
        assertThrows(IllegalStateException.class, () -> ApiResource.PODS.path().in("ns").proxy(9400, "/metrics"));
        assertThrows(IllegalArgumentException.class, () -> ApiResource.PODS.path().in("ns").named("p").proxy(0, "/metrics"));
        assertThrows(IllegalArgumentException.class, () -> ApiResource.PODS.path().in("ns").named("p").proxy(9400, "metrics"));
        assertThrows(IllegalArgumentException.class, () -> ApiResource.PODS.path().in("ns").named("p").proxy(9400, "/m?x=1"));
    }
}
