package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.nodes.PodFacts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PodProjectorTest {

    private static List<PodFacts> capturedGang() throws IOException {
        JsonNode list = KubeJson.MAPPER.readTree(Fixtures.capture("pods-indexed-job.json"));
        List<PodFacts> out = new ArrayList<>();
        for (JsonNode item : list.path("items")) {
            out.add(PodProjector.parse(KubeJson.MAPPER.writeValueAsBytes(item)));
        }
        return out;
    }

    @Test
    void realIndexedJobPodsKeepRankNodeGpusAndOwner() throws IOException {
        List<PodFacts> pods = capturedGang();
        assertEquals(3, pods.size());
        PodFacts rank0 = pods.get(0);
        assertEquals("llm-pretrain-0-6vnc4", rank0.name());
        assertEquals("gpu-node-000", rank0.nodeName());
        assertEquals("Running", rank0.phase());
        assertEquals(8, rank0.gpuRequest());
        assertEquals("Job", rank0.ownerKind());
        assertEquals("llm-pretrain", rank0.ownerName());
        assertEquals("0", rank0.labels().get("batch.kubernetes.io/job-completion-index"));
        assertEquals("llm-pretrain", rank0.labels().get("scheduling.x-k8s.io/pod-group"));
        assertFalse(rank0.annotations().containsKey("batch.kubernetes.io/job-completion-index"),
                "the annotation only repeats the label: one copy is kept");
    }

    @Test
    void labelsTheConsoleDoesNotReadAreDropped() throws IOException {
        PodFacts rank0 = capturedGang().get(0);
        assertFalse(rank0.labels().containsKey("app"), "the 'app' label is not read and must not be kept");
        assertFalse(rank0.labels().containsKey("controller-uid"));
        assertFalse(rank0.labels().containsKey("batch.kubernetes.io/controller-uid"), "no gang is keyed by the uid");
        assertEquals("llm-pretrain", rank0.labels().get("batch.kubernetes.io/job-name"));
        assertFalse(rank0.labels().containsKey("job-name"), "the legacy spelling repeats the name");
    }

    @Test
    void pendingRankCarriesTheSchedulersReason() throws IOException {
        PodFacts rank1 = capturedGang().get(1);
        assertNull(rank1.nodeName());
        assertEquals("Pending", rank1.phase());
        assertFalse(rank1.ready());
        assertTrue(rank1.reason().contains("untolerated taint {flightdeck.dev/preflight: pending}"), rank1.reason());
    }

    @Test
    void repeatedStringsAreShared() throws IOException {
        JsonNode list = KubeJson.MAPPER.readTree(Fixtures.capture("pods-indexed-job.json"));
        PodProjector projector = new PodProjector();
        List<PodFacts> pods = new ArrayList<>();
        for (JsonNode item : list.path("items")) {
            try (var parser = KubeJson.MAPPER.treeAsTokens(item)) {
                parser.nextToken();
                pods.add(projector.read(parser).item());
            }
        }
        assertTrue(pods.get(0).namespace() == pods.get(2).namespace(), "namespace should be one shared string");
        assertTrue(pods.get(0).phase() == pods.get(2).phase(), "phase should be one shared string");
    }
}
