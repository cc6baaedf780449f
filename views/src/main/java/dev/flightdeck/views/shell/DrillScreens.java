package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.drills.DrillRun;
import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.OperatorStep;
import dev.flightdeck.drills.report.DrillResults;
import dev.flightdeck.drills.staging.StagingWorld;
import dev.flightdeck.drills.world.SandboxWorld;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.views.drills.DrillHost;
import dev.flightdeck.views.drills.DrillsViewModel;
import dev.flightdeck.views.gangs.GangsScreen;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.pressure.PressureScreen;
import javafx.application.Platform;

import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * How the shell hosts drills: the Drills screen's view model with the standard places (the user's
 * scenarios, the kept results, the journal the console's actions write), a host that moves the
 * session to the drill's cluster and back, and the selections on the other screens told to the
 * drill as what the operator opened.
 */
final class DrillScreens {

    private DrillScreens() {
    }

    static DrillsViewModel viewModel(SessionHost host, Executor background) {
        AppDirectories dirs = AppDirectories.standard();
        Journal journal = new Journal(dirs.data().resolve("journal"));
        DrillsViewModel vm = new DrillsViewModel(dirs.config().resolve("drills"),
                new DrillResults(dirs.data().resolve("drills")), start -> {
                    try {
                        DrillRun.Options options = DrillRun.Options.console(journal).withPace(start.pace());
                        if (start.stagingContext() == null) {
                            return DrillRun.start(SandboxWorld.start(start.scenario(), options.clock().instant()), options);
                        }
                        ConnectionTarget.Context c = host.stagingTarget(start.stagingContext());
                        return DrillRun.start(StagingWorld.prepare(start.scenario(), c, SettingsFile.standard().load()
                                .forContext(c.name()), Clock.systemUTC(), line -> { }), options);
                    } catch (DrillStartException e) {
                        throw new DrillsViewModel.DrillStartFailure(e);
                    }
                }, background, Platform::runLater);
        vm.setHost(host);
        // Whether the context allows drills is in its settings, which the session controller reads (off the
        // FX thread) at every connect: no drills on a cluster being switched to until they are known.
        host.sessions.targetProperty().addListener((o, old, t) -> vm.setStagingContext(null));
        host.sessions.settingsProperty().addListener((o, old, loaded) -> vm.setStagingContext(
                host.sessions.targetProperty().get() instanceof ConnectionTarget.Context c && loaded != null
                        && loaded.forContext(c.name()).drills() ? c.name() : null));
        return vm;
    }

    /** Node and gang selections are what the operator opened; the drill (if one runs) is told. */
    static void reportOpened(DrillsViewModel drills, NodesViewModel nodes, GangsViewModel gangs) {
        nodes.selectedProperty().addListener((o, old, row) -> {
            if (row != null && (old == null || !old.name().equals(row.name()))) {
                drills.opened(OperatorStep.node(row.name()), "opened node " + row.name());
            }
        });
        gangs.selectedProperty().addListener((o, old, row) -> {
            if (row != null && (old == null || !old.key().equals(row.key()))) {
                String ref = row.key().namespace() + "/" + row.key().name();
                drills.opened(OperatorStep.gang(ref), "opened gang " + ref);
            }
        });
    }

    /** Showing the Gangs or the Pressure screen is what a drill may ask the operator to do; the drill (if one runs) is told. */
    static void reportShown(DrillsViewModel drills, ScreenNav screens) {
        screens.onShown((id, view) -> {
            switch (id) {
                case GangsScreen.ID -> drills.opened(OperatorStep.GANGS_SCREEN, "opened the Gangs screen");
                case PressureScreen.ID -> drills.opened(OperatorStep.PRESSURE, "opened the Pressure screen");
                default -> { }
            }
        });
    }

    /** Moves the console's session to the drill's cluster, and back to what it showed before. */
    static final class SessionHost implements DrillHost {
        private final SessionController sessions;
        private ConnectionTarget before;

        SessionHost(SessionController sessions) {
            this.sessions = sessions;
        }

        /** The context shown, when it is the one named (a staging drill plays where the person is looking). */
        ConnectionTarget.Context stagingTarget(String name) throws DrillStartException {
            if (sessions.targetProperty().get() instanceof ConnectionTarget.Context c && c.name().equals(name)) {
                return c;
            }
            throw new DrillStartException("the console no longer shows context " + name, null, true);
        }

        @Override
        public void showDrillCluster(ConnectionTarget target) {
            ConnectionTarget now = sessions.targetProperty().get();
            if (target.equals(now)) {
                before = null; // a staging cluster's drill: the console already shows that cluster
                return;
            }
            before = now;
            sessions.switchTo(target);
        }

        @Override
        public void restore() {
            if (before != null) {
                sessions.switchTo(before);
            }
            before = null;
        }
    }
}
