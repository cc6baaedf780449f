package dev.flightdeck.sandbox;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

import java.util.function.Predicate;

/** A watch served as a chunked HTTP response, one JSON event per line, as kube-apiserver does. */
final class HttpWatch implements WatchSink {

    private final HttpServerResponse response;
    private final Context context;
    private final Predicate<StoredObject> filter;
    /** Set at once by close(), so the table stops sending; writes already queued still go out. */
    private volatile boolean closed;
    /** Set on the event loop when the response has ended; only touched there. */
    private boolean ended;

    HttpWatch(HttpServerResponse response, Context context, Predicate<StoredObject> filter) {
        this.response = response;
        this.context = context;
        this.filter = filter;
    }

    @Override
    public Predicate<StoredObject> filter() {
        return filter;
    }

    @Override
    public void send(byte[] eventLine) {
        // Writes go through the connection's own event loop, which keeps them in order.
        context.runOnContext(v -> {
            if (!ended) {
                response.write(Buffer.buffer(eventLine));
            }
        });
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.runOnContext(v -> {
            ended = true;
            if (!response.ended() && !response.closed()) {
                response.end();
            }
        });
    }
}
