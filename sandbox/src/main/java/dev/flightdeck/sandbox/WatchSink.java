package dev.flightdeck.sandbox;

import java.util.function.Predicate;

/** One open watch stream on the sandbox server. */
interface WatchSink {

    Predicate<StoredObject> filter();

    /** Sends one serialized watch event (a JSON line); must not block the caller. */
    void send(byte[] eventLine);

    boolean isClosed();

    /** Ends the stream, as a server restart or a load balancer's idle cut would. */
    void close();
}
