package dev.flightdeck.app.watch;

import dev.flightdeck.app.SandboxSession;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Watches over real HTTP against the sandbox: live updates, resume after a drop, relist after 410. */
class WatchResilienceTest {

    private SandboxSession fixture;
    private SandboxCluster sandbox;
    private ClusterSession session;

    @BeforeEach
    void start() throws Exception {
        fixture = SandboxSession.open(16);
        sandbox = fixture.sandbox;
        session = fixture.session;
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void conditionSetThroughTheApiReachesTheModelWithoutAnotherList() throws Exception {
        long lists = sandbox.requests().total("LIST");
        sandbox.control().setNodeCondition("gpu-node-002", "SysLogsXIDError", "True", "XID48", "Xid 48: double-bit ECC error");
        SandboxSession.eventually("gpu-node-002 untrusted", () -> session.fleet().node("gpu-node-002").verdict() == NodeVerdict.UNTRUSTED);
        assertEquals("SysLogsXIDError (XID48): Xid 48: double-bit ECC error",
                session.fleet().node("gpu-node-002").trust().reasonText());
        assertEquals(lists, sandbox.requests().total("LIST"), "a watch event must not cost a LIST");
    }

    @Test
    void droppedWatchResumesFromItsResourceVersionWithoutRelisting() throws Exception {
        long lists = sandbox.requests().total("LIST");
        long watches = sandbox.requests().total("WATCH");
        sandbox.store().dropWatches();
        sandbox.control().deleteNode("gpu-node-003");
        SandboxSession.eventually("deleted node gone", () -> session.fleet().node("gpu-node-003") == null);
        assertTrue(sandbox.requests().total("WATCH") > watches, "the watch was reopened");
        assertEquals(lists, sandbox.requests().total("LIST"), "resuming from a resourceVersion needs no LIST");
    }

    @Test
    void goneAfterCompactionRelistsAndCatchesUp() throws Exception {
        long nodeLists = sandbox.requests().get("LIST", "nodes");
        sandbox.control().setNodeCondition("gpu-node-004", "GpuThermalWatch", "True", "Overheat", "GPU 1 at 93 C");
        sandbox.store().compactHistory();
        sandbox.store().dropWatches();
        SandboxSession.eventually("relisted nodes", () -> sandbox.requests().get("LIST", "nodes") > nodeLists);
        SandboxSession.eventually("gpu-node-004 untrusted after relist",
                () -> session.fleet().node("gpu-node-004").verdict() == NodeVerdict.UNTRUSTED);
    }

    @Test
    void unreachableServerReportsReconnectingWithAttempts() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        try (KubernetesClient client = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(url).withRequestRetryBackoffLimit(0).build()).build();
             ResourceWatcher<dev.flightdeck.app.nodes.NodeFacts> w = new ResourceWatcher<>(
                     new ApiEndpoint(client.getHttpClient(), url), "/api/v1/nodes", "nodes", new NodeProjector(), e -> { }, 500)) {
            w.start();
            SandboxSession.eventually("two failed attempts", () -> w.health().attempt() >= 2);
            assertEquals(WatchPhase.RECONNECTING, w.health().phase());
            assertTrue(w.health().describe().startsWith("reconnecting (attempt "), w.health().describe());
        }
    }
}
