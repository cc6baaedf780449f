package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.launch.ResolvedTarget;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.actions.KubeRest;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.drills.staging.StagingCleanup;
import dev.flightdeck.app.drills.staging.StagingNames;
import dev.flightdeck.app.session.SessionOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code flightdeck drill cleanup --context C [--confirm C]}: what drills left on a staging cluster
 * (a drill killed before it could clean up) — namespaces and nodes labelled {@code flightdeck.dev/drill}
 * — listed, and with the context's name confirmed, removed and checked. Exit 0 when nothing is left,
 * 2 when not confirmed, 3 when the cluster cannot be read, 6 when something could not be removed.
 */
final class DrillCleanupCommand {

    private DrillCleanupCommand() {
    }

    static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        if (options.kubeconfig() == null && options.context() == null) {
            err.println("flightdeck: drill cleanup needs the staging cluster named: --context C (drills leave nothing "
                    + "behind on their own sandbox)");
            return CheckCommand.USAGE;
        }
        ConnectionTarget.Context c;
        try {
            ResolvedTarget resolved = TargetResolver.resolve(options, env);
            if (!(resolved.target() instanceof ConnectionTarget.Context ctx)) {
                err.println("flightdeck: no context to clean up: " + resolved.whySandbox());
                return CheckCommand.USAGE;
            }
            c = ctx;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        }
        try (ClusterConnection connection = ClusterConnection.open(c, SessionOptions.DEFAULTS.withUserAgent(
                SessionOptions.userAgent("flightdeck-drill")))) {
            KubeRest rest = new KubeRest(connection.api());
            List<String> found = new ArrayList<>();
            found.addAll(listed(rest, "/api/v1/namespaces", "namespace"));
            found.addAll(listed(rest, "/api/v1/nodes", "node"));
            if (found.isEmpty()) {
                out.println("drill cleanup " + c.name() + ": nothing labelled " + StagingNames.LABEL + " is left");
                return CheckCommand.OK;
            }
            out.println("drill cleanup " + c.name() + ": would remove " + found.size() + " objects labelled "
                    + StagingNames.LABEL + " (and the nodes' Leases, and Flightdeck's validation Jobs on them)");
            found.forEach(f -> out.println("  " + f));
            if (!c.name().equals(options.drill().confirm())) {
                err.println("flightdeck: not removed: run it again with --confirm " + c.name());
                return ActCommand.NOT_CONFIRMED;
            }
            List<String> left = new StagingCleanup(rest).remove(null, () -> { });
            if (left.isEmpty()) {
                out.println("removed; nothing labelled " + StagingNames.LABEL + " is left (checked)");
                return CheckCommand.OK;
            }
            left.forEach(l -> out.println("  could not remove " + l));
            return ActCommand.FAILED;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (IOException e) {
            err.println("flightdeck: drill cleanup " + c.name() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }

    private static List<String> listed(KubeRest rest, String path, String kind) throws IOException {
        KubeRest.Answer a = rest.get(path + "?labelSelector=" + URLEncoder.encode(StagingNames.LABEL, StandardCharsets.UTF_8));
        if (!a.ok()) {
            throw new IOException("cannot list " + kind + "s: " + a.message());
        }
        List<String> out = new ArrayList<>();
        for (JsonNode i : a.json().path("items")) {
            out.add(kind + " " + i.path("metadata").path("name").asText() + "  (drill "
                    + i.path("metadata").path("labels").path(StagingNames.LABEL).asText() + ")");
        }
        return out;
    }
}
