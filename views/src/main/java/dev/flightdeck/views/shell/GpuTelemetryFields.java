package dev.flightdeck.views.shell;

import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.settings.StallThresholds;
import dev.flightdeck.app.telemetry.prometheus.PrometheusProbe;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The cluster settings dialog's GPU telemetry part: the Prometheus to read (URL, bearer token file or user and password
 * file, CA file, skip TLS verification with its warning), when a gang counts as stalled, and a Test button that reads
 * the Prometheus once, as entered, before anything is saved. An empty URL means: look for one behind the API server.
 */
final class GpuTelemetryFields {

    /** Reads a Prometheus once (blocking; called off the FX thread); null settings: look for one. */
    @FunctionalInterface
    interface Tester {
        PrometheusProbe.Result test(PrometheusSettings settings, Duration window);
    }

    /**
     * Through the cluster's session when it is connected (its service proxy to look for a Prometheus, its nodes and
     * pods to place GPUs); without one, straight to the URL entered, GPUs counted per host.
     */
    static Tester through(ClusterSession session) {
        return session != null ? session::tryPrometheus
                : (settings, window) -> PrometheusProbe.once(settings, null, GpuLabelMapping.withoutCluster(), window);
    }

    private final TextField url = field("settings-prom-url", "empty: look for one in the cluster, through the API server", 32);
    private final TextField tokenFile = field("settings-prom-token-file", "a file holding a bearer token (optional)", 32);
    private final TextField username = field("settings-prom-username", "basic auth user", 10);
    private final TextField passwordFile = field("settings-prom-password-file", "a file holding its password", 18);
    private final TextField caFile = field("settings-prom-ca-file", "a PEM file; empty for the system's CAs", 32);
    private final CheckBox skipTls = new CheckBox("Skip TLS verification");
    private final Label tlsWarning = new Label("TLS not verified: anyone on the way could read the token and stand in "
            + "for this Prometheus. Prefer its CA file.", Icons.icon(Icons.WARNING));
    private final TextField idleBelow = field("settings-stall-idle", null, 3);
    private final TextField minutes = field("settings-stall-minutes", null, 4);
    private final Button test = new Button("Test");
    private final Label result = new Label();
    private final Path settingsDir;
    private final Tester tester;

    /** @param settingsDir where a relative file name is read from, as the settings file reads it */
    GpuTelemetryFields(PrometheusSettings p, StallThresholds stall, Path settingsDir, Tester tester) {
        this.settingsDir = settingsDir;
        this.tester = tester;
        if (p != null) {
            url.setText(p.url().toString());
            tokenFile.setText(text(p.bearerTokenFile()));
            username.setText(p.username() == null ? "" : p.username());
            passwordFile.setText(text(p.passwordFile()));
            caFile.setText(text(p.caFile()));
            skipTls.setSelected(p.insecureSkipTlsVerify());
        }
        skipTls.setId("settings-prom-skip-tls");
        tlsWarning.setId("settings-prom-tls-warning");
        tlsWarning.getStyleClass().add(Styles.TLS_OFF);
        tlsWarning.setWrapText(true);
        tlsWarning.setMaxWidth(520);
        tlsWarning.setMinHeight(Region.USE_PREF_SIZE); // its lines, not one cut short with "…"
        skipTls.selectedProperty().addListener((o, was, on) -> fitWindow());
        tlsWarning.visibleProperty().bind(skipTls.selectedProperty());
        tlsWarning.managedProperty().bind(tlsWarning.visibleProperty());
        idleBelow.setText(plain(stall.idleBelowPercent()));
        minutes.setText(Long.toString(stall.window().toMinutes()));
        test.setId("settings-prom-test");
        test.setOnAction(e -> runTest());
        result.setId("settings-prom-result");
        result.setWrapText(true);
        result.setMaxWidth(470);
        result.setMinHeight(Region.USE_PREF_SIZE);
    }

    /** Adds its rows to the dialog's grid from {@code row}; returns the next free row. */
    int addTo(GridPane grid, int row) {
        Label title = new Label("GPU telemetry");
        title.getStyleClass().add(Styles.SECTION_TITLE);
        grid.add(title, 0, row++, 2, 1);
        grid.addRow(row++, new Label("Prometheus URL"), url);
        grid.addRow(row++, new Label("Bearer token file"), tokenFile);
        grid.addRow(row++, new Label("Or user"), line(username, new Label("password file"), passwordFile));
        grid.addRow(row++, new Label("CA file"), caFile);
        grid.add(skipTls, 1, row++);
        grid.add(tlsWarning, 1, row++);
        grid.addRow(row++, new Label("A gang is stalled when"), line(new Label("every rank's GPUs stay under"), idleBelow,
                new Label("% for"), minutes, new Label("minutes")));
        grid.add(line(test, result), 1, row++);
        return row;
    }

    /**
     * The Prometheus as entered: null when the URL is empty (look for one).
     *
     * @throws IllegalArgumentException a field that cannot be used, in one line naming it
     */
    PrometheusSettings prometheus() {
        String u = url.getText().strip();
        Path token = file(tokenFile, "bearer token file");
        Path password = file(passwordFile, "password file");
        Path ca = file(caFile, "CA file");
        if (u.isEmpty()) {
            if (token != null || password != null || ca != null || !username.getText().isBlank() || skipTls.isSelected()) {
                throw new IllegalArgumentException("the Prometheus URL is empty (look for one), so its token, user, CA "
                        + "and TLS fields are not used: enter its URL or clear them");
            }
            return null;
        }
        URI uri;
        try {
            uri = new URI(u);
        } catch (URISyntaxException bad) {
            throw new IllegalArgumentException("Prometheus URL \"" + u + "\" is not a URL: " + bad.getReason());
        }
        return new PrometheusSettings(uri, token, username.getText(), password, ca, skipTls.isSelected());
    }

    /**
     * {@code current} with the idle threshold and window as entered.
     *
     * @throws IllegalArgumentException a value that is not a number or out of bounds, in one line
     */
    StallThresholds stall(StallThresholds current) {
        double idle;
        long m;
        try {
            idle = Double.parseDouble(idleBelow.getText().strip());
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("the idle threshold needs a number of percent, not \""
                    + idleBelow.getText().strip() + "\"");
        }
        try {
            m = Long.parseLong(minutes.getText().strip());
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("the stall window needs a whole number of minutes, not \""
                    + minutes.getText().strip() + "\"");
        }
        return current.withStall(idle, Duration.ofMinutes(m));
    }

    /** Reads the Prometheus as entered, off the FX thread, and says what it found in one line. */
    private void runTest() {
        PrometheusSettings settings;
        Duration window;
        try {
            settings = prometheus();
            window = stall(StallThresholds.DEFAULTS).window();
        } catch (IllegalArgumentException bad) {
            show(new PrometheusProbe.Result(false, bad.getMessage()));
            return;
        }
        test.setDisable(true);
        result.getStyleClass().remove(Styles.PROBLEM);
        result.setText(settings == null ? "Looking for a Prometheus in the cluster…" : "Reading " + settings.url() + "…");
        Thread.ofVirtual().name("prometheus-test").start(() -> {
            PrometheusProbe.Result r;
            try {
                r = tester.test(settings, window);
            } catch (RuntimeException e) {
                r = new PrometheusProbe.Result(false, "the test failed: " + e);
            }
            PrometheusProbe.Result shown = r;
            Platform.runLater(() -> {
                show(shown);
                test.setDisable(false);
            });
        });
    }

    private void show(PrometheusProbe.Result r) {
        result.setText(r.line());
        result.getStyleClass().remove(Styles.PROBLEM);
        if (!r.ok()) {
            result.getStyleClass().add(Styles.PROBLEM);
        }
        fitWindow();
    }

    /** The dialog grows to what it now shows (a warning, a longer line) instead of cutting it short. */
    private void fitWindow() {
        Platform.runLater(() -> {
            if (result.getScene() != null && result.getScene().getWindow() != null) {
                result.getScene().getWindow().sizeToScene();
            }
        });
    }

    private Path file(TextField f, String what) {
        String t = f.getText().strip();
        if (t.isEmpty()) {
            return null;
        }
        try {
            Path p = Path.of(t);
            return p.isAbsolute() || settingsDir == null ? p : settingsDir.resolve(p).normalize();
        } catch (InvalidPathException bad) {
            throw new IllegalArgumentException("Prometheus " + what + " \"" + t + "\" is not a file name");
        }
    }

    private static TextField field(String id, String prompt, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        return f;
    }

    private static HBox line(javafx.scene.Node... parts) {
        HBox h = new HBox(6, parts);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    /** 5 rather than 5.0; 2.5 as it is. */
    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String text(Path p) {
        return p == null ? "" : p.toString();
    }
}
