package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.ClusterSearch;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.notify.DesktopNotifier;
import dev.flightdeck.app.notify.NotificationWatch;
import dev.flightdeck.app.settings.OpenContexts;
import dev.flightdeck.views.drills.DrillBanner;
import dev.flightdeck.views.drills.DrillsScreen;
import dev.flightdeck.views.drills.DrillsViewModel;
import dev.flightdeck.views.events.EventsScreen;
import dev.flightdeck.views.events.EventsViewModel;
import dev.flightdeck.views.fleet.FleetLink;
import dev.flightdeck.views.fleet.FleetScreen;
import dev.flightdeck.views.fleet.FleetSearchField;
import dev.flightdeck.views.fleet.FleetViewModel;
import dev.flightdeck.views.gangs.GangsScreen;
import dev.flightdeck.views.gangs.GangsView;
import dev.flightdeck.views.journal.JournalScreen;
import dev.flightdeck.views.layout.WindowLayoutBinding;
import dev.flightdeck.views.nodes.NodesScreen;
import dev.flightdeck.views.nodes.NodesView;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.notify.NotificationsViewModel;
import dev.flightdeck.views.pressure.PressureScreen;
import dev.flightdeck.views.pressure.PressureView;
import dev.flightdeck.views.screen.Navigator;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The main window: top bar (context switcher, sandbox badge, connecting state), banners for problems and notices, a
 * left navigation, the screen shown and the status bar. It builds no screen itself ({@link Screens} makes them) and no
 * cluster logic: it lays them out, shows what {@link SessionController} says, and carries out the links between
 * screens ({@link Navigator}).
 */
public final class MainWindow extends BorderPane implements Navigator {

    private final SessionController sessions;
    private final Screens screens;
    private final ScreenNav nav;
    private final KeptClusters kept;
    private final StringProperty notice = new SimpleStringProperty(this, "notice");
    private final DrillBanner drillBanner;
    private final StatusBar statusBar;
    private final TopBar topBar;
    private final ClusterLinks links;
    private final WindowNotifications notifications;
    private final ObjectActions objectActions;
    private final WindowPalette palette;
    private final NodesViewModel nodes;

    public MainWindow(SessionController sessions, NodesViewModel nodes, List<ContextChoice> choices, Clock clock) {
        this.sessions = sessions;
        this.nodes = nodes;
        Supplier<Window> owner = () -> getScene() == null ? null : getScene().getWindow();
        sessions.actions().setOwner(owner);
        this.screens = new Screens(sessions, nodes, clock, owner, this, this::openInCluster);
        this.kept = new KeptClusters(sessions, choices.stream().map(ContextChoice::target)
                .filter(t -> t instanceof ConnectionTarget.Sandbox).mapToInt(t -> ((ConnectionTarget.Sandbox) t).nodes())
                .findFirst().orElse(ConnectionTarget.Sandbox.DEFAULT_NODES), this::setContextChoices, notice::set);
        this.statusBar = new StatusBar(sessions, nodes, clock);
        statusBar.showFleet(fleet().statusProperty(), this::showFleet);
        statusBar.setOnPressureClicked(this::showPressure);
        this.drillBanner = new DrillBanner(drills());
        getStyleClass().add(Styles.ROOT);
        this.topBar = new TopBar(sessions, kept, choices, new FleetSearchField(fleet(), this::openHit), notice,
                this::showFleet);
        this.links = new ClusterLinks(this, sessions, nodes, topBar);
        setTop(new VBox(topBar, drillBanner, Banner.problem(sessions), Banner.notice(notice)));
        this.nav = new ScreenNav(screens.all(), NodesScreen.ID, this::setCenter);
        DrillScreens.reportShown(drills(), nav);
        setLeft(nav);
        setBottom(statusBar);
        this.objectActions = new ObjectActions(sessions, screens.evidence(), this::showEventsOf, notice);
        this.notifications = new WindowNotifications(sessions, topBar, links, clock, notice, DesktopNotifier.standard());
        this.palette = new WindowPalette(() -> new PaletteChoices(this, nav, sessions, links, objectActions));
    }

    /** The clusters kept open: started with the kubeconfig and the remembered (or command-line) choice. */
    public void keepOpen(Kubeconfig kubeconfig, OpenContexts chosen) {
        kept.start(kubeconfig, chosen);
        if (kept.targets().size() > 1) {
            showFleet();
        }
    }

    /** The switcher's list, again (the kubeconfig changed on disk). */
    private void setContextChoices(List<ContextChoice> choices) {
        topBar.setChoices(choices);
    }

    /** A one-off notice, e.g. why the sandbox was chosen instead of a kubeconfig. */
    public void showNotice(String text) {
        notice.set(text);
    }

    public void showFleet() {
        nav.show(FleetScreen.ID);
    }

    public void showNodes() {
        nav.show(NodesScreen.ID);
    }

    public void showGangs() {
        nav.show(GangsScreen.ID);
    }

    public void showPressure() {
        nav.show(PressureScreen.ID);
    }

    public void showEvents() {
        nav.show(EventsScreen.ID);
    }

    public void showJournal() {
        nav.show(JournalScreen.ID);
    }

    public void showDrills() {
        nav.show(DrillsScreen.ID);
    }

    /** A search hit: its cluster on screen, then the node (a pod's node) or the gang selected. */
    private void openHit(ClusterSearch.Hit hit) {
        links.open(hit);
    }

    /** A cell of the fleet overview: that cluster on screen (instant when open), the screen and filter the cell counts. */
    public void openInCluster(String name, FleetLink link) {
        links.open(name, link);
    }

    @Override
    public void openNode(String name) {
        showNodes();
        screens.nodes().select(name);
    }

    @Override
    public void openGang(GangKey gang, int rank) {
        showGangs();
        screens.gangs().select(gang, rank);
    }

    @Override
    public void showEventsOf(Set<ObjectReference> objects, String whose) {
        screens.events().showOnly(objects, whose);
        showEvents();
    }

    @Override
    public void showJournalFor(String node) {
        screens.journal().filterToNode(node);
        showJournal();
    }

    /**
     * Shows the window in {@code stage} where and as the layout remembers it ({@code width} by {@code height} when it
     * remembers nothing), and keeps the layout as the person changes it: the stage, every screen's tables and
     * splitters as each is first shown, the screen last shown per cluster.
     */
    public void showIn(Stage stage, WindowLayoutBinding layout, double width, double height) {
        layout.place(stage, width, height);
        stage.setScene(createScene(stage.getWidth(), stage.getHeight()));
        LayoutFollowing.follow(nav, sessions, layout);
        stage.show();
        layout.follow(stage);
    }

    /** A scene with the theme and the window's keyboard shortcuts. */
    public Scene createScene(double width, double height) {
        var layer = new dev.flightdeck.views.keys.OverlayLayer(this);
        Scene scene = new Scene(layer, width, height);
        // A row is not re-ordered away mid-click: updates wait while the primary button is down.
        boolean[] pressed = {false};
        scene.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> pressed[0] = e.isPrimaryButtonDown());
        scene.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> pressed[0] = e.isPrimaryButtonDown());
        sessions.holdUpdatesWhile(() -> pressed[0]);
        dev.flightdeck.views.theme.Themes.install(scene);
        palette.over(layer);
        WindowKeys.install(scene, layer, nav, new ScreenKeyMaps(this, nav, sessions, nodes, objectActions, notice),
                this::openPalette, this::focusSearch, topBar::focusSwitcher);
        return scene;
    }

    /** Shortcut+K: the command palette over the window, reading the open clusters afresh. */
    public void openPalette() {
        palette.open();
    }

    /** Keyboard focus on the shown screen's main table (after the palette chose a screen or a cluster). */
    void focusScreen() {
        nav.current().focusTable();
    }

    /** Shortcut+F: the search of the screen shown, or the command palette on a screen without one. */
    void focusSearch() {
        if (!nav.current().focusSearch()) {
            openPalette(); // a screen without a search of its own (Events, Queues…): the search of everything
        }
    }

    public NodesView nodesView() {
        return screens.nodes().view();
    }

    public GangsView gangsView() {
        return screens.gangs().view();
    }

    public PressureView pressureView() {
        return screens.pressure().view();
    }

    public FleetViewModel fleet() {
        return screens.fleet().model();
    }

    public EventsViewModel events() {
        return screens.events().model();
    }

    public DrillsViewModel drills() {
        return screens.drills();
    }

    public NotificationWatch notificationWatch() {
        return notifications.watch();
    }

    public NotificationsViewModel notifications() {
        return notifications.list();
    }

    public void stop() {
        notifications.close();
        kept.stop();
        palette.stop();
        drillBanner.stop();
        statusBar.stop();
        screens.stop();
    }
}
