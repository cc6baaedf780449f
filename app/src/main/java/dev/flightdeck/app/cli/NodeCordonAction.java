package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.KubeRest;
import dev.flightdeck.app.actions.drain.CordonRun;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** {@code flightdeck cordon|uncordon NODE}: the one patch, its plan in words, then {@link CordonRun}. */
final class NodeCordonAction implements ActCommand.Action {

    @Override
    public int run(ActionSession s, ActionRequest req, PrintStream out, PrintStream err, ActCommand.StopSignal stop)
            throws IOException {
        String node = req.target();
        boolean uncordon = req.action().equals("uncordon");
        KubeRest.Answer n = s.rest().get("/api/v1/nodes/" + node);
        if (n.code() == 404) {
            throw new IOException("node " + node + " does not exist");
        }
        if (!n.ok()) {
            throw new IOException("cannot read node " + node + ": " + n.message());
        }
        boolean cordoned = n.json().path("spec").path("unschedulable").asBoolean(false);
        String plan = uncordon
                ? "uncordon " + node + ": would let the scheduler place pods on it again and clear flightdeck.dev/cordon-*"
                + (cordoned ? "" : " (it is not cordoned now)")
                : "cordon " + node + ": would mark it unschedulable (running pods stay) and write who and why in "
                + "flightdeck.dev/cordon-reason|cordoned-by|cordoned-at" + (cordoned ? " (it is cordoned already)" : "");
        if (!ActCommand.confirmedAfter(List.of(plan), req, out, err)) {
            return ActCommand.NOT_CONFIRMED;
        }
        if (ActCommand.refuses(s, ActionSession.CORDON, err)) {
            return ActCommand.REFUSED;
        }
        CordonRun.Outcome o = CordonRun.run(s, node, uncordon, req.reason() == null ? "" : req.reason().strip());
        out.println(o.summary());
        return o.done() ? CheckCommand.OK : ActCommand.FAILED;
    }
}
