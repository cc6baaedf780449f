package dev.flightdeck.drills;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Where each pod was and which gangs ran healthy, as the drill saw it at each of its recent ticks. An
 * audit hands a request over after the fact (a real audit log is read late too), by when the pod it
 * evicted may be gone from the model: the request is judged against the moment before it was made.
 */
final class RecentMoments {

    /** How far back a request may be judged: well past any audit's delay. */
    static final Duration KEPT = Duration.ofSeconds(30);

    record Moment(Instant at, Map<String, DrillView.PodPlace> places, Set<String> healthyGangs) { }

    private static final Moment NOTHING_YET = new Moment(Instant.MIN, Map.of(), Set.of());

    private final ArrayDeque<Moment> moments = new ArrayDeque<>();

    void add(Moment m) {
        moments.addLast(m);
        while (moments.getFirst().at().isBefore(m.at().minus(KEPT))) {
            moments.removeFirst();
        }
    }

    /** The newest moment seen before {@code at} (the oldest kept if none is that old; nothing before the first tick). */
    Moment before(Instant at) {
        for (Iterator<Moment> it = moments.descendingIterator(); it.hasNext(); ) {
            Moment m = it.next();
            if (m.at().isBefore(at)) {
                return m;
            }
        }
        return moments.isEmpty() ? NOTHING_YET : moments.getFirst();
    }

    /** The newest moment. */
    Moment last() {
        return moments.isEmpty() ? NOTHING_YET : moments.getLast();
    }
}
