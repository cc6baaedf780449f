package dev.flightdeck.app.controlplane;

import dev.flightdeck.app.kube.KubeRest;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lane's own footing: the control plane answers the console's connection, the real scheduler
 * binds a GPU pod to a registered node, the kubelet stand-in runs it, and {@code pods/log} reaches
 * the stand-in through the API server as it would reach a kubelet.
 */
@ExtendWith(RealKube.class)
class RealControlPlaneTest {

    @Test
    void schedulerBindsAGpuPodAndTheStandInRunsItAndServesItsLog(RealCluster real) throws Exception {
        String node = RealCluster.unique("smoke-node");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        String ns = real.namespace("smoke");
        real.kubelet().script(p -> p.getMetadata().getName().equals("hello") ? KubeletStandIn.Script.exit(0,
                "line 1\nline 2\nTest PASSED\n") : null);
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("hello").endMetadata()
                .withNewSpec().withRestartPolicy("Never").withNodeSelector(Map.of("kubernetes.io/hostname", node))
                .addNewContainer().withName("c").withImage("busybox")
                .withNewResources().withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer()
                .endSpec().build()).create();
        Pod done = real.admin().pods().inNamespace(ns).withName("hello").waitUntilCondition(
                p -> p != null && "Succeeded".equals(p.getStatus().getPhase()), 30, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(node, done.getSpec().getNodeName(), "the real scheduler placed it on the node its selector names");
        KubeRest rest = real.adminRest();
        KubeRest.Answer log = rest.get("/api/v1/namespaces/" + ns + "/pods/hello/log?tailLines=2");
        assertEquals(200, log.code(), () -> new String(log.body()));
        assertEquals("line 2\nTest PASSED\n", new String(log.body()));
        assertTrue(rest.get("/version").ok());
    }
}
