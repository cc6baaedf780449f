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
 * is not carried out (the caller checks before each destructive step). A run that was confirmed
 * ends with exactly one outcome entry, also when it throws ({@link #failed}, {@link #endIfOpen}).
 */
public final class ActionJournal {

    private final Journal journal;
    private final Clock clock;
    private final String cluster;
    private final String context;
    private final String user;
    private final String action;
    private final String target;
    /** When the run was confirmed (its outcome's duration counts from there), or made. */
    private Instant started;
    private static final String CONFIRM = "confirm";
    private boolean confirmed;
    private boolean ended;

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

    /** Writes one entry (durably) and returns its time, which names it ({@code journal restore} takes it). */
    public synchronized Instant write(String phase, String message, Map<String, Object> details) throws IOException {
        Instant at = clock.instant();
        journal.append(new JournalEntry(at, cluster, context, user, action, phase, target, message, details, -1));
        if (CONFIRM.equals(phase)) {
            confirmed = true;
            started = at; // the time the operator spent reading the plan is not the action's
        }
        return at;
    }

    /** The file holding the entry written at {@code at}. */
    public java.nio.file.Path fileFor(Instant at) {
        return journal.fileFor(at);
    }

    /** The journal's directory, for messages. */
    public java.nio.file.Path directory() {
        return journal.directory();
    }

    /** The last line of a run, with how long it took since it was confirmed. */
    public synchronized void outcome(String message, Map<String, Object> details) throws IOException {
        Instant now = clock.instant();
        journal.append(new JournalEntry(now, cluster, context, user, action, "outcome", target, message, details,
                Duration.between(started, now).toMillis()));
        ended = true;
    }

    /**
     * Writes the outcome of a confirmed run that ended without one (it threw, or was given up),
     * saying why; does nothing before a confirmation or after an outcome, so every confirmed run
     * has exactly one. Best effort: a journal that cannot be written is reported by the caller's
     * own problem already. Returns whether it wrote.
     */
    public synchronized boolean endIfOpen(String why) {
        if (!confirmed || ended) {
            return false;
        }
        try {
            outcome(why, Map.of("result", "ENDED_UNEXPECTEDLY"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** For {@code catch (RuntimeException e) { throw journal.failed(e); }}: the outcome says what broke the run. */
    public RuntimeException failed(RuntimeException e) {
        endIfOpen("failed: " + dev.flightdeck.app.watch.Problems.describe(e) + " (the run stopped here; check the "
                + "target's state before running it again)");
        return e;
    }

    public String user() {
        return user;
    }
}
