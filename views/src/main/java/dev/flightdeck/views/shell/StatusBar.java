package dev.flightdeck.views.shell;

import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import dev.flightdeck.views.actions.RunningActions;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import dev.flightdeck.views.theme.TlsOffBadge;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.Duration;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.views.pressure.PressureViewModel;

import java.time.Clock;
import java.time.Instant;
import java.util.stream.Collectors;

/**
 * The bottom bar: the cluster's connection state (icon + words, never colour alone),
 * "TLS verification off (kubeconfig)" when its kubeconfig says so, and the age of its newest data, refreshed once a second; the fleet summary line on
 * the right. Reads health by polling the session, which is cheap and keeps "data 3s
 * old" ticking even when no event arrives.
 */
public final class StatusBar extends HBox {

    private final SessionController sessions;
    private final Clock clock;
    private final FontIcon icon = new FontIcon(Icons.CONNECTING);
    private final Label connection = new Label("not connected", icon);
    private final Label fleet = new Label();
    private final Label pressure = new Label();
    private final Label telemetry = new Label();
    private final Label fleetLine = new Label();
    private final MenuButton running = new MenuButton();
    private Runnable onPressureClicked = () -> { };
    private final Tooltip detail = new Tooltip();
    private final Timeline ticker;

    public StatusBar(SessionController sessions, NodesViewModel nodes, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
        getStyleClass().add(Styles.STATUS_BAR);
        connection.getStyleClass().add(Styles.CONNECTION);
        connection.setId("connection-status");
        connection.setTooltip(detail);
        connection.setMinWidth(Region.USE_PREF_SIZE);
        fleet.getStyleClass().add(Styles.MUTED);
        // The header shows the GPU picture; here only the sizes, so the connection text never gets cut.
        fleet.textProperty().bind(nodes.summaryProperty().map(s -> s.nodes() == 0 ? ""
                : "%,d GPU nodes of %,d nodes · %,d pods".formatted(s.gpuNodes(), s.nodes(), s.pods())));
        fleet.setMinWidth(0);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // The API server's headline, from every screen; a click opens the pressure screen.
        PressureViewModel pvm = sessions.pressure();
        pressure.setId("status-pressure");
        pressure.getStyleClass().add("status-pressure");
        pressure.textProperty().bind(pvm.headlineProperty());
        pressure.setMinWidth(0);
        pressure.setCursor(javafx.scene.Cursor.HAND);
        pressure.setTooltip(new Tooltip("Open the API pressure screen"));
        pressure.setOnMouseClicked(e -> onPressureClicked.run());
        pvm.levelProperty().addListener((o, a, l) -> pressureLevel(l));
        pressureLevel(pvm.levelProperty().get());
        Region gap = new Region();
        gap.setMinWidth(16);
        fleetLine.setId("status-fleet");
        fleetLine.getStyleClass().add("status-fleet");
        fleetLine.setMinWidth(0);
        fleetLine.managedProperty().bind(fleetLine.textProperty().isNotEmpty());
        fleetLine.visibleProperty().bind(fleetLine.managedProperty());
        Region gap2 = new Region();
        gap2.setMinWidth(16);
        // Next to the connection it qualifies: this cluster's certificate is not checked, as its kubeconfig says.
        Label tlsOff = TlsOffBadge.create("status-tls-off");
        tlsOff.visibleProperty().bind(sessions.tlsVerificationOffProperty());
        tlsOff.managedProperty().bind(tlsOff.visibleProperty());
        showTelemetry(sessions.telemetry());
        Region gap3 = new Region();
        gap3.setMinWidth(16);
        getChildren().addAll(connection, tlsOff, gap, running, fleetLine, gap2, pressure, gap3, telemetry, spacer, fleet);
        showRunningActions();

        sessions.connectingProperty().addListener((o, a, b) -> refresh());
        sessions.problemProperty().addListener((o, a, b) -> refresh());
        sessions.sessionProperty().addListener((o, a, b) -> refresh());
        ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> refresh()));
        ticker.setCycleCount(Animation.INDEFINITE);
        ticker.play();
        refresh();
    }

    /**
     * Actions still running whose windows were closed (or are behind others): "1 action running",
     * each one a menu item that brings its window back. Hidden while none runs.
     */
    private void showRunningActions() {
        running.setId("status-running");
        running.getStyleClass().add("status-running");
        running.setGraphic(Icons.icon(Icons.RUNNING));
        running.setMinWidth(Region.USE_PREF_SIZE);
        ObservableList<RunningActions.Running> list = RunningActions.list();
        Runnable update = () -> {
            int n = list.size();
            running.setText(n == 1 ? "1 action running" : n + " actions running");
            running.setVisible(n > 0);
            running.setManaged(n > 0);
            running.getItems().setAll(list.stream().map(r -> {
                MenuItem item = new MenuItem(r.what());
                item.setOnAction(e -> r.bringBack());
                return item;
            }).toList());
        };
        list.addListener((ListChangeListener<RunningActions.Running>) c -> update.run());
        update.run();
    }

    /** GPU telemetry's source, GPUs and stalled gangs, or why there is none; the problems of its last read in the tooltip. */
    private void showTelemetry(dev.flightdeck.views.telemetry.TelemetryViewModel t) {
        telemetry.setId("status-telemetry");
        telemetry.setMinWidth(0);
        // Why there is none can be long (each source's reason): cut here, whole in the tooltip.
        telemetry.setMaxWidth(420);
        telemetry.textProperty().bind(t.statusLineProperty());
        telemetry.managedProperty().bind(telemetry.textProperty().isNotEmpty());
        telemetry.visibleProperty().bind(telemetry.managedProperty());
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(t.statusDetailProperty());
        telemetry.setTooltip(tip);
        javafx.beans.value.ChangeListener<Boolean> style = (o, a, missing) -> {
            telemetry.setGraphic(Icons.icon(missing ? Icons.INFO : Icons.GPU));
            dev.flightdeck.views.rows.StyleClasses.toggle(telemetry.getStyleClass(), Styles.MUTED, missing);
        };
        t.missingProperty().addListener(style);
        style.changed(null, null, t.missingProperty().get());
    }

    /** With several clusters open: the worst cluster's state and how many others need attention; a click opens the Fleet screen. */
    public void showFleet(javafx.beans.value.ObservableValue<String> line, Runnable openFleet) {
        fleetLine.textProperty().bind(line);
        fleetLine.setGraphic(Icons.icon(Icons.FLEET));
        fleetLine.setCursor(javafx.scene.Cursor.HAND);
        fleetLine.setTooltip(new Tooltip("Open the Fleet screen"));
        fleetLine.setOnMouseClicked(e -> openFleet.run());
    }

    public void setOnPressureClicked(Runnable r) {
        onPressureClicked = r;
    }

    private void pressureLevel(Level l) {
        pressure.getStyleClass().removeIf(c -> c.startsWith("level-"));
        String style = l == null ? "level-unknown" : "level-" + l.name().toLowerCase(java.util.Locale.ROOT);
        pressure.getStyleClass().add(style);
        pressure.setGraphic(Icons.icon(Icons.PRESSURE, style));
    }

    /** FX thread. */
    public void refresh() {
        ClusterSession s = sessions.session();
        String pending = sessions.connectingProperty().get();
        if (s == null) {
            boolean failed = sessions.problemProperty().get() != null;
            show(failed ? Icons.phase(WatchPhase.FAILED) : Icons.CONNECTING,
                    failed ? Styles.phase(WatchPhase.FAILED) : Styles.PHASE_CONNECTING,
                    pending != null ? pending : failed ? "not connected: see the message above" : "not connected");
            detail.setText(connection.getText());
            return;
        }
        Instant now = clock.instant();
        java.util.List<WatchHealth> parts = s.watcherHealth();
        WatchHealth h = WatchHealth.combine(s.displayName(), parts);
        ConnectionStatus status = ConnectionStatus.of(h, parts, now);
        var skipped = s.skippedObjects();
        long unreadable = skipped.stream().mapToLong(k -> k.count()).sum();
        var foldProblem = s.model().foldProblem();
        show(Icons.phase(h.phase()), Styles.phase(h.phase()), s.displayName() + ": " + status.text()
                + (unreadable == 0 ? "" : " · " + unreadable + " unreadable object" + (unreadable == 1 ? "" : "s")
                + " not shown")
                + (foldProblem == null ? "" : " · " + foldProblem.describe())
                + LoadingWords.describe(s.listsUnderWay())
                + ScreenPace.describe(sessions.screenLagMillis(), sessions.updatesPerSecond(), sessions.screenBacklog()));
        detail.setText(java.util.stream.Stream.concat(parts.stream().map(w -> ConnectionStatus.line(w, now)),
                skipped.stream().map(k -> "not shown: " + k.describe())).collect(Collectors.joining("\n")));
    }

    private void show(Ikon ikon, String style, String text) {
        icon.setIconCode(ikon);
        icon.getStyleClass().removeIf(c -> c.startsWith("phase-"));
        icon.getStyleClass().add(style);
        connection.setText(text);
    }

    public void stop() {
        ticker.stop();
    }
}
