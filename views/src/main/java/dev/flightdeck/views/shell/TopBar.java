package dev.flightdeck.views.shell;

import dev.flightdeck.app.about.BuildInfo;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.queues.teams.NodeKeys;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.fleet.FleetSearchField;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.scene.Cursor;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.List;

/**
 * The main window's top bar: the title (About), the cluster switcher, the clusters kept open, the sandbox badge,
 * the connecting state, the fleet search, the View menu (the theme) and the cluster's settings.
 */
final class TopBar extends HBox {

    private final SessionController sessions;
    private final KeptClusters kept;
    /** The window's notice banner: what the bar has to say once (a settings file unread, open clusters not saved). */
    private final StringProperty notice;
    private final Runnable showFleet;
    private final ComboBox<ContextChoice> contexts = new ComboBox<>();
    private boolean syncingChoice;

    /** @param showFleet shows the Fleet screen (once more than one cluster is kept open) */
    TopBar(SessionController sessions, KeptClusters kept, List<ContextChoice> choices, FleetSearchField search,
           StringProperty notice, Runnable showFleet) {
        this.sessions = sessions;
        this.kept = kept;
        this.notice = notice;
        this.showFleet = showFleet;
        Label title = new Label("Flightdeck");
        title.setId("app-title");
        title.getStyleClass().add(Styles.APP_TITLE);
        // Which build this is, from every screen: hover says it, a click opens About (for bug reports).
        title.setTooltip(new Tooltip(BuildInfo.current().line() + "\nClick for About"));
        title.setCursor(Cursor.HAND);
        title.setOnMouseClicked(e -> new AboutDialog(getScene().getWindow(), JavafxVersion.line()).show());

        contexts.setId("context-switcher");
        contexts.setPromptText("choose a cluster");
        contexts.getItems().setAll(choices);
        contexts.setCellFactory(list -> new ContextChoiceCell("list"));
        contexts.setButtonCell(new ContextChoiceCell("button"));
        contexts.setOnAction(e -> {
            ContextChoice c = contexts.getValue();
            if (!syncingChoice && c != null) {
                sessions.switchTo(c.target());
            }
        });
        sessions.targetProperty().addListener((o, old, t) -> showChoice(t));
        Label contextLabel = new Label("Cluster");
        contextLabel.setLabelFor(contexts);

        Label badge = new Label("SANDBOX — embedded simulated cluster", new FontIcon(Icons.SANDBOX));
        badge.setId("sandbox-badge");
        badge.getStyleClass().add(Styles.SANDBOX_BADGE);
        badge.visibleProperty().bind(sessions.sessionProperty().map(ClusterSession::isSandbox).orElse(false));
        badge.managedProperty().bind(badge.visibleProperty());

        Label connecting = new Label(null, Icons.icon(Icons.CONNECTING, Styles.PHASE_CONNECTING));
        connecting.setId("connecting");
        connecting.textProperty().bind(sessions.connectingProperty());
        connecting.visibleProperty().bind(sessions.connectingProperty().isNotNull());
        connecting.managedProperty().bind(connecting.visibleProperty());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button keep = new Button("Clusters…", new FontIcon(Icons.CLUSTERS));
        keep.setId("open-clusters");
        keep.setTooltip(new Tooltip("Choose the clusters kept open at once (the Fleet screen shows them all)"));
        keep.setOnAction(e -> chooseOpenClusters());
        ViewMenu view = new ViewMenu(SettingsFile::standard, notice);
        getChildren().setAll(title, contextLabel, contexts, keep, badge, connecting, spacer, search, view, settingsButton());
        getStyleClass().add(Styles.TOP_BAR);
    }

    /** Per-cluster settings; the sandbox has none (its object storage is its own). */
    private Button settingsButton() {
        Button b = new Button("Cluster settings", new FontIcon(Icons.SETTINGS));
        b.setId("cluster-settings");
        b.disableProperty().bind(sessions.targetProperty().map(t -> !(t instanceof ConnectionTarget.Context)).orElse(true));
        b.setOnAction(e -> {
            if (sessions.targetProperty().get() instanceof ConnectionTarget.Context c) {
                // The file is read off the FX thread; the dialog opens with what it holds for this context.
                SettingsFile file = SettingsFile.standard();
                ClusterSession shown = sessions.session();
                ClusterSession own = shown != null && shown.target() instanceof ConnectionTarget.Context sc
                        && sc.name().equals(c.name()) ? shown : null;
                Thread.ofVirtual().name("settings-read").start(() -> {
                    SettingsFile.Loaded loaded = file.load();
                    // Off the FX thread too: at 7,500 nodes this walks every node's labels and taints once.
                    var nodeKeys = own == null ? List.<NodeKeys.Offered>of() : NodeKeys.offered(own.model().snapshot().nodes());
                    Platform.runLater(() -> new ClusterSettingsDialog(getScene().getWindow(), c.name(), loaded, file,
                            sessions::retry, GpuTelemetryFields.through(own), nodeKeys).show());
                });
            }
        });
        // A settings file that cannot be read does not stop anything; say so once per connect.
        sessions.settingsProperty().addListener((o, old, loaded) -> {
            var shown = sessions.sessionProperty().get();
            if (loaded != null && loaded.problem() != null && shown != null && !shown.isSandbox()) {
                notice.set(loaded.problem());
            }
        });
        return b;
    }

    /** The switcher's choices: contexts of the kubeconfig, and the sandbox. */
    ObservableList<ContextChoice> choices() {
        return contexts.getItems();
    }

    /** The switcher's list, again (the kubeconfig changed on disk); the cluster on screen stays chosen. */
    void setChoices(List<ContextChoice> choices) {
        syncingChoice = true;
        try {
            contexts.getItems().setAll(choices);
        } finally {
            syncingChoice = false;
        }
        showChoice(sessions.targetProperty().get());
    }

    /** Reflects a switch made elsewhere (startup, Retry) without switching again. */
    private void showChoice(ConnectionTarget t) {
        ContextChoice c = t == null ? null : ContextChoice.find(contexts.getItems(), t);
        syncingChoice = true;
        try {
            contexts.setValue(c);
        } finally {
            syncingChoice = false;
        }
    }

    /** The notifications' bell, just before the View menu. */
    void showBell(javafx.scene.Node bell) {
        int view = getChildren().indexOf(lookup("#view-menu"));
        getChildren().add(view < 0 ? getChildren().size() - 1 : view, bell);
    }

    void focusSwitcher() {
        contexts.requestFocus();
    }

    /** The "Clusters…" dialog: which contexts stay open; remembered in the settings. */
    private void chooseOpenClusters() {
        List<ContextChoice> choices = contexts.getItems().stream()
                .filter(c -> c.target() instanceof ConnectionTarget.Context).toList();
        new OpenClustersDialog(getScene().getWindow(), choices, sessions.keptOpen(), chosen -> {
            kept.choose(chosen);
            // Off the FX thread, as the start reads it; not on the journal's reader, which it has nothing to do with.
            Thread.ofVirtual().name("save-open-contexts").start(() -> {
                try {
                    SettingsFile.standard().saveOpenContexts(chosen);
                } catch (java.io.IOException e) {
                    Platform.runLater(() -> notice.set("could not remember the open clusters: " + e.getMessage()));
                }
            });
            if (sessions.keptOpen().size() > 1) {
                showFleet.run();
            }
        }).show();
    }
}
