package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.NodeObject;
import dev.flightdeck.app.actions.OneRequestOperation;
import dev.flightdeck.app.actions.Permission;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Cordon (with who and why written on the node for teammates) or uncordon: one patch, recorded as
 * a FlightdeckCordon / FlightdeckUncordon Event on the node. A node that is gone, a refusal or no
 * answer is an outcome, never an exception. It has no steps and nothing to stop.
 */
public final class CordonOperation implements OneRequestOperation<CordonOperation.Plan, CordonOperation.Outcome> {

    /** What the patch would do to the node as it is now. */
    public record Plan(String node, boolean uncordon, boolean cordonedNow) {
        public String line() {
            return uncordon
                    ? "uncordon " + node + ": would let the scheduler place pods on it again and clear flightdeck.dev/cordon-*"
                    + (cordonedNow ? "" : " (it is not cordoned now)")
                    : "cordon " + node + ": would mark it unschedulable (running pods stay) and write who and why in "
                    + "flightdeck.dev/cordon-reason|cordoned-by|cordoned-at" + (cordonedNow ? " (it is cordoned already)" : "");
        }
    }

    /** How it ended: done, the node was gone, or refused/failed (the summary says which and why). */
    public record Outcome(boolean done, boolean nodeGone, int status, String summary) {
    }

    private final ActionSession s;
    private final String node;
    private final boolean uncordon;

    public CordonOperation(ActionSession s, String node, boolean uncordon) {
        this.s = s;
        this.node = node;
        this.uncordon = uncordon;
    }

    public static ActionRun<Plan, String, Outcome> run(ActionSession s, String node, boolean uncordon) {
        return new ActionRun<>(s, new CordonOperation(s, node, uncordon));
    }

    private String verb() {
        return uncordon ? "uncordon" : "cordon";
    }

    @Override
    public String action() {
        return verb();
    }

    @Override
    public String target() {
        return "node/" + node;
    }

    @Override
    public Plan read() throws IOException {
        KubeRest.Answer n = s.rest().get(ApiResource.NODES.path().named(node));
        if (n.code() == 404) {
            throw new IOException("node " + node + " does not exist");
        }
        if (!n.ok()) {
            throw new IOException("cannot read node " + node + ": " + n.message());
        }
        return new Plan(node, uncordon, n.as(NodeObject.class).spec().cordoned());
    }

    @Override
    public List<String> lines(Plan plan) {
        return List.of(plan.line());
    }

    @Override
    public List<Permission> permissions(Plan plan) {
        return ActionSession.CORDON;
    }

    /** A cordon needs a reason (it is written on the node); uncordon does not. */
    @Override
    public String refusal(Plan plan) {
        return null;
    }

    @Override
    public Confirmation confirmation(Plan plan, String reason) {
        return new Confirmation(verb() + " " + node + (reason.isBlank() ? "" : " — " + reason), Map.of("reason", reason));
    }

    @Override
    public Outcome execute(Plan plan, String reason, ActionJournal journal, Consumer<String> events) {
        int status = 0;
        try {
            KubeRest.Answer a = uncordon ? Cordon.uncordon(s.rest(), node)
                    : Cordon.cordon(s.rest(), node, reason, journal.user(), s.clock().instant());
            status = a.code();
            if (a.ok()) {
                return new Outcome(true, false, status, node + (uncordon ? " uncordoned" : " cordoned: " + reason));
            }
            if (a.code() == 404) {
                return new Outcome(false, true, status, "node " + node + " no longer exists");
            }
            return new Outcome(false, false, status, "could not " + verb() + " " + node + ": " + a.message());
        } catch (IOException e) {
            return new Outcome(false, false, status, "could not " + verb() + " " + node + ": "
                    + dev.flightdeck.app.watch.Problems.describe(e));
        }
    }

    @Override
    public Ending ending(Plan plan, Outcome o) {
        return new Ending(o.summary(), o.done(), Map.of("status", o.status(), "done", o.done()),
                ClusterEvents.Regarding.node(node, null), uncordon ? "FlightdeckUncordon" : "FlightdeckCordon",
                uncordon ? "Uncordon" : "Cordon");
    }
}
