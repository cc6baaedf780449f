package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.actions.ActionsController;
import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.views.gangs.GangKindsStatus;
import dev.flightdeck.views.pressure.PressureViewModel;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Owns the cluster on screen, one of the fleet of clusters kept open ({@link ClusterFleet}).
 * Switching to a cluster that is open is instant: its session and model are live, the screens
 * are refilled from its model. Switching to one that is not opens it on the fleet's thread for it
 * (connecting can take seconds, and the FX thread must keep painting) and closes the one left
 * unless it is kept open; the outcome comes back to the FX thread as the session, or as the
 * problem's one-line message. A switch that is overtaken by a newer one is discarded.
 */
public final class SessionController implements AutoCloseable {

    /** How a target becomes a started session; the sandbox and real contexts both go through {@link ClusterSessions}. */
    @FunctionalInterface
    public interface Opener {
        ClusterSession open(ConnectionTarget target) throws ConnectionProblem;
    }

    /**
     * Opens with the settings saved for the target's context. An unreadable settings file is
     * not a reason to refuse a cluster: the defaults are used (the shell says why).
     */
    public static final Opener DEFAULT_OPENER = t ->
            ClusterSessions.openStarted(t, SessionOptions.forTarget(t, SettingsFile.standard().load()));

    private final ClusterFleet fleet;
    /** The clusters kept open besides the one on screen (FX thread). */
    private List<ConnectionTarget> kept = List.of();
    private final NodesViewModel nodes;
    private final GangsViewModel gangs;
    private final GangKindsStatus gangKinds = new GangKindsStatus();
    private final PressureViewModel pressure = new PressureViewModel(Platform::runLater);
    private final dev.flightdeck.views.telemetry.TelemetryViewModel telemetry =
            dev.flightdeck.views.telemetry.TelemetryViewModel.onFxThread();
    private Runnable journalChanged = () -> { };
    private final ActionsController actions = new ActionsController(() -> journalChanged.run());
    /** One virtual thread per switch: waiting for a silent cluster never holds up a switch to an open one. */
    private final ExecutorService worker = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("session-switch-", 0).factory());
    private final ReadOnlyObjectWrapper<ClusterSession> session = new ReadOnlyObjectWrapper<>(this, "session");
    private final ReadOnlyObjectWrapper<ConnectionTarget> target = new ReadOnlyObjectWrapper<>(this, "target");
    /** The cluster on screen is reached without checking its certificate, as its kubeconfig says (its client's setting). */
    private final ReadOnlyBooleanWrapper tlsVerificationOff = new ReadOnlyBooleanWrapper(this, "tlsVerificationOff");
    private final ReadOnlyStringWrapper connecting = new ReadOnlyStringWrapper(this, "connecting");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    /** The settings file as read (off the FX thread) for the cluster on screen, set anew at every connect. */
    private final ReadOnlyObjectWrapper<SettingsFile.Loaded> settings = new ReadOnlyObjectWrapper<>(this, "settings");
    private DeltaBatcher batcher;
    private java.util.function.BooleanSupplier hold = () -> false;
    private long generation;

    public SessionController(Opener opener, NodesViewModel nodes) {
        this(opener, nodes, new GangsViewModel(Clock.systemUTC()));
    }

    public SessionController(Opener opener, NodesViewModel nodes, GangsViewModel gangs) {
        this.fleet = new ClusterFleet(opener::open);
        this.nodes = nodes;
        this.gangs = gangs;
        nodes.setRankSource(gangs::ranksOn);
        tlsVerificationOff.bind(session.map(ClusterSession::tlsVerificationOff).orElse(false));
    }

    /**
     * One batch to both screens until the deadline: nodes first, then gangs (at least a chunk each, so neither
     * starves), then the node details' rank list. Returns the changes still waiting.
     */
    private int apply(List<ClusterDelta> batch, long deadlineNanos) {
        int waiting = nodes.apply(batch, deadlineNanos);
        waiting += gangs.apply(batch, deadlineNanos);
        nodes.refreshRanks();
        if (waiting == 0 && !onScreen.isEmpty()) {
            List<Runnable> due = List.copyOf(onScreen);
            onScreen.clear();
            due.forEach(Runnable::run);
        }
        return waiting;
    }

    /** How often node rows that changed place are re-placed on the live screen, at most. */
    static final java.time.Duration MOVES_EVERY = java.time.Duration.ofSeconds(1);

    /** Run once the switched-to cluster's first batch is on the screens (select a node there, …). */
    private final List<Runnable> onScreen = new java.util.ArrayList<>();

    /**
     * FX thread: switches to {@code next} and, once its nodes and gangs are on the screens, runs
     * {@code then} (e.g. selects the node a search found). Dropped if another switch overtakes it.
     */
    public void switchTo(ConnectionTarget next, Runnable then) {
        switchTo(next);
        onScreen.add(then);
    }

    /** FX thread. Drops the current cluster from the screen at once and shows {@code next}: at once when it is open. */
    public void switchTo(ConnectionTarget next) {
        long gen = ++generation;
        detach();
        target.set(next);
        problem.set(null);
        OpenCluster cluster = fleet.add(next);
        if (cluster == null) {
            return; // closing
        }
        fleet.keepOpen(withCurrent(kept, next)); // the cluster left is closed unless it is kept open
        java.util.Set<String> open = new java.util.HashSet<>();
        withCurrent(kept, next).forEach(t -> open.add(t.displayName()));
        nodes.keepParked(open);
        gangs.keepParked(open);
        if (cluster.session() == null) {
            connecting.set("connecting to " + next.displayName() + "…");
        }
        worker.execute(() -> {
            try {
                ClusterSession opened = cluster.awaitSession(OPEN_WAIT_MINUTES, TimeUnit.MINUTES);
                // Read here, never on the FX thread: the settings decide read-only mode and the drain breaker.
                SettingsFile.Loaded settings = SettingsFile.standard().load();
                Platform.runLater(() -> {
                    if (gen == generation) {
                        attach(opened, settings);
                    }
                });
            } catch (ConnectionProblem p) {
                fail(gen, p.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                // Not expected from the app layer; still one line for the person, never a stack trace.
                fail(gen, "cannot connect to " + next.displayName() + ": " + firstLine(e));
            }
        });
    }

    /** How long a switch waits for a cluster to open before saying so (the fleet keeps trying). */
    private static final long OPEN_WAIT_MINUTES = 10;

    /**
     * FX thread: keeps these clusters open besides the one on screen (opening the new ones in the
     * background, closing the ones no longer wanted); the fleet overview shows them all.
     */
    public void keepOpen(List<? extends ConnectionTarget> targets) {
        kept = List.copyOf(targets);
        fleet.keepOpen(withCurrent(kept, target.get()));
    }

    /** The targets kept open besides the one on screen (FX thread). */
    public List<ConnectionTarget> keptOpen() {
        return kept;
    }

    private static List<ConnectionTarget> withCurrent(List<ConnectionTarget> kept, ConnectionTarget current) {
        if (current == null || kept.stream().anyMatch(t -> t.displayName().equals(current.displayName()))) {
            return kept;
        }
        List<ConnectionTarget> all = new java.util.ArrayList<>(kept);
        all.add(current);
        return all;
    }

    public ClusterFleet fleet() {
        return fleet;
    }

    /** FX thread: tries the current target again (the banner's Retry). */
    public void retry() {
        ConnectionTarget t = target.get();
        if (t != null) {
            OpenCluster c = fleet.cluster(t.displayName());
            if (c != null && c.stage() == OpenCluster.Stage.FAILED) {
                c.retryNow();
            } else if (c != null && c.session() != null) {
                // A live session asked to connect again: the settings may have changed (Cluster settings' Save).
                fleet.reopen(t);
            }
            switchTo(t);
        }
    }

    /** FX thread: shows a problem found before any connection was tried (e.g. an unreadable kubeconfig). */
    public void reportProblem(String message) {
        problem.set(message);
    }

    private void fail(long gen, String message) {
        Platform.runLater(() -> {
            if (gen == generation) {
                connecting.set(null);
                problem.set(message);
            }
        });
    }

    private void attach(ClusterSession s, SettingsFile.Loaded settings) {
        batcher = new DeltaBatcher(this::apply);
        batcher.holdWhile(hold);
        // Node rows that change place are re-placed once a second at most: their cells change at once (see
        // BatchedRowList.placeMovesAtMostEvery); each tick reaches the screens while some wait.
        nodes.placeMovesAtMostEvery(MOVES_EVERY, System::nanoTime);
        batcher.finishWhile(nodes::movesWaiting);
        nodes.setPodSource(s.model()::podsOn);
        gangs.setCheckpointReader(s.checkpoints()::read);
        gangKinds.attach(s.gangKinds(), s::refreshGangObjects);
        // On the sandbox, its simulated pressure episodes for the person to switch on and off.
        pressure.attach(s.pressure(), s.connection().sandbox().map(dev.flightdeck.app.connect.SimulatedEpisodes::new)
                .orElse(null));
        telemetry.attach(s.telemetry());
        ConnectionTarget t = target.get();
        actions.attach(ActionSession.standard(s, t, settings, Clock.systemUTC()));
        session.set(s);
        this.settings.set(settings); // after the session: listeners see which cluster it is for
        connecting.set(null);
        nodes.unpark(s.target().displayName());
        gangs.unpark(s.target().displayName());
        s.model().subscribe(batcher);
        batcher.start();
    }

    /** Unhooks the current session from the screen; the fleet decides whether it stays open. */
    private ClusterSession detach() {
        onScreen.clear();
        ClusterSession old = session.get();
        if (old != null && batcher != null) {
            old.model().unsubscribe(batcher);
        }
        if (batcher != null) {
            batcher.stop();
            batcher = null;
        }
        session.set(null);
        if (old != null) {
            // Kept aside while the cluster stays open: switching back shows its rows at once.
            nodes.park(old.target().displayName());
            gangs.park(old.target().displayName());
        } else {
            nodes.clear();
            gangs.clear();
        }
        gangKinds.clear();
        pressure.detach();
        telemetry.detach();
        actions.detach();
        nodes.refreshRanks();
        return old;
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    /** The settings read at the last connect (a new value each time, so a listener hears every connect). */
    public javafx.beans.property.ReadOnlyObjectProperty<SettingsFile.Loaded> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    /**
     * FX thread, on exit: detaches the screens here, and closes every open cluster on a thread of its own
     * (in parallel, each waited for up to 5 s so a sandbox stops cleanly) — not on the FX thread. The
     * thread is not a daemon: the process ends once the clusters are closed.
     */
    @Override
    public void close() {
        ++generation;
        detach();
        worker.shutdownNow();
        gangs.close();
        gangKinds.close();
        actions.close();
        Thread.ofPlatform().name("closing-clusters").daemon(false).start(fleet::close);
    }

    /** FX thread: while {@code hold} is true (a mouse button down on the screen), updates wait, at most a second. */
    public void holdUpdatesWhile(java.util.function.BooleanSupplier hold) {
        this.hold = hold;
        if (batcher != null) {
            batcher.holdWhile(hold);
        }
    }

    /** FX thread: how far the screen is behind the watch, in ms (0 when it keeps up or nothing is open). */
    public long screenLagMillis() {
        return batcher == null ? 0 : batcher.lagMillis();
    }

    /** FX thread: changes folded but not yet on the screens' rows (their time per pulse ran out). */
    public int screenBacklog() {
        return batcher == null ? 0 : batcher.backlog();
    }

    /** FX thread: objects changing per second in the open cluster, smoothed. */
    public double updatesPerSecond() {
        return batcher == null ? 0 : batcher.updatesPerSecond();
    }

    public GangsViewModel gangs() {
        return gangs;
    }

    public ActionsController actions() {
        return actions;
    }

    /** Told (FX thread) after an action wrote to the journal, e.g. to refresh the journal screen. */
    public void setOnJournalChanged(Runnable r) {
        journalChanged = r;
    }

    public PressureViewModel pressure() {
        return pressure;
    }

    /** The shown cluster's GPU telemetry: the node details' GPUs, the rank map's utilisation, the status line. */
    public dev.flightdeck.views.telemetry.TelemetryViewModel telemetry() {
        return telemetry;
    }

    public GangKindsStatus gangKinds() {
        return gangKinds;
    }

    public ReadOnlyObjectProperty<ClusterSession> sessionProperty() {
        return session.getReadOnlyProperty();
    }

    public ClusterSession session() {
        return session.get();
    }

    /** True while the cluster on screen is reached with TLS verification off (its kubeconfig says so). */
    public ReadOnlyBooleanProperty tlsVerificationOffProperty() {
        return tlsVerificationOff.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ConnectionTarget> targetProperty() {
        return target.getReadOnlyProperty();
    }

    /** "connecting to X…" while a switch is under way, else null. */
    public ReadOnlyStringProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }

    /** The last connection problem in words, else null. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
