package dev.flightdeck.sandbox;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeList;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox serves the REST semantics the console relies on, checked with an ordinary fabric8 client. */
class SandboxApiServerTest {

    private static SandboxCluster sandbox;
    private static KubernetesClient client;

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(64);
        client = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(sandbox.url()).build()).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        sandbox.close();
    }

    @Test
    void answersOnlyRequestsAddressedToItByALoopbackName() throws Exception {
        int port = java.net.URI.create(sandbox.url()).getPort();
        for (String host : new String[]{"evil.example:" + port, "evil.example", "127.0.0.1.evil.example:" + port}) {
            String answer = get(port, "/api/v1/nodes", host);
            assertTrue(answer.startsWith("HTTP/1.1 403 ") && answer.contains("\"message\":\"the sandbox answers only requests "
                    + "addressed to it by a loopback name (127.0.0.1, localhost or [::1]), not to " + host + "\""), answer);
            assertFalse(answer.contains("system-node-0"), "a page rebound to 127.0.0.1 reads nothing");
        }
        // Any loopback port: a proxy on another port (a test's fault injector) forwards its own Host.
        for (String host : new String[]{"127.0.0.1:" + port, "127.0.0.1:" + (port + 1), "localhost", "[::1]:" + port}) {
            assertTrue(get(port, "/api/v1/nodes/system-node-0", host).startsWith("HTTP/1.1 200 "), host);
        }
    }

    private static String get(int port, String path, String host) throws java.io.IOException {
        return SandboxControlSurfaceTest.rawRequest(port, "HTTP/1.1", "GET", path, "Host: " + host, null, null);
    }

    @Test
    void seededFleetHasGpuNodesSystemNodesAndPodsInProportion() {
        NodeList nodes = client.nodes().list();
        assertEquals(67, nodes.getItems().size());
        long gpuNodes = nodes.getItems().stream()
                .filter(n -> "true".equals(n.getMetadata().getLabels().get("nvidia.com/gpu.present"))).count();
        assertEquals(64, gpuNodes);
        int pods = client.pods().inAnyNamespace().list().getItems().size();
        assertTrue(pods > 64 * 12 && pods < 64 * 15, "pods in proportion to nodes: " + pods);
    }

    @Test
    void pagedListReturnsEveryPodOnceWithAContinueToken() {
        Set<String> seen = new HashSet<>();
        String cont = null;
        int pages = 0;
        do {
            PodList page = client.pods().inAnyNamespace().list(
                    new io.fabric8.kubernetes.api.model.ListOptionsBuilder().withLimit(100L).withContinue(cont).build());
            page.getItems().forEach(p -> assertTrue(seen.add(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName())));
            cont = page.getMetadata().getContinue();
            pages++;
        } while (cont != null && !cont.isEmpty());
        assertEquals(sandbox.store().count("pods"), seen.size());
        assertEquals((seen.size() + 99) / 100, pages);
    }

    @Test
    void fieldSelectorOnNodeNameAndLabelSelectorsWork() {
        PodList onNode = client.pods().inAnyNamespace().withField("spec.nodeName", "gpu-node-000").list();
        assertTrue(onNode.getItems().size() >= 13);
        onNode.getItems().forEach(p -> assertEquals("gpu-node-000", p.getSpec().getNodeName()));
        PodList ranks = client.pods().inNamespace("training").withLabel("batch.kubernetes.io/job-name", "llm-pretrain").list();
        assertEquals(32, ranks.getItems().size(), "llm-pretrain spans nodes 0-31; the ranks of the two gated nodes (30, 31) are Pending");
    }

    @Test
    void createGetPatchAndDeleteGoThroughTheStore() {
        Pod pod = new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("scratch").endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage("busybox").endContainer().endSpec().build();
        Pod created = client.pods().inNamespace("default").resource(pod).create();
        assertNotNull(created.getMetadata().getUid());
        Pod patched = client.pods().inNamespace("default").withName("scratch")
                .edit(p -> { p.getMetadata().setLabels(java.util.Map.of("x", "y")); return p; });
        assertEquals("y", patched.getMetadata().getLabels().get("x"));
        assertTrue(Long.parseLong(patched.getMetadata().getResourceVersion())
                > Long.parseLong(created.getMetadata().getResourceVersion()));
        client.pods().inNamespace("default").withName("scratch").delete();
        assertEquals(null, client.pods().inNamespace("default").withName("scratch").get());
    }

    @Test
    void staleResourceVersionOnReplaceIsAConflict() {
        Node n = client.nodes().withName("gpu-node-001").get();
        client.nodes().withName("gpu-node-001").edit(x -> { x.getMetadata().getLabels().put("touched", "1"); return x; });
        n.getMetadata().getLabels().put("touched", "2");
        KubernetesClientException e = assertThrows(KubernetesClientException.class,
                () -> client.nodes().resource(n).update());
        assertEquals(409, e.getCode());
    }

    @Test
    void unknownResourceIs404WithAStatusBody() {
        KubernetesClientException e = assertThrows(KubernetesClientException.class,
                () -> client.pods().inNamespace("default").withName("no-such-pod").edit(p -> p));
        assertEquals(404, e.getCode());
    }
}
