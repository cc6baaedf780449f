package dev.flightdeck.views.shell;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-cluster settings dialog: a typo keeps it open with the reason; a valid endpoint is saved and reconnects. */
@ExtendWith(ApplicationExtension.class)
class ClusterSettingsDialogTest {

    private final AtomicInteger reconnects = new AtomicInteger();
    private SettingsFile file;
    private ClusterSettingsDialog dialog;

    @Start
    void start(Stage stage) throws Exception {
        file = new SettingsFile(Files.createTempDirectory("fd-settings").resolve("settings.json"));
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        // A new, empty file: what it holds for "lab" is the defaults.
        dialog = new ClusterSettingsDialog(stage, "lab", new SettingsFile.Loaded(java.util.Map.of(), null), file,
                reconnects::incrementAndGet, GpuTelemetryFields.through(null));
        dialog.setX(0);
        dialog.setY(0);
        dialog.show();
    }

    @Test
    void aTypoKeepsTheDialogOpenAndAValidEndpointIsSaved(FxRobot robot) throws Exception {
        robot.clickOn("#settings-s3-endpoint").write("minio.lab:9000");
        robot.clickOn("#settings-save");
        String error = robot.lookup("#settings-error").queryAs(Label.class).getText();
        assertEquals("S3 endpoint override \"minio.lab:9000\" is not an http:// or https:// URL with a host", error);
        assertTrue(dialog.isShowing(), "the dialog stays open so the typo can be fixed");
        assertFalse(Files.exists(file.path()), "nothing saved");
        Path shot = Screenshots.write(dialog.getDialogPane().getScene(), "cluster-settings");
        assertTrue(Files.size(shot) > 5_000);

        robot.doubleClickOn("#settings-s3-endpoint").eraseText(20).write("https://minio.lab:9000");
        robot.clickOn("#settings-s3-path-style");
        robot.doubleClickOn("#settings-metrics-interval").eraseText(4).write("2");
        robot.clickOn("#settings-save");
        FxWait.until(() -> robot.lookup("#settings-error").queryAs(Label.class).getText().contains("between 5 and 300"),
                "the interval's bound");
        robot.doubleClickOn("#settings-metrics-interval").eraseText(4).write("30");
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        assertEquals(1, reconnects.get(), "saving reconnects so the new endpoint is used");
        assertEquals(new S3Settings(URI.create("https://minio.lab:9000"), null, true), file.load().forContext("lab").s3());
        assertEquals(java.time.Duration.ofSeconds(30), file.load().forContext("lab").metricsInterval());
    }

    @Test
    void savingKeepsWhatTheDialogDoesNotShowAndAllowsDrills(FxRobot robot) throws Exception {
        // Saving used to rebuild the settings from the dialog's fields alone: a read-only context lost it.
        file.save("staging", dev.flightdeck.app.settings.ClusterSettings.DEFAULTS.withReadOnly(true)
                .withDrainBreaker(new dev.flightdeck.app.settings.DrainLimits(3, 5)));
        var staging = file.load();
        robot.interact(() -> {
            dialog.close();
            dialog = new ClusterSettingsDialog(null, "staging", staging, file, reconnects::incrementAndGet,
                    GpuTelemetryFields.through(null));
            dialog.setX(0);
            dialog.setY(0);
            dialog.show();
        });
        robot.clickOn("#settings-drills");
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        var saved = file.load().forContext("staging");
        assertTrue(saved.readOnly(), "still read-only");
        assertEquals(new dev.flightdeck.app.settings.DrainLimits(3, 5), saved.drainBreaker(), "its breaker kept");
        assertTrue(saved.drills(), "drills allowed, as ticked");
    }

    @Test
    void notificationsAreOffUntilTickedAndThenSavedWithTheirQueueWait(FxRobot robot) throws Exception {
        assertFalse(robot.lookup("#settings-notify").queryAs(javafx.scene.control.CheckBox.class).isSelected(), "off");
        assertTrue(robot.lookup("#settings-queue-wait").query().isDisabled(), "its wait too, while off");
        robot.clickOn("#settings-notify");
        robot.doubleClickOn("#settings-queue-wait").eraseText(4).write("soon");
        robot.clickOn("#settings-save");
        FxWait.until(() -> robot.lookup("#settings-error").queryAs(Label.class).getText()
                .equals("the queue wait worth a notification needs a whole number of minutes, not \"soon\""), "the typo said");
        robot.doubleClickOn("#settings-queue-wait").eraseText(4).write("45");
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        assertEquals(new dev.flightdeck.app.settings.NotifySettings(true, java.time.Duration.ofMinutes(45)),
                file.load().forContext("lab").notifications());
    }
}
