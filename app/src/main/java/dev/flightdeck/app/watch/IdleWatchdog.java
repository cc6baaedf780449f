package dev.flightdeck.app.watch;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Notices a watch stream that stays open but goes silent — a stalled connection, a proxy that
 * stopped forwarding, a server that hung — which no error would ever report: every open stream's
 * last byte is timed, and one that has been quiet for longer than its limit is closed, so its
 * watcher reconnects as after any dropped stream (client-go does the same with read-idle health
 * checks). The limit is well above the API server's bookmark period (about a minute), so a quiet
 * but healthy stream is never cut. One daemon thread checks every stream once a second.
 */
final class IdleWatchdog {

    private static final ScheduledExecutorService CHECKS = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("watch-idle-check").daemon().unstarted(r));
    private static final Set<Watched> OPEN = ConcurrentHashMap.newKeySet();

    static {
        CHECKS.scheduleWithFixedDelay(IdleWatchdog::check, 1, 1, TimeUnit.SECONDS);
    }

    private IdleWatchdog() {
    }

    /** A stream under watch: closed (and {@link #stalled()} true) once quiet for longer than the limit. */
    static final class Watched extends FilterInputStream {
        private final long limitNanos;
        private final long opened = System.nanoTime();
        private volatile long lastRead = opened;
        private volatile boolean stalled;

        private Watched(InputStream in, Duration limit) {
            super(in);
            this.limitNanos = limit.toNanos();
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            lastRead = System.nanoTime();
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            lastRead = System.nanoTime();
            return n;
        }

        @Override
        public void close() throws IOException {
            OPEN.remove(this);
            super.close();
        }

        /** How long ago it was opened, in ns. */
        long openedFor() {
            return System.nanoTime() - opened;
        }

        /** Whether the watchdog closed it for silence. */
        boolean stalled() {
            return stalled;
        }

        private void checkIdle(long now) {
            if (now - lastRead > limitNanos) {
                stalled = true;
                try {
                    close(); // fails the blocked read at once ("channel already closed"): no interrupt needed
                } catch (IOException ignored) {
                    // closing only to unblock the reader
                }
            }
        }
    }

    static Watched watch(InputStream stream, Duration limit) {
        Watched w = new Watched(stream, limit);
        OPEN.add(w);
        return w;
    }

    private static void check() {
        long now = System.nanoTime();
        for (Watched w : OPEN) {
            w.checkIdle(now);
        }
    }
}
