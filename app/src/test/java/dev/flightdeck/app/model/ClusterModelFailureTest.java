package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model thread survives a fold that throws: before, the exception ended the thread, its queue
 * grew without bound and the status bar still said "live". Now the change is skipped and counted,
 * the screens get a reset once folding works again, and waiting for a fold never hangs.
 */
class ClusterModelFailureTest {

    /** A clock that can be made to fail, standing in for anything the fold depends on throwing. */
    private static final class BreakableClock extends Clock {
        final AtomicBoolean broken = new AtomicBoolean();

        @Override
        public Instant instant() {
            if (broken.get()) {
                throw new IllegalStateException("clock broke");
            }
            return Instant.parse("2026-11-25T07:00:00Z");
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    private static NodeFacts gpuNode(String name) {
        return new NodeFacts(name, "uid-" + name, "1", Instant.parse("2026-11-01T00:00:00Z"),
                Map.of(GpuLabels.PRESENT, "true"), Map.of(), false, List.of(),
                List.of(new NodeCondition("Ready", "True", "KubeletReady", "kubelet is posting ready status", null)), 8, 8);
    }

    @Test
    void aFoldThatThrowsIsCountedAndTheModelKeepsApplyingChanges() throws Exception {
        BreakableClock clock = new BreakableClock();
        try (ClusterModel model = new ClusterModel(PreflightConvention.DEFAULT, clock)) {
            List<ClusterDelta> deltas = new CopyOnWriteArrayList<>();
            model.subscribe(deltas::add);
            model.onNodeEvent(new WatchEvent.Relisted<>(List.of(gpuNode("gpu-node-000"), gpuNode("gpu-node-001"))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertNull(model.foldProblem());
            assertEquals(2, model.snapshotSummary().gpuNodes());

            clock.broken.set(true);
            model.onNodeEvent(new WatchEvent.Upserted<>(gpuNode("gpu-node-002")));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS), "a failed fold still releases those waiting for it");
            FoldProblems.Problem p = model.foldProblem();
            assertNotNull(p, "the failure is recorded for the status bar");
            assertEquals(1, p.count());
            assertEquals("fleet model: 1 failure, last: folding 1 change (all rebuilt with the next): IllegalStateException: clock broke",
                    p.describe());

            clock.broken.set(false);
            int before = deltas.size();
            model.onNodeEvent(new WatchEvent.Upserted<>(gpuNode("gpu-node-003")));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS), "the model thread is still folding");
            assertEquals(4, model.snapshotSummary().gpuNodes(), "the change from the failed fold is applied with the next one");
            ClusterDelta recovered = deltas.get(deltas.size() - 1);
            assertTrue(deltas.size() > before && recovered.reset(), "the screens get the whole fleet again, not a partial delta");
            assertEquals(4, recovered.upserted().size());
        }
    }
}
