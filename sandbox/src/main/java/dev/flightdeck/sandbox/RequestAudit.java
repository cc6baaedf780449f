package dev.flightdeck.sandbox;

import java.util.ArrayList;
import java.util.List;

/**
 * The requests a drill sandbox received, kept in order and numbered so a reader on the other side of
 * HTTP can ask for everything after the last one it saw, as it would page through an audit log. At
 * most {@link #CAPACITY} are kept (the older half goes when it is full): a reader that falls that far
 * behind is told how many it lost.
 */
final class RequestAudit {

    static final int CAPACITY = 200_000;

    /** The requests numbered from {@code next - requests.size()}; {@code lost} were dropped before they were read. */
    record Page(long next, long lost, List<SeenRequest> requests) { }

    private final List<SeenRequest> kept = new ArrayList<>();
    /** The number of the oldest request kept. */
    private long first;

    synchronized void add(SeenRequest r) {
        if (kept.size() == CAPACITY) {
            kept.subList(0, CAPACITY / 2).clear();
            first += CAPACITY / 2;
        }
        kept.add(r);
    }

    /** Up to {@code max} requests, starting with the one numbered {@code from}. */
    synchronized Page from(long from, int max) {
        long start = Math.max(Math.max(0, from), first);
        int index = (int) Math.min(start - first, kept.size());
        List<SeenRequest> out = List.copyOf(kept.subList(index, Math.min(kept.size(), index + max)));
        return new Page(start + out.size(), start - Math.max(0, from), out);
    }
}
