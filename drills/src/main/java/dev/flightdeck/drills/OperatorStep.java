package dev.flightdeck.drills;

import java.time.Instant;

/**
 * Something the operator did during a drill, as the drill saw it: a screen or object opened in the
 * console, an action's journal line, or a read through the API that names an object (what an audit
 * log shows of a runbook or kubectl).
 *
 * @param ref  what it was about: {@code node/NAME}, {@code gang/NS/NAME}, {@code screen/pressure},
 *             {@code screen/gangs}, {@code store/checkpoints}, {@code log/node/NAME}
 * @param what one line for the timeline
 */
public record OperatorStep(Instant at, String ref, String what, Source source) {

    /** Where the drill learnt of it. */
    public enum Source { CONSOLE, JOURNAL, API }

    public static String node(String name) {
        return "node/" + name;
    }

    public static String gang(String namespaceAndName) {
        return "gang/" + namespaceAndName;
    }

    /** Read the log of a pod on the node (a rank's, or any): {@code log/node/NAME}. */
    public static String logOn(String node) {
        return "log/node/" + node;
    }

    public static final String PRESSURE = "screen/pressure";
    public static final String GANGS_SCREEN = "screen/gangs";
    public static final String CHECKPOINT_STORE = "store/checkpoints";
}
