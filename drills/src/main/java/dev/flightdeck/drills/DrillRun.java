package dev.flightdeck.drills;

import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.drills.Scenario.Target;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One incident-response drill from start to report. It starts a fresh sandbox as the scenario
 * describes (never the cluster the person was on) and an observer of it, then judges on its own
 * thread four times a second until every fault is recovered, the limit passes, the operator ends
 * it, the scripted responder gives up, or it is aborted. The operator works on {@link #cluster()}
 * with the normal screens or commands; what they open is told with {@link #opened}, what they do
 * reaches the drill through the journal and the API audit.
 */
public final class DrillRun implements AutoCloseable {

    /** The observer's User-Agent (its start): its own reads must not count as the operator's. */
    static final String OBSERVER_AGENT = "flightdeck-drill-observer/";
    private static final String OBSERVER = SessionOptions.userAgent("flightdeck-drill-observer");
    private static final Duration TICK = Duration.ofMillis(250);
    /**
     * After recovery, how long the drill waits at most for actions under way to journal their outcome and for a
     * scripted responder to exit (and make its last move, a mistake included): a minute, since a loaded CI machine
     * took over 30 s to start the responder's last command. A responder that exits ends the wait at once.
     */
    private static final Duration SETTLE = Duration.ofSeconds(60);
    /** What the shell's exit codes 127 and 126 say: the command was not found, or found but could not be executed. */
    private static final Map<Integer, String> CANNOT_START = Map.of(127, "not found", 126, "not executable");

    /**
     * @param pace            schedule time per real time (1 for a person; see {@link DrillClock})
     * @param journal         the journal the operator's actions go to
     * @param readsFromAudit  count reads through the API that name an object as opening it (a
     *                        scripted responder has no screen); off when a person uses the console
     * @param afterResponder  how long to wait for recovery once the scripted responder has exited
     */
    public record Options(double pace, Journal journal, boolean readsFromAudit, Duration afterResponder,
                          CircuitBreaker breaker, Clock clock) {
        public static Options console(Journal journal) {
            return new Options(1, journal, false, Duration.ofMinutes(1), CircuitBreaker.DEFAULTS, Clock.systemUTC());
        }

        public Options withPace(double p) {
            return new Options(p, journal, readsFromAudit, afterResponder, breaker, clock);
        }

        public Options scripted() {
            return new Options(pace, journal, true, afterResponder, breaker, clock);
        }
    }

    /** What the banner shows while a drill runs, and once it has ended. */
    public record Status(String scenarioId, Duration elapsed, Duration limit, boolean ended, DrillReport.Outcome outcome) { }

    private final Scenario scenario;
    private final Options options;
    private final DrillWorld world;
    private final ClusterSession observer;
    private final DrillEngine engine;
    private final ScheduledExecutorService thread;
    private final CompletableFuture<DrillReport> report = new CompletableFuture<>();
    private volatile Instant responderExited;
    private volatile int responderExit;
    private volatile String responder;
    private volatile boolean responderNeverStarted;
    private volatile String endRequest;
    private volatile boolean abortRequest;
    private Instant recoveredAt;
    private volatile boolean tornDown;

    private DrillRun(Options options, DrillWorld world, ClusterSession observer, Map<String, String> resolved) {
        this.scenario = world.scenario();
        this.options = options;
        this.world = world;
        this.observer = observer;
        DrillClock clock = new DrillClock(options.clock(), options.pace());
        this.engine = new DrillEngine(scenario, clock, new DrillView(observer.model(), world::isDrillNode),
                new FaultInjector(world.hands(), scenario, options.pace()),
                new JournalFollower(options.journal(), world.clusterUrl(), clock.start()), world.audits(),
                options.readsFromAudit() && world.audits(), resolved, gang -> {
                    String[] p = gang.split("/", 2);
                    return world.hands().newestCheckpoint(p[0], p[1]);
                }, options.breaker());
        engine.event(clock.start(), TimelineEvent.Kind.DRILL, "drill " + scenario.id() + " started on " + world.describe()
                + (options.pace() == 1 ? "" : "; schedule " + java.math.BigDecimal.valueOf(options.pace())
                .stripTrailingZeros().toPlainString() + "× faster than real time"));
        world.audit(engine::seen);
        world.pace(options.pace(), clock.start());
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("drill-" + scenario.id())
                .daemon().unstarted(r));
        thread.scheduleWithFixedDelay(this::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Starts the drill on a world made ready (its own sandbox, {@code world.SandboxWorld}, or a staging
     * cluster's virtual nodes, {@code staging.StagingWorld}) and begins the clock once the observer has
     * the whole cluster. Throws {@link DrillStartException} in words when it cannot.
     */
    public static DrillRun start(DrillWorld world, Options options) throws DrillStartException {
        for (Scenario.Fault f : world.scenario().faults()) {
            String why = world.hands().cannotStrike(f.kind());
            if (why != null) {
                world.tearDown();
                throw new DrillStartException("fault " + f.id() + " (" + f.kind().word() + ") " + why, null, true);
            }
        }
        ClusterSession observer = null;
        try {
            observer = ClusterSessions.openStarted(world.target(), SessionOptions.DEFAULTS.withUserAgent(OBSERVER)
                    .withGpuStall(DrillClock.stallThresholds(options.pace())));
            // GPU telemetry on the drill's schedule too: a stall is told, and a restarted gang seen working, in time.
            observer.telemetry().setInterval(DrillClock.telemetryInterval(options.pace()));
            if (!observer.awaitSynced(60, TimeUnit.SECONDS)) {
                throw new DrillStartException("the drill's cluster did not answer its observer within 60 s: "
                        + observer.health().describe(), null);
            }
            return new DrillRun(options, world, observer, resolveRankNodes(world));
        } catch (ConnectionProblem e) {
            closeQuietly(observer, world);
            throw new DrillStartException("the drill's cluster could not be read: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closeQuietly(observer, world);
            throw new DrillStartException("interrupted while the drill started", e);
        } catch (DrillStartException | RuntimeException e) {
            closeQuietly(observer, world);
            throw e instanceof DrillStartException d ? d : new DrillStartException("the drill could not start: " + e, e);
        }
    }

    /** Node faults aimed at a rank strike the node that rank is on now, at the start, whenever they strike. */
    private static Map<String, String> resolveRankNodes(DrillWorld world) {
        Scenario s = world.scenario();
        Map<String, String> out = new HashMap<>();
        for (Scenario.Fault f : s.faults()) {
            if (f.target() instanceof Target.RankNode r) {
                Scenario.GangStart g = s.cluster().gangs().stream().filter(x -> x.name().equals(r.gang())).findFirst()
                        .orElseThrow();
                String node = world.hands().nodeOfRank(g.namespace(), g.name(), r.rank());
                if (node != null) {
                    out.put(f.id(), node);
                }
            } else if (f.target() instanceof Target.Node n) {
                out.put(f.id(), n.name());
            }
        }
        return out;
    }

    private void tick() {
        if (report.isDone()) {
            return;
        }
        try {
            engine.tick();
            Instant now = engine.clock.now();
            if (abortRequest) {
                finish(DrillReport.Outcome.ABORTED, "aborted at " + at(now));
            } else if (neverStarted(now)) {
                responderNeverStarted = true;
                finish(DrillReport.Outcome.ABORTED, "the responder could not be started (exit " + responderExit + ", "
                        + CANNOT_START.get(responderExit) + ") and the drill saw no request or action of it: the response "
                        + "was never started, so it was not judged");
            } else if (engine.allDone()) {
                if (recoveredAt == null) {
                    recoveredAt = now;
                    engine.event(now, TimelineEvent.Kind.DRILL, "every fault reached its last stage");
                }
                // Let what is under way finish, so its outcome (and the responder's exit) is in the report.
                boolean settling = Duration.between(recoveredAt, now).compareTo(SETTLE) < 0
                        && (engine.actionsUnderway() || responder != null && responderExited == null
                        || recent(engine.lastActivity(), now) || recent(responderExited, now));
                if (!settling) {
                    finish(DrillReport.Outcome.RECOVERED, "every fault reached its last stage by "
                            + at(recoveredAt));
                }
            } else if (engine.doomed() != null) {
                finish(DrillReport.Outcome.NOT_RECOVERED, engine.doomed());
            } else if (endRequest != null) {
                finish(DrillReport.Outcome.NOT_RECOVERED, endRequest + " at " + at(now) + ", before every fault was recovered");
            } else if (engine.clock.elapsed().compareTo(scenario.limit()) > 0) {
                finish(DrillReport.Outcome.NOT_RECOVERED, "the limit of " + scenario.limit().toMinutes()
                        + " min passed before every fault was recovered");
            } else if (responderExited != null
                    && Duration.between(responderExited, now).compareTo(options.afterResponder()) > 0) {
                finish(DrillReport.Outcome.NOT_RECOVERED, "the responder exited (code " + responderExit + ") at "
                        + at(responderExited) + " and the cluster had not recovered " + options.afterResponder().toSeconds()
                        + " s later");
            }
        } catch (RuntimeException e) {
            engine.problems.add("the drill stopped judging: " + e);
            finish(DrillReport.Outcome.ABORTED, "stopped by an error in the drill at " + at(engine.clock.now()) + ": " + e);
        }
    }

    /**
     * The scripted responder exited as the shell does when it cannot start the command (126, 127) and,
     * two seconds on (its last requests are in the audit by then), nothing it did had reached the cluster.
     */
    private boolean neverStarted(Instant now) {
        return responderExited != null && CANNOT_START.containsKey(responderExit) && engine.lastActivity() == null
                && !recent(responderExited, now);
    }

    /** Within the last two seconds: the observer's model may not show its effect yet. */
    private static boolean recent(Instant i, Instant now) {
        return i != null && Duration.between(i, now).compareTo(Duration.ofSeconds(2)) < 0;
    }

    private String at(Instant i) {
        return DrillClock.offset(engine.clock.since(i));
    }

    private void finish(DrillReport.Outcome outcome, String how) {
        Instant now = engine.clock.now();
        engine.event(now, TimelineEvent.Kind.DRILL, "drill ended: " + how);
        List<String> leftovers = List.of();
        if (!world.tornDownOnClose()) {
            leftovers = tearDownOnce();
            engine.event(engine.clock.now(), TimelineEvent.Kind.DRILL, leftovers.isEmpty()
                    ? "everything the drill created is removed (checked)"
                    : "could not remove: " + String.join("; ", leftovers));
        }
        report.complete(ReportBuilder.build(engine, now, outcome, how, responder, world.describe(), leftovers));
        thread.shutdown();
    }

    private synchronized List<String> tearDownOnce() {
        if (tornDown) {
            return List.of();
        }
        tornDown = true;
        return world.tearDown();
    }

    public Scenario scenario() {
        return scenario;
    }

    /** Where the operator connects: the drill's own sandbox, or the staging cluster's context. */
    public ConnectionTarget target() {
        return world.target();
    }

    /** The world the drill plays on (its sandbox, for the responder's kubeconfig). */
    public DrillWorld world() {
        return world;
    }

    /** Any thread: the operator opened a node ({@code node/NAME}), a gang ({@code gang/NS/NAME}) or a screen. */
    public void opened(String ref, String what) {
        engine.opened(ref, what);
    }

    /** The scripted responder's command line (for the report) once it started. */
    public void responderStarted(String commandLine) {
        this.responder = commandLine;
    }

    /** The scripted responder has exited: the drill waits {@link Options#afterResponder()} for recovery. */
    public void responderExited(int exitCode) {
        responder = responder + " (exited " + exitCode + ")";
        responderExit = exitCode;
        responderExited = engine.clock.now();
    }

    /**
     * Whether the drill ended because its scripted responder could not be started (not found, not
     * executable): a setup failure, not a response that failed.
     */
    public boolean responderNeverStarted() {
        return responderNeverStarted;
    }

    /** The operator ends the drill: recovered if every fault was, else not. */
    public void end() {
        endRequest = "ended by the operator";
    }

    /** Stops the drill at once; the report says aborted and keeps what was measured. */
    public void abort() {
        abortRequest = true;
    }

    public Status status() {
        DrillReport r = report.getNow(null);
        return new Status(scenario.id(), r == null ? engine.clock.elapsed() : r.duration(), scenario.limit(), r != null,
                r == null ? null : r.outcome());
    }

    public void onEnded(Consumer<DrillReport> listener) {
        report.thenAccept(listener);
    }

    /** The report, once the drill has ended; blocks up to {@code timeout}, then null. */
    public DrillReport awaitReport(Duration timeout) throws InterruptedException {
        try {
            return report.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Aborts if still running, then stops the observer and the drill's sandbox. */
    @Override
    public void close() {
        if (!report.isDone()) {
            abort();
            try {
                awaitReport(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        thread.shutdownNow();
        if (observer != null) {
            observer.close();
        }
        tearDownOnce();
    }

    private static void closeQuietly(ClusterSession observer, DrillWorld world) {
        if (observer != null) {
            observer.close();
        }
        if (world != null) {
            world.tearDown();
        }
    }
}
