package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Frames and gangs for the telemetry rules' tests: GPUs as dcgm-exporter's series place them. */
final class Frames {

    static final Instant NOW = Instant.parse("2026-11-27T14:30:00Z");
    static final Duration WINDOW = StallThresholds.DEFAULTS.window();

    private Frames() {
    }

    /** A GPU on {@code node} used by {@code pod} (null: no workload) at {@code util}% now, {@code utilMax}% at most over the window. */
    static GpuSignals gpu(String node, int index, String pod, double util, double utilMax, Map<DcgmField, Double> more) {
        Map<DcgmField, Double> values = new EnumMap<>(DcgmField.class);
        values.put(DcgmField.GPU_UTIL, util);
        values.putAll(more);
        return new GpuSignals(new GpuPlacement(node, index, "GPU-" + node + "-" + index, "NVIDIA H100 80GB HBM3",
                pod == null ? null : "training", pod), values, utilMax, false);
    }

    static GpuSignals gpu(String node, int index, String pod, double util, double utilMax) {
        return gpu(node, index, pod, util, utilMax, Map.of());
    }

    /** Each rank's 8 GPUs on node {@code gpu-node-00R}, every one at {@code util}% (rank {@code slowRank} at {@code slowUtil}). */
    static List<GpuSignals> gangGpus(String job, int ranks, double util, double utilMax, int slowRank, double slowUtil) {
        List<GpuSignals> out = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            for (int g = 0; g < 8; g++) {
                double u = r == slowRank ? slowUtil : util;
                out.add(gpu("gpu-node-00" + r, g, job + "-" + r, u, Math.max(u, utilMax)));
            }
        }
        return out;
    }

    static TelemetryFrame frame(List<GpuSignals> gpus) {
        return new TelemetryFrame(NOW, "a test Prometheus", WINDOW, gpus, List.of(), 0);
    }

    /** A gang whose ranks all run, rank r as pod {@code job-r} on {@code gpu-node-00r}. */
    static Gang runningGang(String job, int ranks) {
        List<RankSlot> slots = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            slots.add(new RankSlot(r, "", job + "-" + r, "gpu-node-00" + r, RankState.RUNNING, 0, 8, null, null, null));
        }
        return new Gang(new GangKey(GangSystem.INDEXED_JOB, "training", job), ranks, ranks, ranks,
                8, 8 * ranks, ranks, NOW.minus(Duration.ofHours(3)), GangVerdict.RUNNING, List.of(), false, slots, Map.of());
    }
}
