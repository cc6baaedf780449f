package dev.flightdeck.views.telemetry;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shown cluster's telemetry on the FX side, fed by a real poller reading hand-built frames; no scene. */
class TelemetryViewModelTest {

    /** Runs handed-over work at once and counts it: one hand-over per refresh of the shown poller. */
    private final List<Runnable> handedOver = new ArrayList<>();
    private final Executor fx = r -> {
        handedOver.add(r);
        r.run();
    };
    private final TelemetryViewModel vm = new TelemetryViewModel(Runnable::run, fx);

    @Test
    void aRefreshIsIndexedByNodeAndPodAndSaysItsSourceGpusAndStalledGangs() {
        var gangs = List.of(TestFrames.runningGang("stuck", 2), TestFrames.runningGang("also-stuck", 1));
        TestFrames.Feed feed = new TestFrames.Feed(() -> gangs, f -> { });
        List<dev.flightdeck.app.telemetry.GpuSignals> gpus = new ArrayList<>(TestFrames.gangGpus("stuck", 2, r -> 1));
        gpus.addAll(TestFrames.gangGpus("also-stuck", 1, r -> 0).stream()
                .map(g -> TestFrames.gpu("gpu-node-009", g.placement().gpu(), g.placement().pod(), 0)).toList());
        vm.attach(feed.poller);
        assertEquals("GPU telemetry: waiting for the first read", vm.statusLineProperty().get());
        assertTrue(vm.missingProperty().get());

        feed.read(TestFrames.frame(gpus), Duration.ofSeconds(30));

        TelemetrySnapshot s = vm.snapshotProperty().get();
        assertTrue(s.hasFrame());
        assertEquals(8, s.frame().onNode("gpu-node-001").size());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), s.frame().onNode("gpu-node-001").stream()
                .map(g -> g.placement().gpu()).toList(), "in index order");
        assertEquals(8, s.frame().ofPod("training", "stuck-1").size());
        assertEquals(0, s.frame().ofPod("other-namespace", "stuck-1").size(), "a pod is its namespace's");
        assertEquals("GPU telemetry: a test Prometheus · 24 GPUs · 2 stalled gangs", vm.statusLineProperty().get());
        assertFalse(vm.missingProperty().get());
        assertTrue(vm.statusDetailProperty().get().contains("24 allocated GPUs idle"), vm.statusDetailProperty().get());
    }

    @Test
    void noSourceSaysWhyInOneLineAndLeavesAGapInTheHistory() {
        TestFrames.Feed feed = new TestFrames.Feed();
        vm.attach(feed.poller);
        feed.read(TestFrames.frame(List.of(TestFrames.gpu("n1", 0, null, 50))), Duration.ofSeconds(30));
        feed.read(null, Duration.ofSeconds(30));

        TelemetrySnapshot s = vm.snapshotProperty().get();
        assertFalse(s.hasFrame());
        assertEquals("no GPU telemetry: a test Prometheus did not answer (test)", vm.statusLineProperty().get());
        assertEquals(s.whyNone(), vm.statusLineProperty().get());
        assertTrue(vm.missingProperty().get());
        byte[] history = s.historyOf("n1/0");
        assertEquals(2, history.length);
        assertEquals(50, history[0]);
        assertEquals(dev.flightdeck.app.telemetry.GpuUtilHistory.MISSING, history[1], "the failed read is a gap");
    }

    @Test
    void aClusterNoLongerShownLandsNothingAndOnePollerIsListenedToOnce() {
        TestFrames.Feed left = new TestFrames.Feed();
        TestFrames.Feed shown = new TestFrames.Feed();
        vm.attach(left.poller);
        vm.detach();
        assertSame(TelemetrySnapshot.NONE, vm.snapshotProperty().get());
        assertEquals("", vm.statusLineProperty().get(), "no cluster, no line");

        vm.attach(shown.poller);
        shown.read(TestFrames.frame(List.of(TestFrames.gpu("shown-node", 0, null, 10))), Duration.ofSeconds(30));
        left.read(TestFrames.frame(List.of(TestFrames.gpu("left-node", 0, null, 90))), Duration.ofSeconds(30));
        assertEquals(1, vm.snapshotProperty().get().frame().onNode("shown-node").size());
        assertTrue(vm.snapshotProperty().get().frame().onNode("left-node").isEmpty(), "the cluster left is not shown");

        // Switching back and forth to a cluster kept open: still one hand-over per refresh, not one per visit.
        vm.attach(left.poller);
        vm.attach(shown.poller);
        vm.attach(left.poller);
        handedOver.clear();
        left.read(TestFrames.frame(List.of(TestFrames.gpu("left-node", 0, null, 90))), Duration.ofSeconds(30));
        assertEquals(1, handedOver.size());
        assertEquals(1, vm.snapshotProperty().get().frame().onNode("left-node").size());
    }

    @Test
    void anOlderSnapshotArrivingLateDoesNotReplaceANewerOne() {
        TestFrames.Feed feed = new TestFrames.Feed();
        List<Runnable> held = new ArrayList<>();
        TelemetryViewModel late = new TelemetryViewModel(Runnable::run, held::add);
        feed.read(TestFrames.frame(List.of(TestFrames.gpu("n1", 0, null, 10))), Duration.ofSeconds(30));
        late.attach(feed.poller); // reads the one-GPU refresh; its hand-over waits
        feed.read(TestFrames.frame(List.of(TestFrames.gpu("n1", 0, null, 10), TestFrames.gpu("n2", 0, null, 10))),
                Duration.ofSeconds(30));
        assertEquals(2, held.size());
        held.get(1).run(); // the newer refresh lands first …
        held.get(0).run(); // … and the read at attach, older, after it
        assertEquals(2, late.snapshotProperty().get().frame().frame().gpus().size(), "the newer picture stays");
    }
}
