package dev.flightdeck.app.kube;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Paths made from their parts, and typed objects read from what a real kube-apiserver 1.32 returned. */
class KubeObjectsTest {

    @Test
    void pathsAreMadeFromTheirPartsAndEncodedOnce() {
        assertEquals("/api/v1/namespaces/training/pods/llm-0/log?container=trainer&tailLines=200",
                ApiResource.PODS.path().in("training").named("llm-0").sub("log").param("container", "trainer")
                        .param("tailLines", 200).toString());
        assertEquals("/apis/batch/v1/namespaces/a%20b/jobs", ApiResource.JOBS.path().in("a b").toString());
        assertEquals("/api/v1/nodes?labelSelector=flightdeck.dev%2Fdrill%3Dx",
                ApiResource.NODES.path().param("labelSelector", "flightdeck.dev/drill=x").toString());
        assertEquals("/apis/events.k8s.io/v1/events", ApiResource.EVENTS.path().toString());
        assertThrows(IllegalArgumentException.class, () -> ApiResource.NODES.path().in("x"));
        assertThrows(IllegalStateException.class, () -> ApiResource.PODS.path().in("x").sub("log"));
        assertEquals("jobs.batch", ApiResource.JOBS.qualifiedName());
        assertEquals("batch/v1", ApiResource.JOBS.apiVersion());
    }

    @Test
    void podsAsTheServerReturnedThem() throws Exception {
        ObjectList<PodObject> pods = KubeJson.MAPPER.readValue(Fixtures.bytes("kube-apiserver-1.32/pods-indexed-job.json"),
                new TypeReference<>() { });
        assertEquals(3, pods.items().size());
        PodObject running = pods.items().stream().filter(p -> "Running".equals(p.status().phase())).findFirst().orElseThrow();
        assertTrue(running.spec().nodeName().startsWith("gpu-node-"), running.spec().nodeName());
        assertEquals(List.of(running.spec().containers().getFirst().name()), running.containerNames());
        assertTrue(running.metadata().creationTimestamp().isBefore(Instant.parse("2027-01-01T00:00:00Z")));
        assertEquals("Job", running.metadata().controller().orElseThrow().kind());
        assertTrue(running.metadata().labels().containsKey("batch.kubernetes.io/job-completion-index"));
        PodObject pending = pods.items().stream().filter(p -> "Pending".equals(p.status().phase())).findFirst().orElseThrow();
        assertEquals(null, pending.spec().nodeName());
        assertEquals("", pods.metadata()._continue(), "the last page (this capture is a whole list)");
    }
}
