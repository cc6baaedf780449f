package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.GpuPlacement;
import dev.flightdeck.app.telemetry.GpuSignals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Joins the answers of one refresh into one {@link GpuSignals} per GPU ({@code node/gpu}). Each label set is placed
 * once (the same set comes back for every field). Two label sets on one GPU — a workload that just changed, an
 * exporter pod restarted within the lookback — are one GPU: its values are the highest seen, its workload the one
 * that has one. A GPU only the window queries know (gone now) is not made up from them. Its window maximum is its
 * current workload's only: the series from before a pod got the GPU say nothing of whether that pod has stalled.
 */
final class GpuJoin {

    private final GpuLabelMapping mapping;
    private final ExporterPods exporters = new ExporterPods();
    private final Map<Map<String, String>, GpuPlacement> placed = new HashMap<>();
    private final Set<Map<String, String>> unplaced = new HashSet<>();
    /** Label sets only the window queries had that could not be placed: not counted, a series gone is no problem. */
    private final Set<Map<String, String>> goneUnplaced = new HashSet<>();
    private final Map<String, GpuPlacement> placements = new LinkedHashMap<>();
    private final Map<String, EnumMap<DcgmField, Double>> values = new HashMap<>();
    /** Window maxima by {@link #windowKey}: the GPU and the workload holding it then. */
    private final Map<String, Double> utilMax = new HashMap<>();
    private final Map<String, Double> engineMax = new HashMap<>();
    private final Set<String> xid = new HashSet<>();

    GpuJoin(GpuLabelMapping mapping) {
        this.mapping = mapping;
    }

    void latest(DcgmField field, List<PromSample> samples) {
        exporters.learn(samples);
        for (PromSample s : samples) {
            GpuPlacement p = place(s.labels(), true);
            if (p == null) {
                continue;
            }
            GpuPlacement before = placements.get(p.key());
            if (before == null || !before.hasWorkload() && p.hasWorkload()) {
                placements.put(p.key(), p);
            }
            values.computeIfAbsent(p.key(), k -> new EnumMap<>(DcgmField.class)).merge(field, s.value(), GpuJoin::max);
        }
    }

    /** Highest utilisation over the window, GPU_UTIL's (percent) or GR_ENGINE_ACTIVE's (a ratio). */
    void utilMax(DcgmField field, List<PromSample> samples) {
        Map<String, Double> into = field == DcgmField.GR_ENGINE_ACTIVE ? engineMax : utilMax;
        for (PromSample s : samples) {
            GpuPlacement p = place(s.labels(), false);
            if (p != null) {
                into.merge(windowKey(p), s.value(), GpuJoin::max);
            }
        }
    }

    void xidChanged(List<PromSample> samples) {
        for (PromSample s : samples) {
            GpuPlacement p = place(s.labels(), false);
            if (p != null) {
                xid.add(p.key());
            }
        }
    }

    /** Every GPU with a current value, by node then index. */
    List<GpuSignals> gpus() {
        List<GpuSignals> out = new ArrayList<>(placements.size());
        for (GpuPlacement p : placements.values()) {
            EnumMap<DcgmField, Double> v = values.get(p.key());
            // Like GpuSignals.utilPercent: the engine's activity where the GPU reports it, else GPU_UTIL.
            Double engine = v.containsKey(DcgmField.GR_ENGINE_ACTIVE) ? engineMax.get(windowKey(p)) : null;
            double window = engine != null ? engine * 100 : utilMax.getOrDefault(windowKey(p), Double.NaN);
            out.add(new GpuSignals(p, v, window, xid.contains(p.key())));
        }
        out.sort(Comparator.comparing((GpuSignals g) -> g.placement().node()).thenComparingInt(g -> g.placement().gpu()));
        return out;
    }

    /** Label sets (series after aggregation) no node could be found for. */
    int unplaced() {
        return unplaced.size();
    }

    private GpuPlacement place(Map<String, String> labels, boolean current) {
        GpuPlacement p = placed.get(labels);
        if (p != null) {
            return p;
        }
        if (unplaced.contains(labels) || goneUnplaced.contains(labels) && !current) {
            return null;
        }
        p = mapping.place(exporters.normalize(labels), null);
        if (p != null) {
            placed.put(labels, p);
        } else {
            (current ? unplaced : goneUnplaced).add(labels);
        }
        return p;
    }

    /** {@code node/gpu namespace/pod}: a GPU's window under one workload ({@code null/null} under none). */
    private static String windowKey(GpuPlacement p) {
        return p.key() + " " + p.podNamespace() + "/" + p.pod();
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }
}
