package dev.flightdeck.views.rows;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A screen's rows of each cluster kept open, as they were when another was switched to: switching back puts them
 * back in one change instead of building thousands of rows again, and the reset its model sends then brings each
 * up to date in place. FX thread only.
 *
 * @param <S> what the screen keeps of its rows (the rows, and whatever it counted from them)
 */
public final class ParkedRows<S> {

    private final Map<String, S> parked = new HashMap<>();

    public void park(String cluster, S rows) {
        parked.put(cluster, rows);
    }

    /** The rows parked for {@code cluster}, no longer kept; null when none were. */
    public S unpark(String cluster) {
        return parked.remove(cluster);
    }

    /** Drops the parked rows of clusters no longer open. */
    public void keepOnly(Set<String> open) {
        parked.keySet().retainAll(open);
    }
}
