package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.settings.StallThresholds;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.GpuActivityFinding;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What GPU telemetry says of the gangs whose pods all run: <b>stalled</b> when every rank's GPUs stayed idle for the
 * window (a hung collective: no condition, no failed pod, only GPU-hours burning), with the GPU-hours burned since;
 * else <b>a straggler</b> when one rank's GPUs run far below the gang's median rank. A rank's GPUs are those whose
 * series name its pod (dcgm-exporter's Kubernetes mapping); a gang with a rank whose GPUs are unknown is not judged.
 */
public final class GpuActivityRules {

    private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

    private GpuActivityRules() {
    }

    public static Map<GangKey, GpuActivityFinding> assess(Collection<Gang> gangs, TelemetryFrame frame, IdleTracker idle,
                                                          StallThresholds t, Instant now) {
        Map<String, List<GpuSignals>> byPod = byPod(frame);
        Map<GangKey, GpuActivityFinding> out = new HashMap<>();
        for (Gang gang : gangs) {
            if (gang.ranks().isEmpty() || !gang.ranks().stream().allMatch(r -> r.state() == RankState.RUNNING)) {
                continue;
            }
            GpuActivityFinding f = assess(gang, byPod, idle, t, now);
            if (f != null) {
                out.put(gang.key(), f);
            }
        }
        return out;
    }

    /** The frame's GPUs by the workload pod holding them ({@code namespace/pod}): a rank's GPUs are its pod's. */
    static Map<String, List<GpuSignals>> byPod(TelemetryFrame frame) {
        Map<String, List<GpuSignals>> byPod = new HashMap<>();
        for (GpuSignals g : frame.gpus()) {
            if (g.placement().hasWorkload()) {
                byPod.computeIfAbsent(g.placement().podNamespace() + "/" + g.placement().pod(), k -> new ArrayList<>()).add(g);
            }
        }
        return byPod;
    }

    private static GpuActivityFinding assess(Gang gang, Map<String, List<GpuSignals>> byPod, IdleTracker idle,
                                             StallThresholds t, Instant now) {
        List<List<GpuSignals>> perRank = new ArrayList<>();
        for (RankSlot r : gang.ranks()) {
            List<GpuSignals> gpus = byPod.get(gang.key().namespace() + "/" + r.pod());
            if (gpus == null || gpus.isEmpty()) {
                return null; // this rank's GPUs are not in the telemetry: no verdict on the gang
            }
            perRank.add(gpus);
        }
        Instant stalledSince = null;
        int gpuCount = 0;
        boolean allIdle = true;
        for (List<GpuSignals> gpus : perRank) {
            for (GpuSignals g : gpus) {
                gpuCount++;
                Instant since = idle.idleSince(g.placement());
                if (since == null || since.isAfter(now.minus(t.window()))) {
                    allIdle = false;
                } else if (stalledSince == null || since.isAfter(stalledSince)) {
                    stalledSince = since; // the gang stalled when its last GPU went idle
                }
            }
        }
        if (allIdle && stalledSince != null) {
            Duration stalled = Duration.between(stalledSince, now);
            double gpuHours = gpuCount * stalled.toSeconds() / 3600.0;
            return new GpuActivityFinding(GangVerdict.STALLED, String.format(Locale.ROOT,
                    "every rank Running, all %d GPUs under %.0f%% for %s (since %s UTC): a hung collective? "
                            + "%.1f GPU-hours burned", gpuCount, t.idleBelowPercent(), minutes(stalled), HH_MM.format(stalledSince),
                    gpuHours));
        }
        return straggler(gang, perRank, t);
    }

    private static GpuActivityFinding straggler(Gang gang, List<List<GpuSignals>> perRank, StallThresholds t) {
        double[] util = new double[perRank.size()];
        for (int i = 0; i < util.length; i++) {
            util[i] = perRank.get(i).stream().mapToDouble(GpuSignals::utilPercent).filter(v -> !Double.isNaN(v)).average()
                    .orElse(Double.NaN);
            if (Double.isNaN(util[i])) {
                return null;
            }
        }
        double median = median(util);
        if (median < t.busyAbovePercent() || util.length < 2) {
            return null;
        }
        int worst = -1;
        int behind = 0;
        for (int i = 0; i < util.length; i++) {
            if (util[i] < t.stragglerFraction() * median) {
                behind++;
                if (worst < 0 || util[i] < util[worst]) {
                    worst = i;
                }
            }
        }
        if (worst < 0) {
            return null;
        }
        RankSlot r = gang.ranks().get(worst);
        return new GpuActivityFinding(GangVerdict.DEGRADED, String.format(Locale.ROOT,
                "rank %d straggles: its GPUs at %.0f%% while the gang's median rank is at %.0f%% (%s)%s", r.rank(), util[worst],
                median, r.node(), behind > 1 ? "; " + (behind - 1) + " more rank" + (behind > 2 ? "s" : "") + " behind" : ""));
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String minutes(Duration d) {
        long m = d.toMinutes();
        return m >= 120 ? (m / 60) + " h " + (m % 60) + " min" : m + " min";
    }
}
