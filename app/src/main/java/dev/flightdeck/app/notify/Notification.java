package dev.flightdeck.app.notify;

import java.time.Instant;

/**
 * Something worth telling a person who is looking elsewhere, about one object of one cluster, or several folded into
 * one ("3 more gangs halted on prod-east") when they came faster than a person reads.
 *
 * @param subject the object it is about: a gang's "namespace/name", a node's name; null for the cluster itself or a fold
 * @param count   how many objects it stands for (1, or the number folded)
 */
public record Notification(String cluster, Kind kind, String subject, String title, String text, Instant at, int count) {

    /** What happened. */
    public enum Kind {
        GANG_HALTED("gang halted", "gangs halted"),
        CLUSTER_UNREACHABLE("cluster unreachable", "clusters unreachable"),
        NODE_UNTRUSTED("node carrying ranks untrusted", "nodes carrying ranks untrusted"),
        QUEUED_TOO_LONG("job waiting in its queue", "jobs waiting in their queues");

        private final String one;
        private final String many;

        Kind(String one, String many) {
            this.one = one;
            this.many = many;
        }

        public String words(int n) {
            return n == 1 ? one : many;
        }
    }

    public boolean folded() {
        return subject == null && kind != Kind.CLUSTER_UNREACHABLE;
    }

    /** As one line: the title, then the text. */
    public String line() {
        return title + ": " + text;
    }
}
