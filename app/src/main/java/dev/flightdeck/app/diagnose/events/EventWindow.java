package dev.flightdeck.app.diagnose.events;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The Events the console holds: at most {@code maxEvents}, none last seen longer than {@code maxAge}
 * ago, the newest kept when there are more. An Event storm can bring tens of thousands an hour (the
 * server keeps them for its {@code --event-ttl}, an hour by default); the console's memory for them
 * stays this window's, whatever the cluster stores. Not thread-safe: one fold thread owns it.
 */
public final class EventWindow {

    /** How much of the cluster's Events the console keeps. */
    public record Limits(int maxEvents, Duration maxAge) {
        /** The server's default --event-ttl is an hour: a window of an hour shows all it keeps, up to 5,000. */
        public static final Limits DEFAULT = new Limits(5_000, Duration.ofHours(1));

        public Limits {
            if (maxEvents < 1 || maxAge.isNegative() || maxAge.isZero()) {
                throw new IllegalArgumentException("a window holds at least one Event for some time");
            }
        }
    }

    /** Oldest first: the first one is the next to go. */
    static final Comparator<EventRecord> BY_AGE = Comparator.comparing(EventRecord::lastSeen)
            .thenComparing(EventRecord::key);

    private final Limits limits;
    private final Map<String, EventRecord> byKey = new HashMap<>();
    private final TreeSet<EventRecord> byAge = new TreeSet<>(BY_AGE);
    private long dropped;

    public EventWindow(Limits limits) {
        this.limits = limits;
    }

    /**
     * Keeps {@code event} (replacing the earlier state of the same Event), unless it is older than
     * the window; evicts the oldest when over the count. Adds to {@code gone} the Events that left
     * (in the state they were held in).
     *
     * @return whether it is held now
     */
    public boolean upsert(EventRecord event, Instant now, List<EventRecord> gone) {
        EventRecord before = byKey.get(event.key());
        if (before != null) {
            byAge.remove(before);
        }
        if (tooOld(event, now) || byKey.size() - (before == null ? 0 : 1) >= limits.maxEvents()
                && BY_AGE.compare(event, byAge.first()) < 0) {
            if (before != null) {
                byKey.remove(event.key());
                gone.add(before);
            }
            dropped++;
            return false;
        }
        byKey.put(event.key(), event);
        byAge.add(event);
        while (byKey.size() > limits.maxEvents()) {
            EventRecord oldest = byAge.pollFirst();
            byKey.remove(oldest.key());
            gone.add(oldest);
            dropped++;
        }
        return true;
    }

    /** The Event was deleted (its time to live ran out, or someone deleted it); returns what was held, or null. */
    public EventRecord remove(String key) {
        EventRecord before = byKey.remove(key);
        if (before != null) {
            byAge.remove(before);
        }
        return before;
    }

    /** Everything replaced by a fresh LIST: the window keeps the newest of it. */
    public void replaceAll(Collection<EventRecord> events, Instant now) {
        byKey.clear();
        byAge.clear();
        List<EventRecord> ignored = new ArrayList<>();
        for (EventRecord e : events) {
            upsert(e, now, ignored);
        }
    }

    /** Lets go of the Events last seen before the window's age; returns them. */
    public List<EventRecord> expire(Instant now) {
        List<EventRecord> gone = new ArrayList<>();
        while (!byAge.isEmpty() && tooOld(byAge.first(), now)) {
            EventRecord oldest = byAge.pollFirst();
            byKey.remove(oldest.key());
            gone.add(oldest);
            dropped++;
        }
        return gone;
    }

    public EventRecord get(String key) {
        return byKey.get(key);
    }

    /** The Events held, oldest first. */
    public Collection<EventRecord> all() {
        return Collections.unmodifiableCollection(byAge);
    }

    public int size() {
        return byKey.size();
    }

    /** Events left out or let go because the window was full or they were too old (not counting deletions). */
    public long dropped() {
        return dropped;
    }

    public Limits limits() {
        return limits;
    }

    private boolean tooOld(EventRecord e, Instant now) {
        return e.lastSeen().isBefore(now.minus(limits.maxAge()));
    }
}
