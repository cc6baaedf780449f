package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;

import java.time.Duration;
import java.util.List;

/**
 * The PromQL the console sends for GPU telemetry: one query per signal, each aggregated on the server to one series
 * per GPU and workload, never one per node.
 *
 * <p>{@code max by} keeps only the labels {@link dev.flightdeck.app.telemetry.GpuLabelMapping} places a GPU with
 * (both as dcgm-exporter writes them and as a ServiceMonitor scrape relabels them) and drops the rest: {@code job},
 * {@code instance}, {@code endpoint}, {@code service}, {@code container}, the driver version. So the same exporter
 * scraped twice (a ServiceMonitor and a PodMonitor, or two jobs) collapses into one series, and a driver upgrade
 * does not double a GPU. MIG instances of one GPU ({@code GPU_I_ID}) collapse too: the console shows the board.
 */
final class DcgmQueries {

    static final List<String> KEPT_LABELS = List.of("gpu", "UUID", "modelName", "Hostname", "node", "pod", "namespace",
            "exported_pod", "exported_namespace");

    private static final String BY = "max by (" + String.join(", ", KEPT_LABELS) + ") ";

    private DcgmQueries() {
    }

    /** The field's latest value per GPU (Prometheus's lookback: a series silent for 5 minutes is gone). */
    static String latest(DcgmField f) {
        return BY + "(" + f.metric() + ")";
    }

    /**
     * The field's highest value per GPU over the window: a GPU idle now but busy in the window is not stalled. Only for
     * series that already had a sample when the window began (within the lookback before it): dcgm-exporter starts a
     * new series when a pod gets the GPU, and a pod that got it 3 minutes ago has not been idle for 10, however idle
     * its 3 minutes (loading its data) and the GPU before it were. Such a GPU has no window maximum; its idleness is
     * learnt refresh by refresh.
     */
    static String maxOverWindow(DcgmField f, Duration window) {
        return BY + "(max_over_time(" + f.metric() + "[" + range(window) + "])) and " + BY + "(" + f.metric() + " offset "
                + range(window) + ")";
    }

    /** GPUs whose last-Xid gauge changed within the window: the gauge never resets, so a change is a new Xid. */
    static String xidChanged(Duration window) {
        return BY + "(changes(" + DcgmField.XID_ERRORS.metric() + "[" + range(window) + "]) > 0)";
    }

    /** A PromQL range in whole seconds, at least one. */
    static String range(Duration window) {
        long s = (window.toMillis() + 999) / 1000;
        return Math.max(1, s) + "s";
    }
}
