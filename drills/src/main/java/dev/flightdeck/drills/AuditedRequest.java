package dev.flightdeck.drills;

import java.time.Instant;

/**
 * One request the drill's cluster received, as its audit shows it: the drill counts the operator's
 * load on the API server with these, as an audit log would on a real cluster.
 *
 * @param query        the query string, or null
 * @param userAgent    the client's User-Agent header, or ""
 * @param faultHands   whether the drill's own fault injector sent it (never the operator's)
 */
public record AuditedRequest(Instant at, String method, String path, String query, String userAgent, boolean faultHands) {

    /** A LIST or WATCH of a collection, or any read of one object. */
    public boolean isRead() {
        return method.equals("GET") || method.equals("HEAD");
    }

    public boolean isWatch() {
        return query != null && (query.contains("watch=true") || query.contains("watch=1"));
    }
}
