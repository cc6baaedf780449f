package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuHealthRules;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.telemetry.GpuUtilHistory;
import dev.flightdeck.views.telemetry.TelemetryViewModel;
import dev.flightdeck.views.telemetry.TestFrames;
import javafx.beans.property.SimpleStringProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.flightdeck.views.telemetry.TestFrames.gpu;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The node details' GPU table from hand-built telemetry frames read by a real poller; no scene. */
class NodeGpusViewModelTest {

    private final TestFrames.Feed feed = new TestFrames.Feed();
    private final TelemetryViewModel telemetry = new TelemetryViewModel(Runnable::run, Runnable::run);
    private final SimpleStringProperty node = new SimpleStringProperty();
    private final NodeGpusViewModel vm = new NodeGpusViewModel(node, telemetry.snapshotProperty());

    /** gpu-node-003: eight H100s, GPU 3 with a failed row remap and double-bit errors, GPU 5 throttled while busy. */
    private static List<GpuSignals> node3(double util) {
        List<GpuSignals> gpus = new ArrayList<>();
        for (int i = 7; i >= 0; i--) { // out of order: the table sorts by index
            Map<DcgmField, Double> more = new java.util.EnumMap<>(Map.of(DcgmField.FB_USED, 40_960.0,
                    DcgmField.FB_FREE, 40_960.0, DcgmField.GPU_TEMP, 64.0, DcgmField.POWER_USAGE, 512.4,
                    DcgmField.SM_CLOCK, 1_980.0, DcgmField.MAX_SM_CLOCK, 1_980.0, DcgmField.ECC_SBE_VOL_TOTAL, 0.0,
                    DcgmField.ECC_DBE_VOL_TOTAL, 0.0, DcgmField.ROW_REMAP_FAILURE, 0.0, DcgmField.XID_ERRORS, 0.0));
            if (i == 3) {
                more.putAll(Map.of(DcgmField.ROW_REMAP_FAILURE, 1.0, DcgmField.ECC_DBE_VOL_TOTAL, 2.0,
                        DcgmField.ECC_SBE_VOL_TOTAL, 1_204.0, DcgmField.XID_ERRORS, 48.0));
            }
            if (i == 5) {
                more.put(DcgmField.SM_CLOCK, 1_100.0);
                more.putAll(Map.of(DcgmField.PCIE_REPLAY_COUNTER, 3.0, DcgmField.NVLINK_REPLAY_ERRORS, 1_750.0));
            }
            gpus.add(gpu("gpu-node-003", i, "llm-3", util, more));
        }
        return gpus;
    }

    @Test
    void theSelectedNodesGpusInIndexOrderInWords() {
        telemetry.attach(feed.poller);
        feed.read(TestFrames.frame(node3(87)), Duration.ofSeconds(30));
        node.set("gpu-node-003");

        assertNull(vm.noteProperty().get());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), vm.lines().stream().map(GpuLine::index).toList());
        assertTrue(vm.sourceProperty().get().startsWith("a test Prometheus, read "), vm.sourceProperty().get());
        GpuLine g0 = vm.lines().getFirst();
        assertEquals("NVIDIA H100 80GB HBM3", g0.model());
        assertEquals("87%", g0.utilText());
        assertEquals("40.0 / 80.0 GiB", g0.memory(), "MiB used of used + free, in GiB");
        assertEquals("64 °C", g0.temperature());
        assertEquals("512 W", g0.power());
        assertEquals(new GpuLine.Flagged("1,980 / 1,980 MHz", false), g0.clock());
        assertEquals(new GpuLine.Flagged("none", false), g0.rowRemap());
        assertEquals(new GpuLine.Flagged("none", false), g0.lastXid());
        assertEquals("training/llm-3", g0.pod());
        assertEquals("—", g0.replays(), "an exporter without the replay counters");
        assertNull(g0.trouble());

        GpuLine g3 = vm.lines().get(3);
        assertEquals(new GpuLine.Flagged("1,204 / 2", true), g3.ecc());
        assertEquals(new GpuLine.Flagged("failed", true), g3.rowRemap());
        assertEquals(new GpuLine.Flagged("48", false), g3.lastXid(), "an old Xid is not flagged");
        assertEquals("a row remapping failed", g3.trouble());

        assertEquals(new GpuLine.Flagged("1,100 / 1,980 MHz · throttled", true), vm.lines().get(5).clock());
        assertEquals("PCIe 3 · NVLink 1,750", vm.lines().get(5).replays());
    }

    @Test
    void eachRefreshRedrawsTheRowsWithTheLastHourGapsIncluded() {
        telemetry.attach(feed.poller);
        node.set("gpu-node-003");
        feed.read(TestFrames.frame(node3(20)), Duration.ofSeconds(30));
        feed.read(null, Duration.ofSeconds(30));
        assertEquals(0, vm.lines().size());
        assertEquals("no GPU telemetry: a test Prometheus did not answer (test)", vm.noteProperty().get());
        feed.read(TestFrames.frame(node3(95)), Duration.ofSeconds(30));

        assertEquals(8, vm.lines().size());
        assertEquals("95%", vm.lines().getFirst().utilText());
        assertArrayEquals(new byte[]{20, GpuUtilHistory.MISSING, 95}, vm.lines().getFirst().history());
    }

    @Test
    void aNodeWithoutSeriesOrAClusterWithoutTelemetrySaysWhyInOneLine() {
        telemetry.attach(feed.poller);
        node.set("gpu-node-003");
        assertEquals("GPU telemetry: waiting for the first read", vm.noteProperty().get());

        feed.read(TestFrames.frame(node3(50)), Duration.ofSeconds(30));
        node.set("gpu-node-004");
        assertTrue(vm.lines().isEmpty());
        assertEquals("no GPU telemetry series for this node (a test Prometheus)", vm.noteProperty().get());

        node.set(null);
        assertNull(vm.noteProperty().get(), "nothing selected, nothing to say");
        assertTrue(vm.lines().isEmpty());
    }

    @Test
    void theThrottledFlagIsTheNodeVerdictsRule() {
        // The flag is GpuHealthRules' rule (busy, clocked under 80 % of max): it must flag exactly what degrades the node.
        for (double util : new double[]{10, 49, 50, 90}) {
            for (double clock : new double[]{900, 1_583, 1_584, 1_585, 1_980}) {
                GpuSignals g = gpu("n", 0, "p", util, Map.of(DcgmField.SM_CLOCK, clock, DcgmField.MAX_SM_CLOCK, 1_980.0));
                boolean degraded = GpuHealthRules.assess(TestFrames.frame(List.of(g))).getOrDefault("n", List.of()).stream()
                        .anyMatch(f -> f.verdict() == NodeVerdict.DEGRADED && f.words().contains("throttled"));
                assertEquals(degraded, GpuLine.of(g, new byte[0]).clock().flagged(), util + "% at " + clock + " MHz");
            }
        }
        assertFalse(GpuLine.of(gpu("n", 0, "p", 90, Map.of(DcgmField.SM_CLOCK, 900.0)), new byte[0]).clock().flagged(),
                "without a maximum nothing is flagged");
    }
}
