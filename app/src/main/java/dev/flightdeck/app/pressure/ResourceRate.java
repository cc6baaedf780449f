package dev.flightdeck.app.pressure;

/**
 * Requests per second for one resource ({@code pods}, {@code deployments.apps},
 * {@code pods/eviction}) and how many of those were answered 429 or 5xx.
 */
public record ResourceRate(String resource, double perSecond, double errorsPerSecond) {
}
