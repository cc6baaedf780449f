package dev.flightdeck.views.shell;

import dev.flightdeck.views.diagnose.Evidence;
import dev.flightdeck.views.drills.DrillsScreen;
import dev.flightdeck.views.drills.DrillsViewModel;
import dev.flightdeck.views.events.EventsScreen;
import dev.flightdeck.views.fleet.FleetLink;
import dev.flightdeck.views.fleet.FleetScreen;
import dev.flightdeck.views.gangs.GangsScreen;
import dev.flightdeck.views.journal.JournalScreen;
import dev.flightdeck.views.nodes.NodesScreen;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.pressure.PressureScreen;
import dev.flightdeck.views.queues.QueuesScreen;
import dev.flightdeck.views.screen.Navigator;
import dev.flightdeck.views.screen.Screen;
import dev.flightdeck.views.teams.TeamsViewModel;
import javafx.application.Platform;
import javafx.stage.Window;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The main window's screens, made in one place with the services they share: the session controller's view models,
 * the evidence windows, the teams' capacity (the Nodes and Gangs screens filter by it), the drills, the thread that
 * reads the journal. Making a screen builds none of its view: each is built when first shown.
 */
final class Screens {

    private final ExecutorService journalReads = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("journal-reads").daemon().unstarted(r));
    /** The team capacity table of the cluster on screen (Nodes screen), and the teams both screens filter by. */
    private final TeamsViewModel teams = new TeamsViewModel(Platform::runLater);
    private final Evidence evidence;
    private final DrillsViewModel drills;
    private final FleetScreen fleet;
    private final NodesScreen nodes;
    private final GangsScreen gangs;
    private final PressureScreen pressure;
    private final EventsScreen events;
    private final JournalScreen journal;
    private final List<Screen> all;

    /**
     * @param owner         the window the evidence windows open over
     * @param navigator     the links between screens, which the window carries out
     * @param openInCluster a cell of the Fleet screen: that cluster on screen, then the screen and filter it counts
     */
    Screens(SessionController sessions, NodesViewModel nodesModel, Clock clock, Supplier<Window> owner,
            Navigator navigator, BiConsumer<String, FleetLink> openInCluster) {
        teams.follow(sessions.sessionProperty());
        this.evidence = new Evidence(sessions::session, owner);
        this.drills = DrillScreens.viewModel(new DrillScreens.SessionHost(sessions), journalReads);
        DrillScreens.reportOpened(drills, nodesModel, sessions.gangs());
        var telemetry = sessions.telemetry().snapshotProperty();
        this.fleet = new FleetScreen(sessions.fleet(), clock, openInCluster);
        this.nodes = new NodesScreen(nodesModel, clock, sessions.actions(), telemetry, teams, evidence,
                sessions::session, navigator);
        this.gangs = new GangsScreen(sessions.gangs(), sessions.gangKinds(), telemetry, sessions.actions(), teams,
                new GangEvidenceWindows(evidence, navigator::showEventsOf), navigator);
        this.pressure = new PressureScreen(sessions.pressure());
        this.events = new EventsScreen(clock, sessions.sessionProperty(), evidence);
        this.journal = new JournalScreen(clock, journalReads);
        sessions.setOnJournalChanged(journal::refresh);
        this.all = List.of(fleet, nodes, gangs, pressure, new QueuesScreen(clock, sessions.sessionProperty(), navigator),
                events, journal, new DrillsScreen(drills));
    }

    /** Every screen, in the navigation's order. */
    List<Screen> all() {
        return all;
    }

    FleetScreen fleet() {
        return fleet;
    }

    NodesScreen nodes() {
        return nodes;
    }

    GangsScreen gangs() {
        return gangs;
    }

    PressureScreen pressure() {
        return pressure;
    }

    EventsScreen events() {
        return events;
    }

    JournalScreen journal() {
        return journal;
    }

    DrillsViewModel drills() {
        return drills;
    }

    Evidence evidence() {
        return evidence;
    }

    /** The window closes: every screen stops, then what they shared. */
    void stop() {
        evidence.stop();
        all.forEach(Screen::stop);
        drills.close();
        journalReads.shutdownNow();
        teams.close();
    }
}
