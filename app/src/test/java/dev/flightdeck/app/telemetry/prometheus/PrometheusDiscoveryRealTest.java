package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ServiceObject;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import io.fabric8.kubernetes.api.model.EndpointsBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.ServicePortBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Finding a Prometheus behind the real API server (kube-apiserver 1.32): which Service is chosen as the usual installs
 * are added one by one, and a read through the API server's real service proxy to the real Prometheus. The proxy
 * refuses loopback endpoints, so the Prometheus listens on this machine's non-loopback address and the chosen
 * Service's Endpoints name it.
 */
@ExtendWith({RealKube.class, RealPrometheus.class})
class PrometheusDiscoveryRealTest {

    @Test
    void theUsualInstallsAreFoundBestFirstAndReadThroughTheServiceProxy(RealCluster cluster, RealPrometheus.Loaded p)
            throws Exception {
        KubernetesClient admin = cluster.admin();
        KubeRest rest = cluster.adminRest();
        ensureNamespace(admin, "observability");
        ensureNamespace(admin, "monitoring");
        String operatedNs = cluster.namespace("kps");
        Service server = service("observability", "prometheus-server", Map.of("app", "prometheus", "component", "server"),
                "http", 80);
        Service stack = service("monitoring", "prom-kube-prometheus-prometheus",
                Map.of("app", "kube-prometheus-stack-prometheus", "self-monitor", "true"), "http-web", 9090);
        Service operated = service(operatedNs, "prometheus-operated",
                Map.of("operated-prometheus", "true", "app.kubernetes.io/name", "prometheus"), "web", 9090);
        try {
            admin.resource(server).create();
            PrometheusDiscovery.Found f = new PrometheusDiscovery(rest).find().orElseThrow();
            assertEquals("observability/prometheus-server:80, found by its usual name in observability", said(f));

            admin.resource(stack).create();
            assertEquals("monitoring/prom-kube-prometheus-prometheus:9090, found by its usual name in monitoring",
                    said(new PrometheusDiscovery(rest).find().orElseThrow()));

            admin.resource(operated).create();
            assertNotEquals("127.0.0.1", p.server().host(), "the API server's service proxy refuses loopback endpoints: "
                    + "this machine needs a non-loopback IPv4 address for the Prometheus to listen on");
            // A Service without a selector and Endpoints by hand: the API server's proxy dials what they name, once it
            // has checked that the address is a Pod's (targetRef, status.podIPs), as the operator's StatefulSet pod is.
            String ip = p.server().host();
            admin.resource(new PodBuilder().withNewMetadata().withName("prometheus-k8s-0").withNamespace(operatedNs)
                    .endMetadata().withNewSpec().addNewSchedulingGate("flightdeck.dev/never-scheduled").addNewContainer()
                    .withName("prometheus").withImage("quay.io/prometheus/prometheus:v2.42.0").endContainer().endSpec()
                    .build()).create();
            admin.pods().inNamespace(operatedNs).withName("prometheus-k8s-0").subresource("status").patch(
                    PatchContext.of(PatchType.JSON_MERGE), "{\"status\":{\"podIP\":\"" + ip + "\",\"podIPs\":[{\"ip\":\""
                            + ip + "\"}]}}");
            admin.resource(new EndpointsBuilder().withNewMetadata().withName("prometheus-operated")
                    .withNamespace(operatedNs).endMetadata().addNewSubset().addNewAddress().withIp(ip)
                    .withNewTargetRef().withKind("Pod").withNamespace(operatedNs).withName("prometheus-k8s-0").endTargetRef()
                    .endAddress().addNewPort().withName("web").withPort(p.server().port()).endPort().endSubset().build())
                    .create();
            f = new PrometheusDiscovery(rest).find().orElseThrow();
            assertEquals(operatedNs + "/prometheus-operated:9090, found by label operated-prometheus=true", said(f));
            assertEquals("/api/v1/namespaces/" + operatedNs + "/services/prometheus-operated%3A9090/proxy/api/v1/query",
                    f.service().proxyPath(f.port(), "api/v1/query").toString());

            PrometheusTransport t = PrometheusSources.transport(null, rest);
            assertEquals("prometheus-operated in " + operatedNs + " (port 9090), through the API server's service proxy; "
                    + "found by label operated-prometheus=true", t.describe());
            PrometheusSource s = new PrometheusSource(new PrometheusClient(t, Duration.ofSeconds(20)), TestFleet.mapping(),
                    Clock.fixed(p.end(), ZoneOffset.UTC), true);
            TelemetryFrame frame = s.read(Duration.ofMinutes(10));
            assertEquals(32, frame.gpus().size(), frame.problems().toString());
            GpuSignals busy = frame.gpus().stream().filter(g -> g.placement().key().equals("dgx-sm-0/0")).findFirst()
                    .orElseThrow();
            assertEquals(TestFleet.BUSY, busy.value(dev.flightdeck.app.telemetry.DcgmField.GPU_UTIL));
            assertTrue(frame.source().contains("through the API server's service proxy"), frame.source());
        } finally {
            admin.resource(server).delete();
            admin.resource(stack).delete();
        }
    }

    private static String said(PrometheusDiscovery.Found f) {
        ServiceObject s = f.service();
        return s.namespace() + "/" + s.name() + ":" + f.port().number() + ", " + f.how();
    }

    private static Service service(String ns, String name, Map<String, String> labels, String portName, int port) {
        return new ServiceBuilder().withNewMetadata().withName(name).withNamespace(ns).withLabels(labels).endMetadata()
                .withNewSpec().withPorts(new ServicePortBuilder().withName(portName).withPort(port).build()).endSpec()
                .build();
    }

    private static void ensureNamespace(KubernetesClient admin, String name) {
        if (admin.namespaces().withName(name).get() == null) {
            admin.resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        }
    }
}
