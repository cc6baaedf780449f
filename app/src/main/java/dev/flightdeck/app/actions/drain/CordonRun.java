package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.KubeRest;

import java.io.IOException;
import java.util.Map;

/**
 * Cordon or uncordon as one action, the same from the console and from {@code flightdeck cordon}:
 * the confirmation is journaled first (nothing is changed if it cannot be), then the patch, then
 * a FlightdeckCordon / FlightdeckUncordon Event on the node, and always exactly one outcome entry —
 * also when the server gives no answer.
 */
public final class CordonRun {

    /** How it ended: done, the node was gone, or refused/failed (the summary says which and why). */
    public record Outcome(boolean done, boolean nodeGone, String summary) {
    }

    private CordonRun() {
    }

    /**
     * @param uncordon true to uncordon (the reason is then optional)
     * @throws IOException only when the confirmation cannot be journaled: then nothing was changed
     */
    public static Outcome run(ActionSession s, String node, boolean uncordon, String reason) throws IOException {
        String verb = uncordon ? "uncordon" : "cordon";
        ActionJournal journal = s.journalFor(verb, "node/" + node);
        journal.write("confirm", verb + " " + node + (reason.isBlank() ? "" : " — " + reason), Map.of("reason", reason));
        Outcome outcome;
        int status = 0;
        try {
            KubeRest.Answer a = uncordon ? Cordon.uncordon(s.rest(), node)
                    : Cordon.cordon(s.rest(), node, reason, s.user(), s.clock().instant());
            status = a.code();
            if (a.ok()) {
                String summary = node + (uncordon ? " uncordoned" : " cordoned: " + reason);
                String eventProblem = ClusterEvents.record(s.rest(), ClusterEvents.Regarding.node(node, null),
                        uncordon ? "FlightdeckUncordon" : "FlightdeckCordon", uncordon ? "Uncordon" : "Cordon", summary, false,
                        s.user(), s.clock().instant());
                outcome = new Outcome(true, false, summary + (eventProblem == null ? "" : " (" + eventProblem + ")"));
            } else if (a.code() == 404) {
                outcome = new Outcome(false, true, "node " + node + " no longer exists");
            } else {
                outcome = new Outcome(false, false, "could not " + verb + " " + node + ": " + a.message());
            }
        } catch (IOException | RuntimeException e) {
            // A RuntimeException too (a client closed under the run, a bug): the outcome is still written.
            outcome = new Outcome(false, false, "could not " + verb + " " + node + ": "
                    + dev.flightdeck.app.watch.Problems.describe(e));
        }
        journal.outcome(outcome.summary(), Map.of("status", status, "done", outcome.done()));
        return outcome;
    }
}
