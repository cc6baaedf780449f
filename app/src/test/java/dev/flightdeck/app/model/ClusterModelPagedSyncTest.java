package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.watch.ListProgress;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model folds a streamed first LIST page by page: nodes are there with their verdicts after their last page while
 * the pods are still coming, a gang forms from the ranks seen so far, and the sync is whole (and waited for) only with
 * the pods' last page. What it says of its progress is what the pages said.
 */
class ClusterModelPagedSyncTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    @Test
    void nodesAreWholeBeforeThePodsAndTheSyncEndsWithThePodsLastPage() throws Exception {
        try (ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, Clock.fixed(NOW, ZoneOffset.UTC))) {
            model.onNodeEvent(new WatchEvent.Paged<>(List.of(ModelFacts.gpuNode("gpu-node-000"), ModelFacts.gpuNode("gpu-node-001")), new ListProgress(2, 2, false)));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertNotNull(model.node("gpu-node-000"), "the first page is there before the list ends");
            assertEquals(new ListProgress(2, 2, false), model.sync().nodes());
            assertFalse(model.awaitNodesListed(0, TimeUnit.SECONDS));

            model.onNodeEvent(new WatchEvent.Paged<>(List.of(ModelFacts.gpuNode("gpu-node-002"), ModelFacts.gpuNode("gpu-node-003")), new ListProgress(4, 0, true)));
            assertTrue(model.awaitNodesListed(5, TimeUnit.SECONDS));
            assertEquals(4, model.sync().gpuNodes());
            assertFalse(model.sync().podsListed());

            model.onPodEvent(new WatchEvent.Paged<>(List.of(ModelFacts.rank(0, NOW), ModelFacts.rank(1, NOW)), new ListProgress(2, 2, false)));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(2, model.podCount());
            assertEquals(1, model.gangs().size(), "the gang forms from the ranks seen so far");
            assertEquals(2, model.sync().pods().soFar());
            assertEquals(4, model.sync().pods().expected());
            assertFalse(model.awaitSynced(0, TimeUnit.SECONDS), "not synced until the pods are whole");

            model.onPodEvent(new WatchEvent.Paged<>(List.of(ModelFacts.rank(2, NOW), ModelFacts.rank(3, NOW)), new ListProgress(4, 0, true)));
            assertTrue(model.awaitSynced(5, TimeUnit.SECONDS));
            assertTrue(model.sync().podsListed());
            assertEquals(1, model.sync().gangs());
            assertEquals(4, model.podCount());
            assertEquals(1, model.node("gpu-node-003").podCount(), "each node counts the rank the last page put on it");
        }
    }
}
