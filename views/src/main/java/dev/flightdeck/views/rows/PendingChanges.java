package dev.flightdeck.views.rows;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Changes by key waiting to reach a screen's rows, folded so an object changed five times is applied once, oldest
 * first; a removal is a null value. A screen applies them until its time on the FX thread is up, then announces what
 * changed to its table once (one re-sort, not one per chunk); the rest waits for the next pulse.
 * <p>
 * Most of a change's cost comes after the loop, when the table's sorted and filtered lists take the announcement:
 * so the screen reports what a whole drain cost ({@link #measured}), and the next drain takes only as many changes
 * as that cost says fit in its time. Without it the first 7,500 rows of a cluster went in one pulse.
 */
public final class PendingChanges<K, V> {

    /** Applied between two checks of the clock. */
    public static final int CHUNK = 256;

    /** A first guess of one change's cost, announcement included, before any drain was measured. */
    static final double FIRST_GUESS_NANOS = 20_000;

    private final LinkedHashMap<K, V> pending = new LinkedHashMap<>();
    private double nanosPerChange = FIRST_GUESS_NANOS;

    public void upsert(K key, V value) {
        pending.put(key, value);
    }

    public void remove(K key) {
        pending.put(key, null);
    }

    /**
     * A reset: what waited is dropped, and every key now {@code shown} that the reset does not {@code keep} waits
     * to be removed; the reset's own objects are then upserted by the caller, so rows it keeps are updated in place.
     */
    public void reset(java.util.Collection<K> shown, java.util.Collection<K> keep) {
        pending.clear();
        java.util.Set<K> kept = new java.util.HashSet<>(keep);
        for (K key : shown) {
            if (!kept.contains(key)) {
                remove(key);
            }
        }
    }

    /** Drops what waits (a reset replaces it, a context switch forgets it). */
    public void clear() {
        pending.clear();
    }

    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /**
     * What a drain of {@code changes} cost, announcement included: the next drain sizes itself by it (smoothed; a
     * drain of a few changes says little about the cost of many and is not counted).
     */
    public void measured(long nanos, int changes) {
        if (changes >= CHUNK) {
            double each = (double) nanos / changes;
            nanosPerChange = Math.max(100, 0.5 * nanosPerChange + 0.5 * each);
        }
    }

    /** Changes still waiting. */
    public int size() {
        return pending.size();
    }

    public boolean contains(K key) {
        return pending.containsKey(key);
    }

    /**
     * Applies waiting changes, {@code apply} each, as many as the measured cost says fit before {@code deadlineNanos}
     * and never past it by more than a chunk; at least one chunk, so a screen always moves on. Returns how many were
     * applied.
     */
    public int drain(long deadlineNanos, BiConsumer<K, V> apply) {
        int applied = 0;
        long fits = Math.max(CHUNK, (long) ((deadlineNanos - System.nanoTime()) / nanosPerChange));
        Iterator<Map.Entry<K, V>> it = pending.entrySet().iterator();
        while (it.hasNext() && applied < fits) {
            Map.Entry<K, V> e = it.next();
            it.remove();
            apply.accept(e.getKey(), e.getValue());
            if (++applied % CHUNK == 0 && System.nanoTime() - deadlineNanos >= 0) {
                break;
            }
        }
        return applied;
    }
}
