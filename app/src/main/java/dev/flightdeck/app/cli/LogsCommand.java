package dev.flightdeck.app.cli;

import dev.flightdeck.app.diagnose.logs.GangLogFetch;
import dev.flightdeck.app.diagnose.logs.GangLogOptions;
import dev.flightdeck.app.diagnose.logs.GangLogSummary;
import dev.flightdeck.app.diagnose.logs.LogRequests;
import dev.flightdeck.app.diagnose.logs.SummaryText;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.LogsRequest;
import dev.flightdeck.app.session.ClusterSession;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * {@code flightdeck logs NS/GANG}: the gang's first-failure summary (which rank failed first, every rank's errors
 * grouped by message across ranks), then the failed and crashing ranks' tails, first failure first, then a compact
 * tail of every other rank; with {@code --rank}, those ranks' logs ({@code --follow}: streamed). {@code logs NS/POD}
 * for any pod. Exit 0 when read; 2 for bad input (a rank the gang has not, --rank on a pod, --follow on a whole
 * gang); 3 when the cluster, the gang or the pod cannot be read.
 */
public final class LogsCommand {

    private LogsCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        LogsRequest req = options.logs();
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return CheckCommand.UNREADABLE;
            }
            KubeRest rest = new KubeRest(session.connection().api());
            LogRequests requests = LogRequests.of(session.connection());
            Optional<Gang> gang = gang(req, session.model().gangs());
            if (gang.isPresent()) {
                return req.ranks().isEmpty() ? summary(gang.get(), req, requests, out, err)
                        : ranks(gang.get(), req, rest, requests, out, err);
            }
            KubeRest.Answer a = rest.get(ApiResource.PODS.path().in(req.namespace()).named(req.name()));
            if (a.code() == 404) {
                err.println("flightdeck: logs " + req.target() + ": no gang and no pod " + req.target()
                        + " in the cluster (gangs as the console sees them; pods as the server has them)");
                return CheckCommand.UNREADABLE;
            }
            if (!a.ok()) {
                err.println("flightdeck: logs " + req.target() + ": cannot read the pod: " + a.message());
                return CheckCommand.UNREADABLE;
            }
            if (!req.ranks().isEmpty()) {
                err.println("flightdeck: logs " + req.target() + ": --rank belongs to a gang, and " + req.target() + " is a pod");
                return CheckCommand.USAGE;
            }
            return new LogStreams(requests, req, out, err).pod(a.as(PodObject.class));
        } catch (IOException e) {
            err.println("flightdeck: logs " + req.target() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("flightdeck: logs " + req.target() + ": stopped");
            return CheckCommand.UNREADABLE;
        }
    }

    /** The gang named NS/NAME; when two systems use one name (a Job and its pod group), the workload's, the larger. */
    static Optional<Gang> gang(LogsRequest req, List<Gang> gangs) {
        return gangs.stream().filter(g -> g.key().namespace().equals(req.namespace()) && g.key().name().equals(req.name()))
                .min(Comparator.comparing((Gang g) -> g.key().system() == GangSystem.POD_GROUP)
                        .thenComparing(Comparator.comparingInt((Gang g) -> g.ranks().size()).reversed()));
    }

    private static int summary(Gang gang, LogsRequest req, LogRequests requests, PrintStream out, PrintStream err)
            throws InterruptedException {
        if (req.follow()) {
            err.println("flightdeck: logs " + req.target() + ": --follow streams one rank or a few: add --rank N (or N,M,…, up to "
                    + LogsRequest.MAX_FOLLOWED + ")");
            return CheckCommand.USAGE;
        }
        GangLogOptions o = GangLogOptions.DEFAULTS.withPrevious(req.previous())
                .withSinceSeconds(req.since() == null ? null : req.since().toSeconds());
        if (req.tail() != null) {
            o = o.withTailLines(Math.max(1, req.tail()));
        }
        GangLogSummary s;
        try {
            s = GangLogFetch.start(requests, gang, o, r -> { }).done().get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("flightdeck: logs " + req.target() + ": " + cause.getMessage());
            return CheckCommand.UNREADABLE;
        }
        SummaryText.summary(gang, s).forEach(out::println);
        List<String> tails = SummaryText.tails(s, req.timestamps());
        if (!tails.isEmpty()) {
            out.println();
            tails.forEach(out::println);
        }
        out.flush();
        return CheckCommand.OK;
    }

    private static int ranks(Gang gang, LogsRequest req, KubeRest rest, LogRequests requests, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        List<RankSlot> slots = new ArrayList<>();
        for (int r : req.ranks()) {
            Optional<RankSlot> slot = gang.ranks().stream().filter(s -> s.rank() == r).findFirst();
            if (slot.isEmpty()) {
                err.println("flightdeck: logs " + req.target() + ": the gang has no rank " + r + " (it has "
                        + dev.flightdeck.app.diagnose.logs.RankRanges.format(gang.ranks().stream().mapToInt(RankSlot::rank).toArray())
                        + ")");
                return CheckCommand.USAGE;
            }
            slots.add(slot.get());
        }
        return new LogStreams(requests, req, out, err).ranks(gang, slots, rest);
    }
}
