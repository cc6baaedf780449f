package dev.flightdeck.app.pressure;

import java.util.List;

/**
 * The verdict on one reading: the overall level, the signals past their bounds (worst first)
 * and the one-line headline for the status bar, the pressure screen and {@code check}.
 */
public record PressureAssessment(Level level, List<Finding> findings, String headline) {

    public PressureAssessment {
        findings = List.copyOf(findings);
    }
}
