package dev.flightdeck.app.pressure;

/**
 * One signal past its amber or red bound, in words ("4.2% of requests rejected by APF in
 * workload-low"), or a failed health check.
 *
 * @param signal the signal, or null when the finding is a failed {@code /readyz} or {@code /livez}
 * @param value  the signal's value (NaN for a health finding)
 */
public record Finding(Signal signal, Level level, double value, String sentence) {
}
