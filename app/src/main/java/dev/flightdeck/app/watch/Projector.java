package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;

/**
 * Turns one JSON object from a LIST or WATCH stream straight into the console's
 * compact record, without building the full fabric8 model object first (which
 * costs ~14 KB per pod and most of the sync time).
 */
public interface Projector<T> {

    /** Reads the object the parser is positioned on (its START_OBJECT is the current token). */
    Projected<T> read(JsonParser parser) throws IOException;

    /** A projected item and the object's resourceVersion, which only the watcher needs. */
    record Projected<T>(T item, String resourceVersion) {
    }
}
