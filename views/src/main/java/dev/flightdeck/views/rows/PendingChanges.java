package dev.flightdeck.views.rows;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Changes by key waiting to reach a screen's rows, folded so an object changed five times is applied once, oldest
 * first; a removal is a null value. A screen applies them a chunk at a time until its time on the FX thread is up,
 * then announces what changed to its table once (one re-sort, not one per chunk); the rest waits for the next pulse.
 */
public final class PendingChanges<K, V> {

    /** Applied between two checks of the clock. */
    public static final int CHUNK = 256;

    private final LinkedHashMap<K, V> pending = new LinkedHashMap<>();

    public void upsert(K key, V value) {
        pending.put(key, value);
    }

    public void remove(K key) {
        pending.put(key, null);
    }

    /** Drops what waits (a reset replaces it, a context switch forgets it). */
    public void clear() {
        pending.clear();
    }

    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Changes still waiting. */
    public int size() {
        return pending.size();
    }

    public boolean contains(K key) {
        return pending.containsKey(key);
    }

    /**
     * Applies waiting changes, {@code apply} each, a chunk at a time until the clock passes {@code deadlineNanos}; at
     * least one chunk, so a screen always moves on. Returns how many were applied.
     */
    public int drain(long deadlineNanos, BiConsumer<K, V> apply) {
        int applied = 0;
        Iterator<Map.Entry<K, V>> it = pending.entrySet().iterator();
        while (it.hasNext()) {
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
