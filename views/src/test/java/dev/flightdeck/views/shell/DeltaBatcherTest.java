package dev.flightdeck.views.shell;

import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.nodes.NodeSummary;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeltaBatcherTest {

    private static ClusterDelta delta(long version) {
        return new ClusterDelta(version, false, List.of(), Set.of(), NodeSummary.EMPTY);
    }

    /** A sink that keeps every batch and leaves nothing waiting. */
    private static DeltaBatcher collecting(List<List<ClusterDelta>> batches) {
        return collecting(batches, BatchPacing.fx());
    }

    private static DeltaBatcher collecting(List<List<ClusterDelta>> batches, BatchPacing pacing) {
        return new DeltaBatcher((batch, deadline) -> {
            batches.add(batch);
            return 0;
        }, pacing);
    }

    @Test
    void whatTheScreensCouldNotApplyInTimeIsOfferedAgainWithoutNewDeltas() {
        List<Integer> offered = new ArrayList<>();
        int[] waiting = {3};
        DeltaBatcher batcher = new DeltaBatcher((batch, deadline) -> {
            offered.add(batch.size());
            assertTrue(deadline - System.nanoTime() <= DeltaBatcher.BUDGET_MILLIS * 1_000_000, "a deadline within the budget");
            return --waiting[0];
        });
        batcher.accept(delta(1));
        batcher.drain();
        assertEquals(2, batcher.backlog());
        batcher.drain();
        batcher.drain();
        assertEquals(0, batcher.backlog());
        batcher.drain();
        assertEquals(List.of(1, 0, 0), offered, "called again while changes wait, then no more");
    }

    @Test
    void whileTheScreensFinishSomethingEveryTickReachesThemEvenWithNothingNew() {
        List<Integer> offered = new ArrayList<>();
        boolean[] finishing = {false};
        DeltaBatcher batcher = new DeltaBatcher((batch, deadline) -> {
            offered.add(batch.size());
            return 0;
        });
        batcher.finishWhile(() -> finishing[0]);
        batcher.drain();
        assertEquals(List.of(), offered, "nothing new, nothing to finish: the screens are left alone");
        finishing[0] = true;
        batcher.drain();
        batcher.drain();
        finishing[0] = false;
        batcher.drain();
        assertEquals(List.of(0, 0), offered, "an empty batch on each tick while they finish");
    }

    @Test
    void drainHandsOverEverythingQueuedInOrderAsOneBatch() throws InterruptedException {
        List<List<ClusterDelta>> batches = new ArrayList<>();
        DeltaBatcher batcher = collecting(batches);
        Thread model = Thread.ofPlatform().start(() -> {
            for (long v = 1; v <= 1000; v++) {
                batcher.accept(delta(v));
            }
        });
        model.join();
        assertEquals(1000, batcher.drain());
        assertEquals(1, batches.size());
        List<Long> versions = batches.getFirst().stream().map(ClusterDelta::version).toList();
        for (int i = 0; i < versions.size(); i++) {
            assertEquals(i + 1, versions.get(i));
        }
        assertEquals(0, batcher.drain(), "an empty queue calls nobody");
        assertEquals(1, batches.size());
    }

    @Test
    void aPressedButtonHoldsUpdatesBackAtMostASecondAndTheLagIsMeasured() {
        List<List<ClusterDelta>> batches = new ArrayList<>();
        ManualPacing clock = new ManualPacing();
        DeltaBatcher batcher = collecting(batches, clock);
        boolean[] pressed = {true};
        batcher.holdWhile(() -> pressed[0]);
        batcher.accept(delta(1));
        assertEquals(0, batcher.drain(), "held while the button is down");
        clock.advance(Duration.ofMillis(60));
        pressed[0] = false;
        assertEquals(1, batcher.drain(), "released: applied");
        assertEquals(60, batcher.lagMillis(), "the delta waited from its arrival to the drain");

        pressed[0] = true;
        batcher.accept(delta(2));
        assertEquals(0, batcher.drain());
        clock.advance(Duration.ofMillis(DeltaBatcher.MAX_HOLD_MILLIS - 1));
        assertEquals(0, batcher.drain(), "still held a millisecond short of the limit");
        clock.advance(Duration.ofMillis(1));
        assertEquals(1, batcher.drain(), "a button held down does not freeze the screen");
        assertEquals(2, batches.size());
    }

    @Test
    void stopDropsWhatBelongsToTheOldCluster() {
        List<List<ClusterDelta>> batches = new ArrayList<>();
        DeltaBatcher batcher = collecting(batches);
        batcher.accept(delta(1));
        batcher.stop();
        batcher.accept(delta(2));
        assertEquals(0, batcher.drain());
        assertEquals(0, batcher.pending());
        assertTrue(batches.isEmpty());
    }

    @Test
    void theModelThreadOnlyQueuesAndEachTickOfTenASecondHandsOverOneBatch() throws InterruptedException {
        List<List<ClusterDelta>> batches = new CopyOnWriteArrayList<>();
        ManualPacing clock = new ManualPacing();
        DeltaBatcher batcher = collecting(batches, clock);
        batcher.start();
        assertEquals(List.of(Duration.ofMillis(1000 / DeltaBatcher.MAX_HZ)), clock.periods(), "ticks at the batcher's rate");
        Thread model = Thread.ofPlatform().start(() -> {
            for (long v = 1; v <= 10_000; v++) {
                batcher.accept(delta(v));
            }
        });
        model.join();
        assertTrue(batches.isEmpty(), "the flood reached nobody between ticks");
        clock.tick();
        clock.tick();
        assertEquals(List.of(10_000), batches.stream().map(List::size).toList(), "one batch for the tick, none for an empty one");
        assertFalse(clock.frame(), "nothing waits, so no per-frame draining");
    }

    @Test
    void whileChangesWaitEveryFrameDrainsUntilNoneWaitThenFramesStop() {
        List<Integer> offered = new ArrayList<>();
        int[] waiting = {3};
        ManualPacing clock = new ManualPacing();
        DeltaBatcher batcher = new DeltaBatcher((batch, deadline) -> {
            offered.add(batch.size());
            assertEquals(clock.nanoTime() + DeltaBatcher.BUDGET_MILLIS * 1_000_000, deadline, "the budget from now");
            return --waiting[0];
        }, clock);
        batcher.start();
        batcher.accept(delta(1));
        clock.tick();
        assertEquals(2, batcher.backlog());
        assertTrue(clock.frame(), "changes wait: the next frame drains");
        assertTrue(clock.frame());
        assertEquals(0, batcher.backlog());
        assertTrue(clock.frame(), "the frame that finds nothing waiting stops the per-frame draining");
        assertFalse(clock.frame());
        assertEquals(List.of(1, 0, 0), offered);
    }

    @Test
    void onScreenAFloodReachesTheFxThreadAtMostTenTimesASecond() throws Exception {
        FxToolkit.registerPrimaryStage();
        List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        List<Boolean> onFxThread = new CopyOnWriteArrayList<>();
        DeltaBatcher batcher = new DeltaBatcher((b, deadline) -> {
            batchSizes.add(b.size());
            onFxThread.add(Platform.isFxApplicationThread());
            return 0;
        });
        long begun = System.nanoTime();
        CountDownLatch started = new CountDownLatch(1);
        Platform.runLater(() -> {
            batcher.start();
            started.countDown();
        });
        assertTrue(started.await(30, TimeUnit.SECONDS));
        // The flood goes on until the timeline has drained a few times, however slowly the loaded machine runs it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long v = 0;
        while (batchSizes.size() < 5) {
            assertTrue(System.nanoTime() < deadline, "the timeline drained " + batchSizes.size() + " times in 60 s");
            batcher.accept(delta(++v));
            if (v % 1000 == 0) {
                Thread.sleep(1); // paces the flood: the FX thread needs a core too
            }
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Platform.runLater(() -> {
            batcher.drain();
            batcher.stop();
            stopped.countDown();
        });
        assertTrue(stopped.await(30, TimeUnit.SECONDS));
        double seconds = (System.nanoTime() - begun) / 1e9;

        assertEquals(v, batchSizes.stream().mapToLong(Integer::longValue).sum(), "nothing lost");
        // A tick per tenth of a second that passed, one for the boundary and the last drain above.
        assertTrue(batchSizes.size() <= seconds * DeltaBatcher.MAX_HZ + 2,
                v + " deltas arrived in " + batchSizes.size() + " batches over " + seconds + " s");
        assertTrue(onFxThread.stream().allMatch(b -> b), "batches are applied on the FX thread");
    }
}
