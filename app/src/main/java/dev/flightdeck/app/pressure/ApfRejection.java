package dev.flightdeck.app.pressure;

/**
 * Requests API Priority and Fairness turned away, per second, for one priority level, flow
 * schema and reason ({@code queue-full}, {@code concurrency-limit} or {@code time-out}).
 */
public record ApfRejection(String priorityLevel, String flowSchema, String reason, double perSecond) {
}
