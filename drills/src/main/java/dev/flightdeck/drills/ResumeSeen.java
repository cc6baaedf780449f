package dev.flightdeck.drills;

import java.time.Instant;

/**
 * A resume the operator ran, read from its journal lines: which gang, from which checkpoint, and
 * whether that was the newest complete one when the original was saved (the moment before the
 * delete, when the choice was final).
 *
 * @param newestUri the newest complete checkpoint at that moment, as the object store holds it; null if none
 * @param resumedAt when the outcome said it was recreated, or null (not yet, or it failed)
 */
record ResumeSeen(Instant at, String gang, String uri, String newestUri, Instant resumedAt) {

    boolean fromNewest() {
        return newestUri != null && step(newestUri) == step(uri);
    }

    boolean fromOlder() {
        return newestUri != null && uri != null && step(uri) < step(newestUri);
    }

    ResumeSeen resumed(Instant when) {
        return new ResumeSeen(at, gang, uri, newestUri, when);
    }

    /** The step of a DCP folder URI ({@code …/step-1300/}), or -1. */
    static long step(String uri) {
        if (uri == null) {
            return -1;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("step-(\\d+)/?$").matcher(uri);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
