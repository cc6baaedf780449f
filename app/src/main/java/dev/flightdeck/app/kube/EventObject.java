package dev.flightdeck.app.kube;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.time.Instant;

/**
 * A Kubernetes Event as the console reads it, the same whichever API served it: events.k8s.io/v1
 * ({@code regarding}, {@code note}, {@code series}, {@code reportingController}, {@code deprecated*})
 * or core v1 ({@code involvedObject}, {@code message}, {@code count}, {@code lastTimestamp},
 * {@code source}). One Event stored by the server reads the same through both: the API server keeps
 * one object and renames its fields per API version, so a scheduler's events.k8s.io Event and a Job
 * controller's core Event sit side by side in either list.
 *
 * @param count     how many times it happened (a series' or the legacy count; at least 1)
 * @param firstSeen when it first happened (legacy firstTimestamp, else eventTime, else when it was stored)
 * @param lastSeen  when it last happened: the newest of series.lastObservedTime, lastTimestamp and eventTime
 *                  (else firstSeen)
 */
public record EventObject(ObjectMeta metadata, ObjectReference regarding, String type, String reason, String action,
                          String note, String reportingController, String reportingInstance, int count,
                          Instant firstSeen, Instant lastSeen) {

    /**
     * Who reports the Events the console writes itself, one per executed action: their reporting
     * controller and instance, and the legacy {@code source.component}.
     */
    public static final String FLIGHTDECK_REPORTER = "flightdeck";

    /** Both shapes' fields; Jackson fills the ones the answer has. */
    public record Wire(ObjectMeta metadata,
                       ObjectReference regarding, ObjectReference involvedObject,
                       String type, String reason, String action,
                       String note, String message,
                       String reportingController, String reportingComponent, String reportingInstance,
                       Source source, Source deprecatedSource,
                       Series series, Integer count, Integer deprecatedCount,
                       Instant eventTime, Instant firstTimestamp, Instant lastTimestamp,
                       Instant deprecatedFirstTimestamp, Instant deprecatedLastTimestamp) {
    }

    /** The legacy reporter: {@code source.component} (core) / {@code deprecatedSource.component}. */
    public record Source(String component, String host) {
    }

    /** A repeated Event's series: how often, and when last. */
    public record Series(Integer count, Instant lastObservedTime) {
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static EventObject of(Wire w) {
        ObjectMeta meta = w.metadata() != null ? w.metadata()
                : new ObjectMeta(null, null, null, null, null, null, null, null, null);
        ObjectReference about = first(w.regarding(), w.involvedObject());
        if (about == null) {
            about = new ObjectReference(null, null, null, null, null, null);
        }
        Source legacy = first(w.source(), w.deprecatedSource());
        String controller = text(first(w.reportingController(), w.reportingComponent()),
                legacy == null ? null : legacy.component());
        int count = 1;
        if (w.series() != null && w.series().count() != null) {
            count = w.series().count();
        } else if (first(w.count(), w.deprecatedCount()) != null) {
            count = first(w.count(), w.deprecatedCount());
        }
        Instant legacyFirst = first(w.firstTimestamp(), w.deprecatedFirstTimestamp());
        Instant legacyLast = first(w.lastTimestamp(), w.deprecatedLastTimestamp());
        Instant firstSeen = first(first(legacyFirst, w.eventTime()), meta.creationTimestamp());
        Instant lastSeen = newest(newest(w.series() == null ? null : w.series().lastObservedTime(), legacyLast),
                w.eventTime());
        if (lastSeen == null) {
            lastSeen = firstSeen;
        }
        return new EventObject(meta, about, text(w.type(), ""), text(w.reason(), ""), text(w.action(), ""),
                text(first(w.note(), w.message()), ""), controller, text(w.reportingInstance(), ""), Math.max(1, count),
                firstSeen, lastSeen);
    }

    /** A Warning (anything else the API allows is Normal). */
    public boolean warning() {
        return "Warning".equals(type);
    }

    /** {@code namespace/name} of the Event itself: what identifies it in a list and across watch events. */
    public String key() {
        return metadata.namespace() + "/" + metadata.name();
    }

    private static <T> T first(T a, T b) {
        return a != null ? a : b;
    }

    private static Instant newest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static String text(String s, String otherwise) {
        return s == null || s.isEmpty() ? otherwise == null ? "" : otherwise : s;
    }
}
