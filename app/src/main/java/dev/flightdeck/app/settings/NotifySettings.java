package dev.flightdeck.app.settings;

import java.time.Duration;

/**
 * Whether a cluster tells the person when something goes wrong while they look elsewhere (a gang halts, the cluster
 * becomes unreachable, a node carrying ranks becomes untrusted, a job waits in its queue too long). Off unless a
 * person turns it on for that cluster: a staging cluster's halted gangs are nobody's 3 a.m.
 *
 * @param queueWait how long a job may wait in its queue before that is worth telling
 */
public record NotifySettings(boolean on, Duration queueWait) {

    public static final Duration DEFAULT_QUEUE_WAIT = Duration.ofMinutes(30);
    public static final Duration MIN_QUEUE_WAIT = Duration.ofMinutes(1);
    public static final Duration MAX_QUEUE_WAIT = Duration.ofDays(7);
    public static final NotifySettings OFF = new NotifySettings(false, DEFAULT_QUEUE_WAIT);

    public NotifySettings {
        queueWait = queueWait == null ? DEFAULT_QUEUE_WAIT : queueWait;
        if (queueWait.compareTo(MIN_QUEUE_WAIT) < 0 || queueWait.compareTo(MAX_QUEUE_WAIT) > 0) {
            throw new IllegalArgumentException("the queue wait worth a notification must be between "
                    + MIN_QUEUE_WAIT.toMinutes() + " and " + MAX_QUEUE_WAIT.toMinutes() + " minutes, not " + queueWait.toMinutes());
        }
    }

    /** {@code "notifications": {"on": true, "queueWaitMinutes": 30}}; absent or null is off. */
    static NotifySettings read(com.fasterxml.jackson.databind.JsonNode v) {
        if (v == null || v.isNull()) {
            return OFF;
        }
        if (!v.isObject()) {
            throw new IllegalArgumentException("notifications must be an object such as {\"on\": true, \"queueWaitMinutes\": 30}");
        }
        com.fasterxml.jackson.databind.JsonNode minutes = v.get("queueWaitMinutes");
        if (minutes != null && !minutes.canConvertToLong()) {
            throw new IllegalArgumentException("notifications.queueWaitMinutes must be a whole number, not " + minutes);
        }
        return new NotifySettings(v.path("on").asBoolean(false),
                minutes == null ? DEFAULT_QUEUE_WAIT : Duration.ofMinutes(minutes.asLong()));
    }

    static void write(com.fasterxml.jackson.databind.node.ObjectNode cluster, NotifySettings n) {
        if (!n.equals(OFF)) {
            cluster.putObject("notifications").put("on", n.on()).put("queueWaitMinutes", n.queueWait().toMinutes());
        }
    }
}
