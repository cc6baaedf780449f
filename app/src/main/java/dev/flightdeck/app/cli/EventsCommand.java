package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.resume.ResumePlanReader;
import dev.flightdeck.app.actions.resume.ResumeRefusal;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.diagnose.events.EventFilter;
import dev.flightdeck.app.diagnose.events.EventLines;
import dev.flightdeck.app.diagnose.events.EventOrder;
import dev.flightdeck.app.diagnose.events.EventReads;
import dev.flightdeck.app.diagnose.events.EventScope;
import dev.flightdeck.app.diagnose.events.EventWindow;
import dev.flightdeck.app.diagnose.events.GangObjects;
import dev.flightdeck.app.diagnose.events.EventApi;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.launch.EventsRequest;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.watch.ApiEndpoint;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * {@code flightdeck events [--for node/NAME | NS/pod/NAME | NS/GANG] [--warnings] [--since 1h]}: the
 * Events, newest first, one line each ({@link EventLines}). Read once with a LIST, never watched. A
 * node's or a pod's are chosen by the server (a field selector), Warnings too; a gang's are its
 * namespace's, kept for its workload object and its ranks' pods — and finding its ranks needs the
 * cluster's pods synced, as {@code plan} does. Exit 0 when read (also when there are none), 2 for a
 * command line that makes no sense, 3 when the cluster, its Events or the gang cannot be read.
 */
final class EventsCommand {

    /** The newest this many are printed; older ones are counted on stderr. */
    static final int MAX_LINES = 5_000;
    /** No --since: all the server keeps (its --event-ttl, an hour by default, decides). */
    private static final Duration ALL_KEPT = Duration.ofDays(3650);

    private EventsCommand() {
    }

    static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        EventsRequest req = options.events();
        EventFilter filter = EventFilter.ALL.withWarningsOnly(req.warnings()).withSince(req.since())
                .withOrder(EventOrder.NEWEST_FIRST);
        EventWindow.Limits limits = new EventWindow.Limits(MAX_LINES, req.since() == null ? ALL_KEPT : req.since());
        if (req.target() instanceof EventsRequest.Target.Gang g) {
            return gang(options, env, g, filter, limits, out, err);
        }
        ResolvedTarget resolved;
        try {
            resolved = TargetResolver.resolve(options, env);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        }
        if (resolved.whySandbox() != null) {
            err.println("flightdeck: using the embedded sandbox cluster: " + resolved.whySandbox());
        }
        SessionOptions sessionOptions = SessionOptions.forTarget(resolved.target(), SettingsFile.standard().load());
        try (ClusterConnection c = ClusterConnection.open(resolved.target(), sessionOptions)) {
            EventScope scope = switch (req.target()) {
                case null -> EventScope.cluster();
                case EventsRequest.Target.Node n -> EventScope.of(ObjectReference.of("Node", "", n.name()));
                case EventsRequest.Target.Pod p -> EventScope.of(ObjectReference.of("Pod", p.namespace(), p.name()));
                case EventsRequest.Target.Gang g -> throw new IllegalStateException("read above");
            };
            return print(read(c.api(), sessionOptions, scope, filter, limits), scope.describe(), req, out, err);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (IOException e) {
            err.println("flightdeck: events: " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }

    private static int gang(LaunchOptions options, Map<String, String> env, EventsRequest.Target.Gang g, EventFilter filter,
                            EventWindow.Limits limits, PrintStream out, PrintStream err) {
        String ref = g.namespace() + "/" + g.name();
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return CheckCommand.UNREADABLE;
            }
            Gang gang = ResumePlanReader.gang(ref, session.fleet().gangs());
            Set<ObjectReference> objects = GangObjects.of(gang);
            EventScope scope = EventScope.namespace(g.namespace());
            EventReads.Result r = read(session.connection().api(), SessionOptions.DEFAULTS, scope,
                    filter.withObjects(objects), limits);
            return print(r, "events of gang " + ref + " (" + gang.key().system().label() + ", its workload object and "
                    + gang.ranks().stream().filter(k -> k.pod() != null).count() + " ranks' pods)", options.events(), out, err);
        } catch (ResumeRefusal e) {
            err.println("flightdeck: events: " + e.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (IOException e) {
            err.println("flightdeck: events: " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }

    private static EventReads.Result read(ApiEndpoint api, SessionOptions options, EventScope scope, EventFilter filter,
                                          EventWindow.Limits limits) throws IOException {
        return new EventReads(new KubeRest(api), EventApi.choose(api), options.pageSize())
                .read(scope, filter, limits, Instant.now());
    }

    /** The lines, or one line on stderr saying there are none; {@code what} names whose Events they are. */
    private static int print(EventReads.Result r, String what, EventsRequest req, PrintStream out, PrintStream err) {
        if (r.events().isEmpty()) {
            err.println("flightdeck: no " + (req.warnings() ? "Warning " : "") + what.replaceFirst("^events", "Events")
                    + (req.since() == null ? "" : " in the last " + dev.flightdeck.app.nodes.Ages.format(req.since()))
                    + " (the API server keeps Events for its --event-ttl, an hour by default)");
            out.flush();
            return CheckCommand.OK;
        }
        EventLines.lines(r.events(), Instant.now()).forEach(out::println);
        out.flush();
        if (r.dropped() > 0) {
            err.printf("flightdeck: the newest %,d shown; %,d older not (narrow with --for, --warnings or --since)%n",
                    r.events().size(), r.dropped());
        }
        return CheckCommand.OK;
    }
}
