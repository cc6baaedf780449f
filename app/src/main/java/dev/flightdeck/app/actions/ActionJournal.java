package dev.flightdeck.app.actions;

import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The journal as one action run sees it: every line carries the cluster, context and identity,
 * and the run's action and target. A write that fails throws: an action that cannot be recorded
 * is not carried out (the caller checks before each destructive step).
 */
public final class ActionJournal {

    private final Journal journal;
    private final Clock clock;
    private final String cluster;
    private final String context;
    private final String user;
    private final String action;
    private final String target;
    private final Instant started;

    public ActionJournal(Journal journal, Clock clock, String cluster, String context, String user, String action,
                         String target) {
        this.journal = journal;
        this.clock = clock;
        this.cluster = cluster;
        this.context = context;
        this.user = user;
        this.action = action;
        this.target = target;
        this.started = clock.instant();
    }

    public void write(String phase, String message, Map<String, Object> details) throws IOException {
        journal.append(new JournalEntry(clock.instant(), cluster, context, user, action, phase, target, message,
                details, -1));
    }

    /** The last line of a run, with how long it took since this journal was made. */
    public void outcome(String message, Map<String, Object> details) throws IOException {
        Instant now = clock.instant();
        journal.append(new JournalEntry(now, cluster, context, user, action, "outcome", target, message, details,
                Duration.between(started, now).toMillis()));
    }

    public String user() {
        return user;
    }
}
