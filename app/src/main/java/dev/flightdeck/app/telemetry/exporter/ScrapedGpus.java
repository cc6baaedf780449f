package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.pressure.Exposition;
import dev.flightdeck.app.pressure.Labels;
import dev.flightdeck.app.pressure.Sample;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.GpuPlacement;
import dev.flightdeck.app.telemetry.GpuSignals;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GPUs of one read, gathered from the exporters' answers as they come in: each sample placed with
 * {@link GpuLabelMapping} (the exporter scraped named, so a GPU no pod holds still lands on the exporter's node), its
 * value kept under its GPU. A GPU's series all carry the same identity labels, so each exporter's answer is placed
 * once per GPU, not once per sample. One scrape has no history: no window maximum, no Xid change.
 */
final class ScrapedGpus {

    private final GpuLabelMapping mapping;
    private final Map<String, GpuPlacement> placements = new LinkedHashMap<>();
    private final Map<String, EnumMap<DcgmField, Double>> values = new HashMap<>();
    private int unplaced;

    ScrapedGpus(GpuLabelMapping mapping) {
        this.mapping = mapping;
    }

    /** Adds one exporter's samples ({@code exporter} is {@code namespace/name}); called from the reading threads. */
    synchronized void add(Exposition exposition, String exporter) {
        Map<String, GpuPlacement> placedHere = new HashMap<>();
        for (DcgmField field : DcgmField.values()) {
            for (Sample s : exposition.samples(field.metric())) {
                Labels l = s.labels();
                String identity = l.get("gpu") + '|' + l.get("UUID") + '|' + l.get("namespace") + '|' + l.get("pod")
                        + '|' + l.get("exported_namespace") + '|' + l.get("exported_pod") + '|' + l.get("Hostname");
                GpuPlacement p = placedHere.containsKey(identity) ? placedHere.get(identity)
                        : mapping.place(l.asMap(), exporter);
                placedHere.put(identity, p);
                if (p == null) {
                    unplaced++;
                    continue;
                }
                placements.putIfAbsent(p.key(), p);
                values.computeIfAbsent(p.key(), k -> new EnumMap<>(DcgmField.class)).put(field, s.value());
            }
        }
    }

    synchronized List<GpuSignals> gpus() {
        List<GpuSignals> out = new ArrayList<>(placements.size());
        placements.forEach((key, p) -> out.add(new GpuSignals(p, values.get(key), Double.NaN, false)));
        return out;
    }

    /** Samples whose GPU could be put on no node. */
    synchronized int unplaced() {
        return unplaced;
    }
}
