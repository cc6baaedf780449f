package dev.flightdeck.views.telemetry;

import dev.flightdeck.app.telemetry.GpuUtilHistory;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetrySummary;

/**
 * What the screens show of the current cluster's GPU telemetry after one refresh: the summary in figures, the frame
 * indexed by node and pod, and the utilisation history the sparklines read. Immutable but for the history, which the
 * telemetry thread keeps writing (a sparkline read mid-write is off by one refresh at worst).
 *
 * @param summary null before the first read ended
 * @param history null when no cluster is shown
 */
public record TelemetrySnapshot(TelemetrySummary summary, FrameIndex frame, GpuUtilHistory history) {

    /** No cluster shown. */
    public static final TelemetrySnapshot NONE = new TelemetrySnapshot(null, FrameIndex.EMPTY, null);

    /** Reads and indexes the poller's latest: off the FX thread (the index walks every GPU). */
    public static TelemetrySnapshot of(TelemetrySummary summary, TelemetryFrame frame, GpuUtilHistory history) {
        return new TelemetrySnapshot(summary, FrameIndex.of(frame), history);
    }

    /** There are GPU series to show. */
    public boolean hasFrame() {
        return !frame.isEmpty();
    }

    /** Why there is no frame, in one line ("no GPU telemetry: …"); null when there is one. */
    public String whyNone() {
        if (hasFrame()) {
            return null;
        }
        if (history == null) {
            return "no GPU telemetry: no cluster shown";
        }
        if (summary == null) {
            return "GPU telemetry: waiting for the first read";
        }
        String error = summary.error() == null ? "the source read nothing" : summary.error();
        return error.startsWith("no GPU telemetry") ? error : "no GPU telemetry: " + error;
    }

    /** The GPU's utilisation over the last hour, oldest first ({@link GpuUtilHistory#MISSING} for gaps). */
    public byte[] historyOf(String gpuKey) {
        return history == null ? new byte[0] : history.of(gpuKey);
    }

    /** Newer than {@code other}: a refresh's snapshot and the one read at attach may arrive out of order. */
    boolean newerOrSameAs(TelemetrySnapshot other) {
        if (other == null || other.summary == null) {
            return true;
        }
        return summary != null && !summary.at().isBefore(other.summary.at());
    }
}
