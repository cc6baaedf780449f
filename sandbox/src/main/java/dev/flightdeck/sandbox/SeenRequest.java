package dev.flightdeck.sandbox;

import java.time.Instant;

/**
 * One request as the sandbox API server received it, for whoever audits the sandbox (a drill
 * counts the operator's load on the server with it, as an audit log would on a real cluster).
 *
 * @param query     the query string, or null
 * @param userAgent the client's User-Agent header, or ""
 */
public record SeenRequest(Instant at, String method, String path, String query, String userAgent) {

    /** A LIST or WATCH of a collection, or any read of one object. */
    public boolean isRead() {
        return method.equals("GET") || method.equals("HEAD");
    }

    public boolean isWatch() {
        return query != null && (query.contains("watch=true") || query.contains("watch=1"));
    }
}
