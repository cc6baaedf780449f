package dev.flightdeck.app.diagnose.events;

import java.util.Comparator;

/** How a list of Events is sorted. Every order ends on the Event's key, so it is total and stable. */
public enum EventOrder {

    /** Last seen, newest first. */
    NEWEST_FIRST(Comparator.comparing(EventRecord::lastSeen).reversed().thenComparing(EventRecord::key)),

    /** Warnings first, each part newest first: what needs a look on top, without hiding the rest. */
    WARNINGS_FIRST(Comparator.comparing((EventRecord e) -> !e.warning()).thenComparing(NEWEST_FIRST.comparator));

    private final Comparator<EventRecord> comparator;

    EventOrder(Comparator<EventRecord> comparator) {
        this.comparator = comparator;
    }

    public Comparator<EventRecord> comparator() {
        return comparator;
    }
}
