package dev.flightdeck.views.telemetry;

import dev.flightdeck.app.telemetry.TelemetrySummary;

import java.util.Locale;

/**
 * The status bar's one line on GPU telemetry: {@code GPU telemetry: Prometheus at … · 512 GPUs · 2 stalled gangs}, or
 * why there is none. The details (every problem the last read met) go to its tooltip.
 */
public final class TelemetryStatusLine {

    private TelemetryStatusLine() {
    }

    /** "" when no cluster is shown (the label hides). */
    public static String of(TelemetrySnapshot s) {
        if (s.history() == null) {
            return "";
        }
        TelemetrySummary t = s.summary();
        if (t == null || t.error() != null) {
            return s.whyNone() == null ? "GPU telemetry: the source read nothing" : s.whyNone();
        }
        StringBuilder sb = new StringBuilder("GPU telemetry: ").append(t.source())
                .append(String.format(Locale.ROOT, " · %,d GPU%s", t.gpus(), t.gpus() == 1 ? "" : "s"));
        if (t.stalledGangs() > 0) {
            sb.append(" · ").append(t.stalledGangs()).append(t.stalledGangs() == 1 ? " stalled gang" : " stalled gangs");
        }
        if (!t.problems().isEmpty()) {
            sb.append(" · ").append(t.problems().size()).append(t.problems().size() == 1 ? " problem" : " problems");
        }
        return sb.toString();
    }

    /** The tooltip: the line, then what went wrong without stopping the read, one per line. */
    public static String detail(TelemetrySnapshot s) {
        TelemetrySummary t = s.summary();
        StringBuilder sb = new StringBuilder(of(s));
        if (t != null) {
            if (t.nodesWithFindings() > 0) {
                sb.append("\n").append(t.nodesWithFindings()).append(t.nodesWithFindings() == 1 ? " node" : " nodes")
                        .append(" with GPU findings (in their verdicts)");
            }
            if (t.unplaced() > 0) {
                sb.append("\n").append(t.unplaced()).append(" series could be put on no node");
            }
            if (t.idleAllocated() > 0) {
                sb.append(String.format(Locale.ROOT, "\n%d allocated GPUs idle (%.0f GPU-hours a day at this rate)",
                        t.idleAllocated(), t.idleGpuHoursPerDay()));
            }
            t.problems().forEach(p -> sb.append("\n").append(p));
        }
        return sb.toString();
    }

    /** Whether the line says telemetry is missing (shown muted, with another icon). */
    public static boolean missing(TelemetrySnapshot s) {
        return s.summary() == null || s.summary().error() != null;
    }
}
