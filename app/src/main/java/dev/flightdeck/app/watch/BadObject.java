package dev.flightdeck.app.watch;

import java.io.IOException;

/**
 * An object in a LIST or WATCH stream that the console will not show: a field it reasons about
 * is missing or unreadable (no name, a GPU count that is no whole number). The watcher reports
 * it and skips it; the rest of the stream stays live. Showing it with a guessed value would put a
 * wrong verdict in front of the operator as if it were certain.
 */
public final class BadObject extends IOException {

    public BadObject(String what) {
        super(what);
    }

    /** Fails when {@code value} is null or blank: the field is one no object of the kind can lack. */
    public static String required(String value, String kind, String field) throws BadObject {
        if (value == null || value.isBlank()) {
            throw new BadObject("a " + kind + " without " + field);
        }
        return value;
    }
}
