package dev.flightdeck.views.telemetry;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.model.GpuTelemetryFindings;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuPlacement;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.app.settings.StallThresholds;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetryJudge;
import dev.flightdeck.app.telemetry.TelemetryPoller;
import dev.flightdeck.app.telemetry.TelemetrySource;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Telemetry frames built by hand, GPUs placed as dcgm-exporter's series place them (after the core's telemetry tests),
 * and a real {@link TelemetryPoller} that reads them one {@link TelemetryPoller#readOnce()} at a time.
 */
public final class TestFrames {

    public static final Instant NOW = Instant.parse("2026-11-27T14:30:00Z");
    public static final String SOURCE = "a test Prometheus";

    private TestFrames() {
    }

    /** A GPU on {@code node} used by pod {@code training/pod} (null: no workload) at {@code util}%, with more fields. */
    public static GpuSignals gpu(String node, int index, String pod, double util, Map<DcgmField, Double> more) {
        Map<DcgmField, Double> values = new EnumMap<>(DcgmField.class);
        values.put(DcgmField.GPU_UTIL, util);
        values.putAll(more);
        return new GpuSignals(new GpuPlacement(node, index, "GPU-" + node + "-" + index, "NVIDIA H100 80GB HBM3",
                pod == null ? null : "training", pod), values, util, false);
    }

    public static GpuSignals gpu(String node, int index, String pod, double util) {
        return gpu(node, index, pod, util, Map.of());
    }

    /** Each rank's 8 GPUs on node {@code gpu-node-00R}, pod {@code job-R}, at {@code util.apply(rank)}%. */
    public static List<GpuSignals> gangGpus(String job, int ranks, java.util.function.IntToDoubleFunction util) {
        List<GpuSignals> out = new java.util.ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            for (int g = 0; g < 8; g++) {
                out.add(gpu("gpu-node-%03d".formatted(r), g, job + "-" + r, util.applyAsDouble(r)));
            }
        }
        return out;
    }

    /** A gang whose ranks all run, rank r as pod {@code job-r} in {@code training} on {@code gpu-node-00r}. */
    public static Gang runningGang(String job, int ranks) {
        List<dev.flightdeck.app.gangs.RankSlot> slots = new java.util.ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            slots.add(new dev.flightdeck.app.gangs.RankSlot(r, "", job + "-" + r, "gpu-node-%03d".formatted(r),
                    dev.flightdeck.app.gangs.RankState.RUNNING, 0, 8, null, null, null));
        }
        return new Gang(new dev.flightdeck.app.gangs.GangKey(dev.flightdeck.app.gangs.GangSystem.INDEXED_JOB, "training", job),
                ranks, ranks, ranks, 8, 8 * ranks, ranks, NOW.minus(Duration.ofHours(3)),
                dev.flightdeck.app.gangs.GangVerdict.RUNNING, List.of(), false, slots, Map.of());
    }

    public static TelemetryFrame frame(List<GpuSignals> gpus) {
        return new TelemetryFrame(NOW, SOURCE, StallThresholds.DEFAULTS.window(), gpus, List.of(), 0);
    }

    /** A poller whose source answers with each frame queued (null in the queue: the source fails that read). */
    public static final class Feed {
        public final Deque<TelemetryFrame> frames = new ArrayDeque<>();
        public final MutableClock clock = new MutableClock();
        public final TelemetryPoller poller;

        public Feed(Supplier<Collection<Gang>> gangs, Consumer<GpuTelemetryFindings> model) {
            TelemetrySource source = new TelemetrySource() {
                @Override
                public String describe() {
                    return SOURCE;
                }

                @Override
                public TelemetryFrame read(Duration window) throws TelemetryUnavailable {
                    TelemetryFrame f = frames.poll();
                    if (f == null) {
                        throw new TelemetryUnavailable("no GPU telemetry: " + SOURCE + " did not answer (test)");
                    }
                    return f;
                }
            };
            poller = new TelemetryPoller(() -> source, new TelemetryJudge(StallThresholds.DEFAULTS), gangs, model, clock,
                    TelemetryPoller.DEFAULT_INTERVAL);
        }

        public Feed() {
            this(List::of, f -> { });
        }

        /** Reads {@code frame} now (null: a failed read), then moves the clock on by {@code then}. */
        public void read(TelemetryFrame frame, Duration then) {
            frames.clear();
            if (frame != null) {
                frames.add(new TelemetryFrame(clock.instant(), frame.source(), frame.window(), frame.gpus(),
                        frame.problems(), frame.unplaced()));
            }
            poller.readOnce();
            clock.advance(then);
        }
    }

    /** A clock a test moves by hand (the stall window is judged on the poller's clock). */
    public static final class MutableClock extends Clock {
        private Instant now = NOW;

        public void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
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
}
