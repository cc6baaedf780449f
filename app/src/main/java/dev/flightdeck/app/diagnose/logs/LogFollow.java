package dev.flightdeck.app.diagnose.logs;

import java.util.concurrent.CompletableFuture;

/**
 * A followed log, streaming on a thread of its own ({@link LogRequests#follow}): {@link #cancel()} stops it from
 * any thread (the stream is closed, so its reader returns at once); {@link #done()} completes with how it ended —
 * the container ended or the server closed the stream ({@link LogRead#ok()}), it was stopped ({@link #cancelled()}),
 * or it failed (the problem in words).
 */
public final class LogFollow {

    private final String what;
    private final CompletableFuture<LogRead> done = new CompletableFuture<>();
    private final OpenStreams streams = new OpenStreams();

    LogFollow(String what) {
        this.what = what;
    }

    /** Namespace/pod followed. */
    public String what() {
        return what;
    }

    /** Stops following; lines already handed on stay handed on. Idempotent. */
    public void cancel() {
        streams.closeAll();
    }

    public boolean cancelled() {
        return streams.closed();
    }

    public CompletableFuture<LogRead> done() {
        return done;
    }

    OpenStreams streams() {
        return streams;
    }

    void finish(LogRead read) {
        done.complete(read);
    }
}
