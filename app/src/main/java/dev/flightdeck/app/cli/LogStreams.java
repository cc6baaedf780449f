package dev.flightdeck.app.cli;

import dev.flightdeck.app.diagnose.logs.GangLogOptions;
import dev.flightdeck.app.diagnose.logs.LogFollow;
import dev.flightdeck.app.diagnose.logs.LogLine;
import dev.flightdeck.app.diagnose.logs.LogRead;
import dev.flightdeck.app.diagnose.logs.LogRequests;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodLogOptions;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.launch.LogsRequest;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The logs of a pod, or of a few ranks of a gang, as {@code kubectl logs} prints them (the log on stdout, what it
 * is on stderr): read, or followed until the containers end. Several ranks followed at once have each line tagged
 * {@code [rank N]}, as torchrun tags them.
 */
final class LogStreams {

    /** One pod or rank's read asked for by a person: a little more room than a summary gives each of 512 ranks. */
    private static final long LIMIT_BYTES = 4L * 1024 * 1024;

    private final LogRequests requests;
    private final LogsRequest req;
    private final PrintStream out;
    private final PrintStream err;

    LogStreams(LogRequests requests, LogsRequest req, PrintStream out, PrintStream err) {
        this.requests = requests;
        this.req = req;
        this.out = out;
        this.err = err;
    }

    int pod(PodObject pod) throws IOException, InterruptedException {
        String container = pod.defaultContainer().orElse(null);
        if (container == null) {
            err.println("flightdeck: logs " + req.target() + ": the pod has no containers");
            return CheckCommand.UNREADABLE;
        }
        if (req.follow()) {
            return follow(List.of(new Target(pod.namespace(), pod.name(), container, null)));
        }
        return read(pod.namespace(), pod.name(), container) ? CheckCommand.OK : CheckCommand.UNREADABLE;
    }

    int ranks(Gang gang, List<RankSlot> slots, KubeRest rest) throws IOException, InterruptedException {
        List<Target> targets = new ArrayList<>();
        for (RankSlot s : slots) {
            if (s.pod() == null) {
                err.println("flightdeck: logs " + req.target() + ": rank " + s.rank() + " has no pod (" + s.state().label() + ")");
                return CheckCommand.UNREADABLE;
            }
            KubeRest.Answer a = rest.get(ApiResource.PODS.path().in(gang.key().namespace()).named(s.pod()));
            if (!a.ok()) {
                err.println("flightdeck: logs " + req.target() + ": rank " + s.rank() + ": " + a.message());
                return CheckCommand.UNREADABLE;
            }
            PodObject pod = a.as(PodObject.class);
            targets.add(new Target(pod.namespace(), pod.name(), pod.defaultContainer().orElse(null), s));
        }
        if (req.follow()) {
            return follow(targets);
        }
        boolean all = true;
        for (Target t : targets) {
            if (targets.size() > 1) {
                out.println("── rank " + t.rank().rank() + " · " + t.rank().state().label() + " · pod " + t.pod()
                        + (t.rank().node() == null ? "" : " · " + t.rank().node()));
            } else {
                err.println("flightdeck: rank " + t.rank().rank() + " of " + req.target() + " · " + t.rank().state().label()
                        + " · pod " + t.pod() + (t.rank().node() == null ? "" : " · " + t.rank().node()));
            }
            all &= read(t.namespace(), t.pod(), t.container());
        }
        out.flush();
        return all ? CheckCommand.OK : CheckCommand.UNREADABLE;
    }

    private record Target(String namespace, String pod, String container, RankSlot rank) { }

    private PodLogOptions options(String container) {
        return new PodLogOptions(container, req.tail() == null ? GangLogOptions.DEFAULT_TAIL : req.tail(), LIMIT_BYTES,
                req.previous(), req.timestamps(), req.since() == null ? null : req.since().toSeconds(), false);
    }

    private boolean read(String namespace, String pod, String container) throws IOException, InterruptedException {
        LogRead r = requests.read(namespace, pod, options(container), l -> out.println(l.render(req.timestamps())), null);
        if (!r.ok()) {
            err.println("flightdeck: logs " + namespace + "/" + pod + ": " + r.problem());
            return false;
        }
        if (r.cut()) {
            err.println("flightdeck: the log of " + pod + " was cut at " + LIMIT_BYTES / (1024 * 1024)
                    + " MiB: its last lines may be missing (ask for fewer with --tail)");
        }
        return true;
    }

    /** Follows every target at once until each ends; a line of several ranks carries its rank. */
    private int follow(List<Target> targets) throws InterruptedException {
        List<LogFollow> follows = new ArrayList<>();
        boolean tagged = targets.size() > 1;
        for (Target t : targets) {
            String tag = tagged ? "[rank " + t.rank().rank() + "] " : "";
            Consumer<LogLine> print = l -> {
                synchronized (out) {
                    out.println(tag + l.render(req.timestamps()));
                    out.flush();
                }
            };
            follows.add(requests.follow(t.namespace(), t.pod(), options(t.container()), print));
        }
        boolean all = true;
        try {
            CompletableFuture.allOf(follows.stream().map(LogFollow::done).toArray(CompletableFuture[]::new)).join();
        } finally {
            follows.forEach(LogFollow::cancel);
        }
        for (LogFollow f : follows) {
            LogRead r = f.done().getNow(null);
            if (r != null && !r.ok()) {
                err.println("flightdeck: logs " + f.what() + ": " + r.problem());
                all = false;
            }
        }
        out.flush();
        return all ? CheckCommand.OK : CheckCommand.UNREADABLE;
    }
}
