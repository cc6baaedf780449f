package dev.flightdeck.drills;

import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Follows the action journal during a drill: the lines written since the start about the drill's
 * cluster, each handed out once. The journal is the console's and the headless commands' own
 * record, so whatever the operator does through Flightdeck reaches the drill the same way,
 * whichever process did it.
 */
final class JournalFollower {

    private final Journal journal;
    private final String cluster;
    private final Instant from;
    private final Set<JournalEntry> seen = new HashSet<>();
    private String problem;

    JournalFollower(Journal journal, String clusterUrl, Instant from) {
        this.journal = journal;
        this.cluster = normalized(clusterUrl);
        this.from = from;
    }

    /** Lines not handed out before, oldest first. A journal that cannot be read is reported once, not thrown. */
    List<JournalEntry> poll(Instant now) {
        List<JournalEntry> fresh = new ArrayList<>();
        try {
            for (JournalEntry e : journal.read(from, now.plus(Duration.ofMinutes(1)),
                    e -> cluster.equals(normalized(e.cluster()))).entries()) {
                if (seen.add(e)) {
                    fresh.add(e);
                }
            }
            problem = null;
        } catch (IOException e) {
            problem = "cannot read the journal in " + journal.directory() + ": " + e.getMessage();
        }
        return fresh;
    }

    /** Why the last poll failed, or null. */
    String problem() {
        return problem;
    }

    private static String normalized(String url) {
        return url == null ? "" : url.replaceAll("/+$", "");
    }
}
