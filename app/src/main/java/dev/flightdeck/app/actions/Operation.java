package dev.flightdeck.app.actions;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What one kind of action does, and only that: how it reads its plan, what it needs, what its
 * confirmation and outcome say, and how it changes the cluster. Everything around it — the plan
 * and confirmation journaled, refusals, step entries, the Event on the object, exactly one outcome
 * entry, stopping — is {@link ActionRun}'s, the same for every action, in the console and headless.
 *
 * @param <P> the plan the operator reads and confirms
 * @param <E> the progress events a run reports
 * @param <O> how a run ended
 */
public interface Operation<P, E, O> {

    /** The journal's action name: drain, cordon, uncordon, preflight, resume. */
    String action();

    /** The journal's target: {@code node/NAME} or {@code gang/NS/NAME}. */
    String target();

    /** Reads the plan from the cluster, changing nothing. */
    P read() throws IOException, ActionRefused;

    /** The plan in words, first line a summary. */
    List<String> lines(P plan);

    /** What RBAC must allow for this plan. */
    List<Permission> permissions(P plan);

    /** Why the plan itself says no (a consent missing, the circuit breaker), or null when it may go ahead. */
    String refusal(P plan);

    /** The confirmation entry: what the operator agreed to, and why. */
    Confirmation confirmation(P plan, String reason);

    /**
     * Carries out the confirmed plan, reporting each step to {@code events} and ending with the
     * operation's last event. Failures the operation understands end in an outcome; the journal is
     * given for what the operation must save itself before it changes anything (resume's original).
     */
    O execute(P plan, String reason, ActionJournal journal, Consumer<E> events) throws IOException;

    /** Asks the run under way to stop; returns whether it will (a resume past its delete will not). */
    boolean cancel();

    /** One event in words, as the screen and stderr show it. */
    String line(E event);

    /** Whether this is the run's last event (its line is the outcome, journaled once by the run). */
    boolean isLast(E event);

    /** The journal's step entry for {@code event}, or null when it is not journaled as a step (the operation wrote it). */
    default String stepLine(E event) {
        return line(event);
    }

    /** The outcome as the journal and the Event record it. */
    Ending ending(P plan, O outcome);

    /** The confirmation entry's line and details. */
    record Confirmation(String line, Map<String, Object> details) {
        public Confirmation {
            details = Map.copyOf(details);
        }
    }

    /**
     * How a run ended, for the record: its summary, whether it did what was asked, the outcome
     * entry's details, and the Event (on {@code regarding}, with {@code reason}, e.g. FlightdeckDrain).
     */
    record Ending(String summary, boolean succeeded, Map<String, Object> details, ClusterEvents.Regarding regarding,
                  String reason, String eventAction) {
        public Ending {
            details = Map.copyOf(details);
        }
    }
}
