package dev.flightdeck.views.shell;

import dev.flightdeck.app.model.FleetDelta;
import dev.flightdeck.app.fleet.FleetSummary;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeltaBatcherTest {

    private static FleetDelta delta(long version) {
        return new FleetDelta(version, false, List.of(), Set.of(), FleetSummary.EMPTY);
    }

    /** A sink that keeps every batch and leaves nothing waiting. */
    private static DeltaBatcher collecting(List<List<FleetDelta>> batches) {
        return new DeltaBatcher((batch, deadline) -> {
            batches.add(batch);
            return 0;
        });
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
    void drainHandsOverEverythingQueuedInOrderAsOneBatch() throws InterruptedException {
        List<List<FleetDelta>> batches = new ArrayList<>();
        DeltaBatcher batcher = collecting(batches);
        Thread model = Thread.ofPlatform().start(() -> {
            for (long v = 1; v <= 1000; v++) {
                batcher.accept(delta(v));
            }
        });
        model.join();
        assertEquals(1000, batcher.drain());
        assertEquals(1, batches.size());
        List<Long> versions = batches.getFirst().stream().map(FleetDelta::version).toList();
        for (int i = 0; i < versions.size(); i++) {
            assertEquals(i + 1, versions.get(i));
        }
        assertEquals(0, batcher.drain(), "an empty queue calls nobody");
        assertEquals(1, batches.size());
    }

    @Test
    void aPressedButtonHoldsUpdatesBackAtMostASecondAndTheLagIsMeasured() throws InterruptedException {
        List<List<FleetDelta>> batches = new ArrayList<>();
        DeltaBatcher batcher = collecting(batches);
        boolean[] pressed = {true};
        batcher.holdWhile(() -> pressed[0]);
        batcher.accept(delta(1));
        assertEquals(0, batcher.drain(), "held while the button is down");
        Thread.sleep(60);
        pressed[0] = false;
        assertEquals(1, batcher.drain(), "released: applied");
        assertTrue(batcher.lagMillis() >= 60, "the delta waited " + batcher.lagMillis() + " ms");

        pressed[0] = true;
        batcher.accept(delta(2));
        assertEquals(0, batcher.drain());
        Thread.sleep(DeltaBatcher.MAX_HOLD_MILLIS + 50);
        assertEquals(1, batcher.drain(), "a button held down does not freeze the screen");
        assertEquals(2, batches.size());
    }

    @Test
    void stopDropsWhatBelongsToTheOldCluster() {
        List<List<FleetDelta>> batches = new ArrayList<>();
        DeltaBatcher batcher = collecting(batches);
        batcher.accept(delta(1));
        batcher.stop();
        batcher.accept(delta(2));
        assertEquals(0, batcher.drain());
        assertEquals(0, batcher.pending());
        assertTrue(batches.isEmpty());
    }

    @Test
    void aFloodReachesTheFxThreadAtMostTenTimesASecond() throws Exception {
        FxToolkit.registerPrimaryStage();
        List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        List<Boolean> onFxThread = new CopyOnWriteArrayList<>();
        DeltaBatcher batcher = new DeltaBatcher((b, deadline) -> {
            batchSizes.add(b.size());
            onFxThread.add(Platform.isFxApplicationThread());
            return 0;
        });
        CountDownLatch started = new CountDownLatch(1);
        Platform.runLater(() -> {
            batcher.start();
            started.countDown();
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
        long v = 0;
        while (System.nanoTime() < end) {
            batcher.accept(delta(++v));
            if (v % 1000 == 0) {
                Thread.sleep(1);
            }
        }
        Thread.sleep(300);
        CountDownLatch stopped = new CountDownLatch(1);
        Platform.runLater(() -> {
            batcher.drain();
            batcher.stop();
            stopped.countDown();
        });
        assertTrue(stopped.await(5, TimeUnit.SECONDS));

        assertEquals(v, batchSizes.stream().mapToLong(Integer::longValue).sum(), "nothing lost");
        assertTrue(batchSizes.size() <= 1.8 * DeltaBatcher.MAX_HZ + 3,
                v + " deltas arrived in " + batchSizes.size() + " batches over 1.8 s");
        assertTrue(batchSizes.size() >= 3, "the timeline kept draining: " + batchSizes.size());
        assertTrue(onFxThread.stream().allMatch(b -> b), "batches are applied on the FX thread");
    }
}
