package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.views.actions.NodeActionsBar;
import dev.flightdeck.views.fleet.FleetLink;
import dev.flightdeck.views.fleet.FleetSearchField;
import dev.flightdeck.views.fleet.FleetView;
import dev.flightdeck.views.fleet.FleetViewModel;
import dev.flightdeck.views.drills.DrillBanner;
import dev.flightdeck.views.drills.DrillsView;
import dev.flightdeck.views.drills.DrillsViewModel;
import dev.flightdeck.views.gangs.GangsView;
import dev.flightdeck.views.journal.JournalView;
import dev.flightdeck.views.journal.JournalViewModel;
import dev.flightdeck.views.nodes.NodeRank;
import dev.flightdeck.views.nodes.NodesView;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.pressure.PressureView;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Clock;
import java.util.List;

/**
 * The main window: top bar (context switcher, sandbox badge, connecting state),
 * banners for problems and notices, a left navigation, the current screen and the
 * status bar. Builds no cluster logic itself: it shows what {@link SessionController} says.
 */
public final class MainWindow extends BorderPane {

    private final SessionController sessions;
    private final NodesView nodesView;
    private final NodesViewModel nodes;
    /** The team capacity table of the cluster on screen (Nodes screen). */
    private final dev.flightdeck.views.teams.TeamsViewModel teams =
            new dev.flightdeck.views.teams.TeamsViewModel(javafx.application.Platform::runLater);
    // The screens not shown at start are built when first opened: building them all (ten
    // charts among them) was a third of the time to the first frame.
    private GangsView gangsView;
    private final FleetViewModel fleet;
    private FleetView fleetView;
    private final FleetSearchField search;
    private final KeptClusters kept;
    private final ScreenNav screens;
    private final dev.flightdeck.views.diagnose.Evidence evidence;
    private final dev.flightdeck.views.events.EventsViewModel events =
            new dev.flightdeck.views.events.EventsViewModel(javafx.application.Platform::runLater);
    private dev.flightdeck.views.events.EventsView eventsView;
    private final Clock clock;
    private final DrillsViewModel drills;
    private final DrillBanner drillBanner;
    private DrillsView drillsView;
    private PressureView pressureView;
    private final dev.flightdeck.views.queues.QueuesViewModel queues;
    private dev.flightdeck.views.queues.QueuesView queuesView;
    private final JournalViewModel journal;
    private JournalView journalView;
    private final java.util.concurrent.ExecutorService journalReads = java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("journal-reads").daemon().unstarted(r));
    private final StringProperty notice = new SimpleStringProperty(this, "notice");
    private final StatusBar statusBar;
    private final TopBar topBar;
    private final ClusterLinks links;
    private final WindowNotifications notifications;
    private final ObjectActions objectActions;
    /** Where the command palette reads and ranks the open clusters' lines, one task at a time. */
    private final java.util.concurrent.ExecutorService paletteWork = java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("command-palette").daemon().unstarted(r));
    private dev.flightdeck.views.keys.OverlayLayer layer;
    private dev.flightdeck.views.keys.CommandPalette palette;
    private PaletteChoices paletteChoices;

    public MainWindow(SessionController sessions, NodesViewModel nodes, List<ContextChoice> choices, Clock clock) {
        this.sessions = sessions;
        this.nodes = nodes;
        this.clock = clock;
        this.nodesView = new NodesView(nodes, clock);
        this.fleet = new FleetViewModel(sessions.fleet(), clock, javafx.application.Platform::runLater);
        this.search = new FleetSearchField(fleet, this::openHit);
        this.kept = new KeptClusters(sessions, choices.stream().map(ContextChoice::target)
                .filter(t -> t instanceof ConnectionTarget.Sandbox).mapToInt(t -> ((ConnectionTarget.Sandbox) t).nodes())
                .findFirst().orElse(ConnectionTarget.Sandbox.DEFAULT_NODES), this::setContextChoices, notice::set);
        sessions.gangs().setShowing(false); // until its screen is built and shown
        nodesView.setOnOpenRank(this::openRank);
        nodesView.showGpuTelemetry(sessions.telemetry().snapshotProperty());
        teams.follow(sessions.sessionProperty());
        var teamsPane = new dev.flightdeck.views.teams.TeamsPane(teams);
        teamsPane.setOnTeamPicked(team -> nodes.teamFilterProperty().set(team));
        nodes.teamKeyProperty().bind(teams.keyProperty());
        nodesView.showTeams(teamsPane);
        nodesView.showTeamFilter(teams.teamNames());
        sessions.actions().setOwner(() -> getScene() == null ? null : getScene().getWindow());
        this.evidence = new dev.flightdeck.views.diagnose.Evidence(sessions::session,
                () -> getScene() == null ? null : getScene().getWindow());
        nodesView.setNodeActions(name -> new NodeActionsBar(sessions.actions(), name, cordoned(name),
                () -> showJournalFor(name), () -> evidence.openYaml(ObjectRef.node(name)),
                () -> showEventsOf(java.util.Set.of(dev.flightdeck.app.kube.ObjectReference.of("Node", "", name)), "node " + name)));
        // The Events screen reads the cluster shown now, and watches it only while it shows.
        sessions.sessionProperty().addListener((o, old, s) -> events.setFeed(s == null ? null : s.events()));
        nodesView.setDrainSelected(sessions.actions()::openDrainMany, sessions.actions().whyNotDrainProperty());
        nodesView.setBatchPreflight(sessions.actions()::openPreflightOnGated, sessions.actions().whyNotPreflightProperty());
        this.journal = new JournalViewModel(JournalViewModel.standardJournal(), clock, journalReads,
                javafx.application.Platform::runLater);
        sessions.setOnJournalChanged(journal::refresh);
        this.statusBar = new StatusBar(sessions, nodes, clock);
        statusBar.showFleet(fleet.statusProperty(), this::showFleet);
        statusBar.setOnPressureClicked(this::showPressure);
        this.drills = DrillScreens.viewModel(new DrillScreens.SessionHost(sessions), journalReads);
        this.drillBanner = new DrillBanner(drills);
        this.queues = new dev.flightdeck.views.queues.QueuesViewModel(javafx.application.Platform::runLater, clock);
        DrillScreens.reportOpened(drills, nodes, sessions.gangs());
        getStyleClass().add(Styles.ROOT);
        this.topBar = new TopBar(sessions, kept, choices, search, notice, this::showFleet);
        this.links = new ClusterLinks(this, sessions, nodes, topBar);
        setTop(new VBox(topBar, drillBanner, problemBanner(), noticeBanner()));
        this.screens = new ScreenNav(List.of(
                // Offered once two clusters are open: with one, the Nodes screen is the overview.
                Screen.of("fleet", "Fleet", Icons.FLEET, this::fleetView).offeredWhile(fleet.clustersProperty().greaterThan(1)),
                Screen.of("nodes", "Nodes", Icons.NODES, () -> nodesView),
                Screen.of("gangs", "Gangs", Icons.GANGS, this::gangsView).whenShown(() -> drills.opened(
                        dev.flightdeck.drills.OperatorStep.GANGS_SCREEN, "opened the Gangs screen")),
                Screen.of("pressure", "Pressure", Icons.PRESSURE, this::pressureView).whenShown(() -> drills.opened(
                        dev.flightdeck.drills.OperatorStep.PRESSURE, "opened the Pressure screen")),
                Screen.of("queues", "Queues", Icons.QUEUES, this::queuesView),
                Screen.of("events", "Events", Icons.EVENTS, this::eventsView),
                Screen.of("journal", "Journal", Icons.JOURNAL, this::journalView).whenShown(journal::refresh),
                Screen.of("drills", "Drills", Icons.DRILL, this::drillsView)), "nodes", this::setCenter);
        setLeft(screens);
        setBottom(statusBar);
        this.objectActions = new ObjectActions(sessions, evidence, this::showEventsOf, notice);
        this.notifications = new WindowNotifications(sessions, topBar, links, clock, notice,
                dev.flightdeck.app.notify.DesktopNotifier.standard());
    }

    public dev.flightdeck.app.notify.NotificationWatch notificationWatch() {
        return notifications.watch();
    }

    public dev.flightdeck.views.notify.NotificationsViewModel notifications() {
        return notifications.list();
    }

    /** The clusters kept open: started with the kubeconfig and the remembered (or command-line) choice. */
    public void keepOpen(dev.flightdeck.app.connect.Kubeconfig kubeconfig, dev.flightdeck.app.settings.OpenContexts chosen) {
        kept.start(kubeconfig, chosen);
        if (kept.targets().size() > 1) {
            showFleet();
        }
    }

    private Banner problemBanner() {
        Button retry = new Button("Retry");
        retry.setId("retry");
        retry.setOnAction(e -> sessions.retry());
        retry.visibleProperty().bind(sessions.targetProperty().isNotNull());
        return new Banner("problem-banner", Styles.BANNER_ERROR, Icons.ERROR, sessions.problemProperty(), retry);
    }

    private Banner noticeBanner() {
        Button dismiss = new Button(null, new FontIcon(Icons.CLEAR));
        dismiss.setId("dismiss-notice");
        dismiss.setOnAction(e -> notice.set(null));
        return new Banner("notice-banner", Styles.BANNER_INFO, Icons.INFO, notice, dismiss);
    }

    public void showNodes() {
        screens.show("nodes");
    }

    public void showFleet() {
        screens.show("fleet");
    }

    private FleetView fleetView() {
        if (fleetView == null) {
            fleetView = new FleetView(fleet, this::openInCluster);
        }
        return fleetView;
    }

    public FleetViewModel fleet() {
        return fleet;
    }

    /** The switcher's list, again (the kubeconfig changed on disk). */
    private void setContextChoices(List<ContextChoice> choices) {
        topBar.setChoices(choices);
    }

    /** A search hit: its cluster on screen, then the node (a pod's node) or the gang selected. */
    private void openHit(dev.flightdeck.app.clusters.ClusterSearch.Hit hit) {
        links.open(hit);
    }

    /** A cell of the fleet overview: that cluster on screen (instant when open), the screen and filter the cell counts. */
    public void openInCluster(String name, FleetLink link) {
        links.open(name, link);
    }

    public void showGangs() {
        screens.show("gangs");
    }

    public void showPressure() {
        screens.show("pressure");
    }

    public void showJournal() {
        screens.show("journal");
    }

    public void showDrills() {
        screens.show("drills");
    }

    public DrillsViewModel drills() {
        return drills;
    }

    private DrillsView drillsView() {
        if (drillsView == null) {
            drillsView = new DrillsView(drills);
        }
        return drillsView;
    }

    /** The journal, filtered to one node (from its details). */
    public void showJournalFor(String node) {
        journal.filterToNode(node);
        screens.show("journal");
    }

    /** "Go to node": the Nodes screen with that node selected (filters cleared if they hid it). */
    public void openNode(String name) {
        showNodes();
        nodes.select(name);
        nodesView.focusTable();
    }

    /** From a rank on the Nodes screen: the Gangs screen with its gang and rank selected. */
    public void openRank(NodeRank rank) {
        openGang(rank.gang(), rank.slot().rank());
    }

    public void openGang(GangKey gang, int rank) {
        showGangs();
        if (rank < 0) {
            sessions.gangs().select(gang);
        } else {
            sessions.gangs().select(gang, rank);
        }
        gangsView().focusTable();
    }

    private boolean cordoned(String node) {
        ClusterSession s = sessions.session();
        var n = s == null ? null : s.model().node(node);
        return n != null && n.cordon().cordoned();
    }

    /** A one-off notice, e.g. why the sandbox was chosen instead of a kubeconfig. */
    public void showNotice(String text) {
        notice.set(text);
    }

    /**
     * Shows the window in {@code stage} where and as the layout remembers it ({@code width} by {@code height} when it
     * remembers nothing), and keeps the layout as the person changes it: the stage, every screen's tables and
     * splitters as each is first shown, the screen last shown per cluster.
     */
    public void showIn(javafx.stage.Stage stage, dev.flightdeck.views.layout.WindowLayoutBinding layout, double width,
                       double height) {
        layout.place(stage, width, height);
        stage.setScene(createScene(stage.getWidth(), stage.getHeight()));
        LayoutFollowing.follow(screens, sessions, layout);
        stage.show();
        layout.follow(stage);
    }

    /** A scene with the theme and the window's keyboard shortcuts. */
    public Scene createScene(double width, double height) {
        layer = new dev.flightdeck.views.keys.OverlayLayer(this);
        Scene scene = new Scene(layer, width, height);
        // A row is not re-ordered away mid-click: updates wait while the primary button is down.
        boolean[] pressed = {false};
        scene.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> pressed[0] = e.isPrimaryButtonDown());
        scene.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> pressed[0] = e.isPrimaryButtonDown());
        sessions.holdUpdatesWhile(() -> pressed[0]);
        dev.flightdeck.views.theme.Themes.install(scene);
        WindowKeys.install(scene, layer, screens, new ScreenKeyMaps(this, screens, sessions, nodes, objectActions, notice),
                this::openPalette, this::focusSearch, topBar::focusSwitcher);
        return scene;
    }

    /** Shortcut+K: the command palette over the window, reading the open clusters afresh. */
    public void openPalette() {
        if (layer == null || layer.showing("palette")) {
            return;
        }
        if (palette == null) {
            paletteChoices = new PaletteChoices(this, screens, sessions, links, objectActions);
            palette = new dev.flightdeck.views.keys.CommandPalette(paletteChoices::choose, paletteWork);
        }
        layer.show(palette, "palette", () -> { });
        palette.open(paletteChoices.lines(), layer::hide);
    }

    /** Keyboard focus on the shown screen's main table (after the palette chose a screen or a cluster). */
    void focusScreen() {
        if (screens.showing("nodes")) {
            nodesView.focusTable();
        } else if (screens.showing("gangs")) {
            gangsView().focusTable();
        } else if (screens.view(screens.shown()).lookup(".table-view") instanceof javafx.scene.control.TableView<?> t) {
            t.requestFocus();
        }
    }

    /** Shortcut+F: the search of the screen shown. */
    void focusSearch() {
        if (screens.showing("gangs")) {
            gangsView.focusSearch();
        } else if (screens.showing("journal")) {
            journalView.focusSearch();
        } else {
            nodesView.focusSearch();
        }
    }

    public NodesView nodesView() {
        return nodesView;
    }

    /** Built when first opened; its table follows the cluster on screen from then on. */
    private dev.flightdeck.views.queues.QueuesView queuesView() {
        if (queuesView == null) {
            queues.follow(sessions.sessionProperty());
            queuesView = new dev.flightdeck.views.queues.QueuesView(queues);
            queuesView.setOnOpenGang(gang -> openGang(gang, -1));
        }
        return queuesView;
    }

    public PressureView pressureView() {
        if (pressureView == null) {
            pressureView = new PressureView(sessions.pressure());
        }
        return pressureView;
    }

    public GangsView gangsView() {
        if (gangsView == null) {
            gangsView = new GangsView(sessions.gangs(), sessions.gangKinds(), this::openNode,
                    sessions.telemetry().snapshotProperty());
            gangsView.setResume(sessions.actions()::openResume, sessions.actions()::whyNotResume);
            sessions.gangs().nodeTeamsProperty().bind(teams.nodeTeamsProperty());
            gangsView.showTeamFilter(teams.teamNames());
            gangsView.setEvidence(new GangEvidenceWindows(evidence, this::showEventsOf));
        }
        return gangsView;
    }

    private dev.flightdeck.views.events.EventsView eventsView() {
        if (eventsView == null) {
            eventsView = new dev.flightdeck.views.events.EventsView(events, clock,
                    e -> evidence.openYaml(new ObjectRef.Typed(e.kind(), e.namespace().isEmpty() ? null : e.namespace(), e.name())),
                    e -> evidence.openYaml(new ObjectRef.OfResource(dev.flightdeck.app.kube.ApiResource.EVENTS_CORE,
                            e.key().substring(0, e.key().indexOf('/')), e.key().substring(e.key().indexOf('/') + 1))));
        }
        return eventsView;
    }

    /** The Events screen, showing only the Events about {@code objects} (a node's, a gang's). */
    public void showEventsOf(java.util.Set<dev.flightdeck.app.kube.ObjectReference> objects, String whose) {
        events.clearFilters();
        events.showOnly(objects, whose);
        screens.show("events");
    }

    public void showEvents() {
        screens.show("events");
    }

    public dev.flightdeck.views.events.EventsViewModel events() {
        return events;
    }

    private JournalView journalView() {
        if (journalView == null) {
            journalView = new JournalView(journal);
        }
        return journalView;
    }

    public void stop() {
        notifications.close();
        kept.stop();
        paletteWork.shutdownNow();
        evidence.stop();
        events.close();
        if (eventsView != null) {
            eventsView.stop();
        }
        fleet.close();
        drills.close();
        drillBanner.stop();
        journalReads.shutdownNow();
        teams.close();
        queues.close();
        statusBar.stop();
        if (gangsView != null) {
            gangsView.stop();
        }
    }
}
