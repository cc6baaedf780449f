package dev.flightdeck.drills;

import dev.flightdeck.app.connect.ConnectionTarget;

import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * The cluster a drill plays on, ready: its own sandbox, or virtual nodes and pods on a staging
 * cluster that allows drills. It says how to connect to it (the operator and the drill's observer
 * both), which nodes are the drill's, what the drill's hands can do there, and how to take it all
 * down again, verified.
 */
public interface DrillWorld {

    /** The scenario as played here (on a staging cluster every gang lives in the drill's namespace). */
    Scenario scenario();

    /** Where the operator and the drill's observer connect. */
    ConnectionTarget target();

    /** The API server's URL, as the journal names the cluster. */
    String clusterUrl();

    /** In words, for the report: "its own sandbox", "16 virtual GPU nodes on context staging-east". */
    String describe();

    DrillHands hands();

    /** Whether a node is one of the drill's (a staging cluster's other nodes are none of its business). */
    boolean isDrillNode(String node);

    /**
     * The namespace every gang of the drill lives in and the prefix of its nodes' names, when the
     * cluster holds more than the drill (a staging cluster); null on the drill's own sandbox, which
     * holds nothing else. Responders' runbooks look only there.
     */
    default DrillScope scope() {
        return null;
    }

    /** See {@link #scope()}. */
    record DrillScope(String namespace, String nodePrefix) { }

    /** Whether {@link #audit} sees every request to the API server (a sandbox does; a real cluster's audit log is not ours). */
    boolean audits();

    void audit(Consumer<AuditedRequest> listener);

    /** The drill's schedule runs {@code pace} times faster than real time (the trainers' saves follow it). */
    void pace(double pace, Instant now);

    /** Removes everything the drill created and checks it is gone; returns what could not be removed, in words. */
    List<String> tearDown();

    /**
     * Whether it is taken down only when the drill is closed, after the console has left it (its own
     * sandbox), rather than as the drill ends, so the report can say the cleanup was verified (a
     * staging cluster's virtual nodes).
     */
    default boolean tornDownOnClose() {
        return false;
    }
}
