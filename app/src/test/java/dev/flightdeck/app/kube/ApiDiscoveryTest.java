package dev.flightdeck.app.kube;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import dev.flightdeck.app.watch.ApiEndpoint;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A CRD just installed: kube-apiserver 1.32 lists its group version in {@code /apis} a moment
 * before {@code /apis/GROUP/VERSION} answers (the conformance lane met it). Discovery reports it as
 * not served yet instead of failing the whole refresh.
 */
class ApiDiscoveryTest {

    @Test
    void aGroupVersionListedButNotYetServedIsNotServedYet() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getPath();
            String body = path.equals("/apis") ? """
                    {"kind":"APIGroupList","groups":[
                     {"name":"jobset.x-k8s.io","versions":[{"groupVersion":"jobset.x-k8s.io/v1alpha2","version":"v1alpha2"}]},
                     {"name":"kubeflow.org","versions":[{"groupVersion":"kubeflow.org/v1","version":"v1"}]}]}"""
                    : path.equals("/apis/kubeflow.org/v1") ? """
                    {"kind":"APIResourceList","groupVersion":"kubeflow.org/v1","resources":[{"name":"pytorchjobs","kind":"PyTorchJob"}]}"""
                    : null;
            byte[] bytes = (body == null ? "{\"kind\":\"Status\",\"code\":404}" : body).getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl("http://127.0.0.1:" + server.getAddress().getPort()).build();
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
            ApiDiscovery d = new ApiDiscovery(new ApiEndpoint(client.getHttpClient(), client.getConfiguration().getMasterUrl()));
            assertEquals(Set.of("kubeflow.org/v1/pytorchjobs"),
                    d.servedResources(Set.of("jobset.x-k8s.io/v1alpha2", "kubeflow.org/v1")));
        } finally {
            server.stop(0);
        }
    }

    /**
     * A client closed while discovery is asked (an Events view opening as its cluster closes) is a failed read, which
     * callers fall back from, not an exception that escapes their thread.
     */
    @Test
    void aClosedClientIsAFailedReadNotACrash() {
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl("http://127.0.0.1:9").build();
        KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
        ApiEndpoint api = new ApiEndpoint(client.getHttpClient(), client.getConfiguration().getMasterUrl());
        client.close();
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> new ApiDiscovery(api).servedResources(Set.of("events.k8s.io/v1")));
        assertEquals("discovery /apis: the connection is closed", e.getMessage());
        assertEquals(ApiResource.EVENTS_CORE, dev.flightdeck.app.diagnose.events.EventApi.choose(api),
                "the Events fall back to core v1");
    }
}
