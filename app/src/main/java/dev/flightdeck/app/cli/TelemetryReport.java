package dev.flightdeck.app.cli;

import dev.flightdeck.app.telemetry.TelemetrySummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The GPU telemetry section of {@code check}: which source it used and what it found, in one line, then the first few
 * problems (targets that did not answer). Node and gang findings are in their own sections, as their verdicts' reasons.
 */
public final class TelemetryReport {

    private static final int PROBLEMS_SHOWN = 3;

    private TelemetryReport() {
    }

    public static List<String> lines(TelemetrySummary s) {
        List<String> out = new ArrayList<>();
        if (s == null) {
            out.add("gpu telemetry: not read");
            return out;
        }
        if (s.error() != null) {
            out.add("gpu telemetry: unavailable: " + s.error());
            return out;
        }
        StringBuilder line = new StringBuilder("gpu telemetry: ").append(s.source())
                .append(String.format(Locale.ROOT, " · %,d GPUs", s.gpus()));
        line.append(String.format(Locale.ROOT, " · %,d allocated but idle (%,.0f GPU-hours a day at this rate)",
                s.idleAllocated(), s.idleGpuHoursPerDay()));
        line.append(" · ").append(s.stalledGangs()).append(s.stalledGangs() == 1 ? " stalled gang" : " stalled gangs");
        line.append(" · ").append(s.nodesWithFindings()).append(s.nodesWithFindings() == 1 ? " node" : " nodes")
                .append(" with GPU findings");
        if (s.unplaced() > 0) {
            line.append(String.format(Locale.ROOT, " · %,d series on no known node", s.unplaced()));
        }
        out.add(line.toString());
        s.problems().stream().limit(PROBLEMS_SHOWN).forEach(p -> out.add("  " + p));
        if (s.problems().size() > PROBLEMS_SHOWN) {
            out.add("  … " + (s.problems().size() - PROBLEMS_SHOWN) + " more");
        }
        return out;
    }
}
