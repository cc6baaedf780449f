package dev.flightdeck.app.pressure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Judges a reading against the thresholds and words the headline. The headline names the
 * worst thing in one line: a failed health check first (nothing else matters if the server
 * is not ready), then unreadable metrics, then the signal furthest past its bound, e.g.
 * "API server under pressure: 4.2% of requests rejected by APF in workload-low" or
 * "API server healthy: 312 req/s, p99 84 ms".
 */
public final class PressureAssessor {

    private final PressureThresholds thresholds;

    public PressureAssessor(PressureThresholds thresholds) {
        this.thresholds = thresholds;
    }

    /** A reading with signals; {@code health} holds the latest readyz/livez reports (may be empty). */
    public PressureAssessment assess(PressureSignals signals, List<HealthReport> health) {
        List<Finding> findings = healthFindings(health);
        List<Finding> signalFindings = new ArrayList<>();
        for (Signal signal : Signal.values()) {
            Threshold threshold = thresholds.of(signal);
            double value = signals.value(signal);
            Level level = threshold == null ? Level.OK : threshold.levelOf(value);
            if (level != Level.OK) {
                signalFindings.add(new Finding(signal, level, value, FindingWords.sentence(signal, signals)));
            }
        }
        // Within a level, requests refused (APF, 429, 5xx) lead: they are what clients feel, and
        // queue waits or latencies at the same level are usually their cause or their echo.
        signalFindings.sort(Comparator.comparing(Finding::level).reversed()
                .thenComparing(finding -> !REFUSALS.contains(finding.signal()))
                .thenComparing(Comparator.comparingDouble(this::overshoot).reversed())
                .thenComparing(finding -> finding.signal().ordinal()));
        findings.addAll(signalFindings);
        if (!findings.isEmpty()) {
            return worst(findings);
        }
        String headline = signals.hasRates()
                ? "API server healthy: " + FindingWords.healthyFigures(signals)
                : "API server healthy so far: " + signals.noRatesBecause();
        return new PressureAssessment(Level.OK, List.of(), headline);
    }

    /** A scrape that failed: RED, since the console is blind to the server's load. */
    public PressureAssessment unavailable(String reason, List<HealthReport> health) {
        List<Finding> findings = healthFindings(health);
        findings.add(new Finding(null, Level.RED, Double.NaN, "API server metrics unavailable: " + reason));
        return worst(findings);
    }

    private static List<Finding> healthFindings(List<HealthReport> health) {
        List<Finding> findings = new ArrayList<>();
        for (HealthReport report : health) {
            if (!report.passed()) {
                findings.add(new Finding(null, Level.RED, Double.NaN, FindingWords.health(report)));
            }
        }
        return findings;
    }

    private static PressureAssessment worst(List<Finding> findings) {
        Finding worst = findings.getFirst();
        // One wording for amber and red: the level is told by colour; the words say what and where.
        String headline = worst.signal() == null ? worst.sentence() : "API server under pressure: " + worst.sentence();
        if (findings.size() > 1) {
            headline += " (+" + (findings.size() - 1) + " more)";
        }
        return new PressureAssessment(worst.level(), findings, headline);
    }

    private static final java.util.Set<Signal> REFUSALS = java.util.EnumSet.of(Signal.APF_REJECTED_SHARE,
            Signal.APF_REJECTED_RATE, Signal.THROTTLED_SHARE, Signal.SERVER_ERROR_SHARE);

    /** How far past the bound of its level a finding is, to rank findings of the same level. */
    private double overshoot(Finding finding) {
        double bound = thresholds.of(finding.signal()).bound(finding.level());
        return bound > Double.MIN_VALUE ? finding.value() / bound : 1;
    }
}
