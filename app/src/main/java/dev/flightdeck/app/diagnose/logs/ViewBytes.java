package dev.flightdeck.app.diagnose.logs;

import java.util.concurrent.atomic.AtomicLong;

/** The bytes a summary may still keep: ranks finishing at once on several threads each take their share or less. */
final class ViewBytes {

    private final AtomicLong left;

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

    long left() {
        return left.get();
    }
}
