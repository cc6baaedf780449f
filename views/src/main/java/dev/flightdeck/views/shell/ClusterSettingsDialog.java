package dev.flightdeck.views.shell;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.theme.Styles;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Settings for one cluster context, saved to the settings file: where its checkpoint prefixes
 * are listed (an S3-compatible endpoint, region, path-style addressing), how often its
 * {@code /metrics} is scraped, its GPU telemetry (the Prometheus, when a gang is stalled:
 * {@link GpuTelemetryFields}), the node label or taint key that names a node's team (offering the keys the nodes
 * carry), whether drills may run there on virtual nodes, and whether its troubles are notified. Credentials
 * are deliberately not asked for: AWS's come from the standard chain, Prometheus's from the
 * files named. Saving reconnects.
 */
final class ClusterSettingsDialog extends Dialog<ButtonType> {

    private final TextField endpoint = new TextField();
    private final TextField region = new TextField();
    private final CheckBox pathStyle = new CheckBox("Path-style addressing (endpoint/bucket/key; most self-hosted stores)");
    private final TextField interval = new TextField();
    private final CheckBox drills = new CheckBox("Allow drills here: they create virtual GPU nodes and pods (labelled "
            + "flightdeck.dev/drill, tainted, removed afterwards). Staging clusters only.");
    private final CheckBox notify = new CheckBox("Notify me about this cluster: when a gang halts, the cluster cannot be "
            + "reached, a node carrying ranks turns untrusted, or a job waits in its queue too long (in the window, and on "
            + "the desktop where it offers notifications)");
    private final TextField queueWait = new TextField();
    private final Label error = new Label();
    private final GpuTelemetryFields telemetry;
    private final dev.flightdeck.views.teams.TeamKeyField teamKey;
    private ClusterSettings current;

    /**
     * @param loaded the settings file as read off the FX thread (with why it could not be, if so)
     * @param tester reads a Prometheus once for the Test button (through the cluster's session when there is one)
     */
    ClusterSettingsDialog(Window owner, String context, SettingsFile.Loaded loaded, SettingsFile file, Runnable reconnect,
                          GpuTelemetryFields.Tester tester) {
        this(owner, context, loaded, file, reconnect, tester, java.util.List.of());
    }

    /** @param nodeKeys the label and taint keys the cluster's GPU nodes carry, offered for the team key */
    ClusterSettingsDialog(Window owner, String context, SettingsFile.Loaded loaded, SettingsFile file, Runnable reconnect,
                          GpuTelemetryFields.Tester tester, java.util.List<dev.flightdeck.app.queues.teams.NodeKeys.Offered> nodeKeys) {
        initOwner(owner);
        getDialogPane().getStyleClass().add(Styles.ROOT);
        dev.flightdeck.views.theme.Themes.install(getDialogPane());
        setTitle("Cluster settings — " + context);
        current = loaded.forContext(context);
        S3Settings s3 = current.s3();
        interval.setId("settings-metrics-interval");
        interval.setPrefColumnCount(4);
        interval.setText(Long.toString(current.metricsInterval().toSeconds()));
        endpoint.setId("settings-s3-endpoint");
        endpoint.setPromptText("empty for AWS S3, e.g. https://minio.lab:9000");
        endpoint.setPrefColumnCount(32);
        endpoint.setText(s3.endpointOverride() == null ? "" : s3.endpointOverride().toString());
        region.setId("settings-s3-region");
        region.setPromptText("from AWS_REGION or the profile");
        region.setText(s3.region() == null ? "" : s3.region());
        pathStyle.setId("settings-s3-path-style");
        pathStyle.setSelected(s3.pathStyle());
        drills.setId("settings-drills");
        drills.setWrapText(true);
        drills.setMaxWidth(520);
        drills.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        drills.setSelected(current.drills());
        notify.setId("settings-notify");
        notify.setWrapText(true);
        notify.setMaxWidth(520);
        notify.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        notify.setSelected(current.notifications().on());
        queueWait.setId("settings-queue-wait");
        queueWait.setPrefColumnCount(4);
        queueWait.setMaxWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        queueWait.setText(Long.toString(current.notifications().queueWait().toMinutes()));
        queueWait.disableProperty().bind(notify.selectedProperty().not());
        error.setId("settings-error");
        error.getStyleClass().add(Styles.PROBLEM);
        error.setWrapText(true);
        error.setMaxWidth(700);
        error.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        error.setText(loaded.problem());
        // A reason can be longer than the dialog was sized for: grow it rather than cut the reason short.
        error.textProperty().addListener((o, was, now) -> javafx.application.Platform.runLater(() -> {
            if (getDialogPane().getScene() != null && getDialogPane().getScene().getWindow() != null) {
                getDialogPane().getScene().getWindow().sizeToScene();
            }
        }));
        telemetry = new GpuTelemetryFields(current.prometheus(), current.gpuStall(), file.path().toAbsolutePath().getParent(),
                tester);

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label("Checkpoint storage endpoint"), endpoint);
        grid.addRow(1, new Label("Region"), region);
        grid.add(pathStyle, 1, 2);
        grid.addRow(3, new Label("Scrape /metrics every (seconds)"), interval);
        int row = telemetry.addTo(grid, 4);
        teamKey = new dev.flightdeck.views.teams.TeamKeyField(current.teamKey(), nodeKeys);
        Label teams = new Label("Teams");
        teams.getStyleClass().add(Styles.SECTION_TITLE);
        grid.add(teams, 0, row++, 2, 1);
        grid.addRow(row++, new Label("Team key (node label or taint)"), teamKey);
        grid.add(drills, 1, row++);
        Label notifications = new Label("Notifications");
        notifications.getStyleClass().add(Styles.SECTION_TITLE);
        grid.add(notifications, 0, row++, 2, 1);
        grid.add(notify, 1, row++);
        grid.addRow(row++, new Label("Too long in a queue (minutes)"), queueWait);
        Label where = new Label("Saved in " + file.path() + ". Credentials come from the AWS environment or "
                + "~/.aws profiles, and Prometheus's from the files named; none is stored here.");
        where.getStyleClass().add(Styles.MUTED);
        where.setWrapText(true);
        where.setMaxWidth(520);
        where.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.add(where, 0, row++, 2, 1);
        grid.add(error, 0, row, 2, 1);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Button save = (Button) getDialogPane().lookupButton(ButtonType.OK);
        save.setText("Save and reconnect");
        save.setId("settings-save");
        // Validate, then write off the FX thread; the dialog closes once written, so a typo or a file
        // that cannot be written keeps it open with the reason.
        save.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            ClusterSettings chosen;
            try {
                chosen = read();
            } catch (IllegalArgumentException bad) {
                error.setText(bad.getMessage());
                return;
            }
            save.setDisable(true);
            Thread.ofVirtual().name("settings-save").start(() -> {
                try {
                    file.save(context, chosen);
                    javafx.application.Platform.runLater(() -> {
                        setResult(ButtonType.OK);
                        close();
                        reconnect.run();
                    });
                } catch (IOException bad) {
                    javafx.application.Platform.runLater(() -> {
                        error.setText(bad.getMessage());
                        save.setDisable(false);
                    });
                }
            });
        });
    }

    private dev.flightdeck.app.settings.NotifySettings notifications() {
        long minutes;
        try {
            minutes = Long.parseLong(queueWait.getText().trim());
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("the queue wait worth a notification needs a whole number of minutes, not \""
                    + queueWait.getText().trim() + "\"");
        }
        return new dev.flightdeck.app.settings.NotifySettings(notify.isSelected(), java.time.Duration.ofMinutes(minutes));
    }

    private ClusterSettings read() {
        String e = endpoint.getText().trim();
        URI uri = null;
        if (!e.isEmpty()) {
            try {
                uri = new URI(e);
            } catch (URISyntaxException bad) {
                throw new IllegalArgumentException("S3 endpoint \"" + e + "\" is not a URL: " + bad.getReason());
            }
        }
        String r = region.getText().trim();
        long seconds;
        try {
            seconds = Long.parseLong(interval.getText().trim());
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("the /metrics interval needs a whole number of seconds, not \""
                    + interval.getText().trim() + "\"");
        }
        // From what was saved: a setting this dialog does not show (read-only, the drain breaker) is kept.
        return current.withS3(new S3Settings(uri, r.isEmpty() ? null : r, pathStyle.isSelected()))
                .withMetricsInterval(java.time.Duration.ofSeconds(seconds)).withDrills(drills.isSelected())
                .withPrometheus(telemetry.prometheus()).withGpuStall(telemetry.stall(current.gpuStall()))
                .withTeamKey(teamKey.teamKey()).withNotifications(notifications());
    }
}
