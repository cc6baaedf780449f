package dev.flightdeck.views.shell;

import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.settings.StallThresholds;
import dev.flightdeck.testkit.TestSecrets;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster settings dialog's GPU telemetry: the Prometheus fields and stall thresholds, a Test that reads the
 * Prometheus as entered (before saving) and says in one line what it found or what went wrong, and Save.
 */
@ExtendWith(ApplicationExtension.class)
class ClusterSettingsTelemetryTest {

    private static final String TOKEN = TestSecrets.remember("prom-" + "dialog-token-4b1e9c7a");

    private SettingsFile file;
    private ClusterSettingsDialog dialog;
    private PrometheusStandInServer prometheus;

    @Start
    void start(Stage stage) throws Exception {
        file = new SettingsFile(Files.createTempDirectory("fd-settings").resolve("settings.json"));
        prometheus = new PrometheusStandInServer(64);
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
        // No session at hand: the Test goes straight to the URL entered, as it does before the cluster is connected.
        dialog = new ClusterSettingsDialog(stage, "lab", new SettingsFile.Loaded(Map.of(), null), file, () -> { },
                GpuTelemetryFields.through(null));
        dialog.setX(0);
        dialog.setY(0);
        dialog.show();
    }

    @AfterEach
    void stop() {
        prometheus.close();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private static void replace(FxRobot robot, String id, String text) {
        robot.interact(() -> robot.lookup(id).queryAs(TextField.class).setText(text));
    }

    @Test
    void theTestReadsThePrometheusAsEnteredAndSaveKeepsIt(FxRobot robot) throws Exception {
        assertTrue(robot.lookup("#settings-prom-url").queryAs(TextField.class).getPromptText().contains("look for one"),
                "an empty URL means: look for one");
        assertFalse(robot.lookup("#settings-prom-tls-warning").queryAs(Label.class).isVisible());
        assertEquals("5", robot.lookup("#settings-stall-idle").queryAs(TextField.class).getText());
        assertEquals("10", robot.lookup("#settings-stall-minutes").queryAs(TextField.class).getText());

        Path token = Files.writeString(file.path().getParent().resolve("prom.token"), TOKEN);
        robot.clickOn("#settings-prom-url").write(prometheus.url().toString());
        robot.clickOn("#settings-prom-token-file").write("prom.token");
        replace(robot, "#settings-stall-idle", "20");
        replace(robot, "#settings-stall-minutes", "2");
        robot.clickOn("#settings-prom-test");
        String found = "Prometheus 2.42.0 at " + prometheus.url() + ": 512 GPUs on 64 nodes";
        FxWait.until(() -> text(robot, "#settings-prom-result").equals(found), "the Test's line: " + found);
        assertFalse(robot.lookup("#settings-prom-result").queryAs(Label.class).getStyleClass().contains(Styles.PROBLEM));
        assertTrue(prometheus.authorizations.contains("Bearer " + TOKEN), "the token file beside the settings was read");
        assertFalse(Files.exists(file.path()), "testing saves nothing");

        robot.clickOn("#settings-prom-skip-tls");
        assertTrue(robot.lookup("#settings-prom-tls-warning").queryAs(Label.class).isVisible(), "skipping TLS is warned of");
        Path shot = Screenshots.write(dialog.getDialogPane().getScene(), "cluster-settings-prometheus");
        assertTrue(Files.size(shot) > 5_000);
        robot.clickOn("#settings-prom-skip-tls");

        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        replace(robot, "#settings-prom-url", "http://127.0.0.1:" + closed);
        robot.clickOn("#settings-prom-test");
        String refused = "Prometheus at http://127.0.0.1:" + closed + " (settings; bearer token from " + token
                + "): connection refused: is it up, and is the URL's port right?";
        FxWait.until(() -> text(robot, "#settings-prom-result").equals(refused), "the refused port's line: " + refused);
        assertTrue(robot.lookup("#settings-prom-result").queryAs(Label.class).getStyleClass().contains(Styles.PROBLEM));
        Screenshots.write(dialog.getDialogPane().getScene(), "cluster-settings-prometheus-refused");

        replace(robot, "#settings-stall-minutes", "0");
        robot.clickOn("#settings-save");
        assertEquals("the stall window must be from 1 to 1440 minutes, not 0 minutes", text(robot, "#settings-error"));
        assertTrue(dialog.isShowing(), "a bad threshold keeps the dialog open");

        replace(robot, "#settings-stall-minutes", "2");
        replace(robot, "#settings-prom-url", prometheus.url().toString());
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        var saved = file.load().forContext("lab");
        assertEquals(new PrometheusSettings(prometheus.url(), token, null, null, null, false), saved.prometheus());
        assertEquals(StallThresholds.DEFAULTS.withStall(20, Duration.ofMinutes(2)), saved.gpuStall());
        assertTrue(Files.readString(file.path()).contains("\"bearerTokenFile\" : \"prom.token\""), "kept beside the settings");
    }

    @Test
    void anEmptyUrlLooksForOneAndTakesNoCredentials(FxRobot robot) throws Exception {
        robot.clickOn("#settings-prom-test");
        FxWait.until(() -> text(robot, "#settings-prom-result").startsWith("no connection to this cluster"),
                "the line saying there is nowhere to look without a connection");
        assertEquals("no connection to this cluster to look for a Prometheus through: enter its URL, or connect first",
                text(robot, "#settings-prom-result"));

        robot.clickOn("#settings-prom-ca-file").write("/etc/ssl/lab-ca.pem");
        robot.clickOn("#settings-save");
        assertEquals("the Prometheus URL is empty (look for one), so its token, user, CA and TLS fields are not used: "
                + "enter its URL or clear them", text(robot, "#settings-error"));
        replace(robot, "#settings-prom-ca-file", "");
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        assertEquals(null, file.load().forContext("lab").prometheus(), "no Prometheus named: look for one");
        assertEquals(List.of(), prometheus.authorizations, "nothing was sent anywhere");
    }
}
