package dev.flightdeck.app.palette;

import dev.flightdeck.app.gangs.GangKey;

/** What a palette entry leads to: a screen, an open cluster, or a node, gang or rank of one of them. */
public sealed interface Target {

    /** The cluster it lives in, or null (a screen, or a verb still waiting for its object). */
    default String cluster() {
        return null;
    }

    /** A screen of the main window, by its navigation id. */
    record Screen(String screen) implements Target { }

    /** An open cluster: choosing it puts it on screen. */
    record Cluster(String cluster) implements Target { }

    record Node(String cluster, String node) implements Target { }

    record Gang(String cluster, GangKey gang) implements Target { }

    /** One rank of a gang, and its pod (null for a missing rank). */
    record Rank(String cluster, GangKey gang, int rank, String pod) implements Target { }

    /** A verb typed alone: choosing it puts "drain " in the field, for the object to follow. */
    record Command(Verb verb) implements Target { }
}
