package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.kube.StreamedAnswer;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The log streams one reader (a follow, a gang's summary) has open, so stopping it closes them: a thread blocked
 * reading a stream returns once it is closed, which an interrupt alone does not do.
 */
final class OpenStreams {

    private final Set<StreamedAnswer> open = new HashSet<>();
    private boolean closed;

    /** Remembers {@code answer}; false (and the answer closed) when this was stopped meanwhile. */
    boolean add(StreamedAnswer answer) {
        synchronized (this) {
            if (!closed) {
                open.add(answer);
                return true;
            }
        }
        answer.close();
        return false;
    }

    synchronized void remove(StreamedAnswer answer) {
        open.remove(answer);
    }

    /** Stops: every stream open now is closed, and any opened later at once. */
    void closeAll() {
        List<StreamedAnswer> now;
        synchronized (this) {
            closed = true;
            now = List.copyOf(open);
            open.clear();
        }
        now.forEach(StreamedAnswer::close);
    }

    synchronized boolean closed() {
        return closed;
    }
}
