package dev.flightdeck.app.diagnose.logs;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes a summary may still keep, and its one copy of each error message: ranks finishing at once on several
 * threads each take their share or less, and every rank that shows an error shares its message's string.
 */
final class ViewBytes {

    private final AtomicLong left;
    private final java.util.concurrent.ConcurrentHashMap<String, String> messages = new java.util.concurrent.ConcurrentHashMap<>();

    ViewBytes(long cap) {
        this.left = new AtomicLong(cap);
    }

    /** Takes {@code bytes} if that many are left. */
    boolean take(long bytes) {
        while (true) {
            long l = left.get();
            if (l < bytes) {
                return false;
            }
            if (left.compareAndSet(l, l - bytes)) {
                return true;
            }
        }
    }

    /** Takes {@code bytes} whether or not that many are left (what must be kept in any case). */
    void charge(long bytes) {
        left.addAndGet(-bytes);
    }

    long left() {
        return left.get();
    }

    /** The summary's one copy of {@code message}. */
    String message(String message) {
        String had = messages.putIfAbsent(message, message);
        return had == null ? message : had;
    }
}
