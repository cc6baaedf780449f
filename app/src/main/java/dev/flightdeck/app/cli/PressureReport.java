package dev.flightdeck.app.cli;

import dev.flightdeck.app.pressure.Finding;
import dev.flightdeck.app.pressure.HealthCheck;
import dev.flightdeck.app.pressure.HealthReport;
import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.pressure.PressureThresholds;
import dev.flightdeck.app.pressure.Threshold;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The pressure section of {@code check}: the headline, readiness and liveness (failing checks
 * named), then one line per signal over its threshold:
 * {@code <signal>  <value>  <level> at <bound>  <sentence>}.
 */
public final class PressureReport {

    private PressureReport() {
    }

    public static List<String> lines(PressureReading reading, HealthReport readyz, HealthReport livez,
                                     String healthProblem, PressureThresholds thresholds) {
        List<String> out = new ArrayList<>();
        out.add(reading == null ? "api server: no /metrics reading yet"
                : "api server: " + reading.assessment().headline());
        out.add(health("readyz", readyz, healthProblem));
        out.add(health("livez", livez, healthProblem));
        if (reading == null || reading.failed()) {
            return out;
        }
        for (Finding f : reading.assessment().findings()) {
            if (f.signal() == null) {
                continue; // a health finding, already on its own line
            }
            Threshold t = thresholds.of(f.signal());
            double bound = f.level() == Level.RED ? t.red() : t.amber();
            String at = bound == Double.MIN_VALUE ? "any" : f.signal().unit().format(bound);
            out.add("  " + f.signal().label() + "  " + f.signal().unit().format(f.value()) + "  "
                    + f.level().name().toLowerCase(Locale.ROOT) + " at " + at + "  " + f.sentence());
        }
        return out;
    }

    private static String health(String name, HealthReport r, String problem) {
        if (r == null) {
            return name + ": unknown" + (problem == null ? "" : " (" + problem + ")");
        }
        if (r.passed()) {
            return name + ": ok (" + r.checks().size() + " checks)";
        }
        return name + ": FAILING " + r.failures().stream().map(HealthCheck::name).collect(Collectors.joining(", "));
    }
}
