package dev.flightdeck.views.shell;

import dev.flightdeck.app.queues.teams.NodeKeys;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.settings.TeamKey;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.teams.TeamKeyField;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster settings dialog's team key: it offers the keys the cluster's nodes carry, most common first, refuses a
 * key no node could carry with the reason, saves the one picked, and an emptied field saves none.
 */
@ExtendWith(ApplicationExtension.class)
class ClusterSettingsTeamKeyTest {

    /** As {@link NodeKeys#offered} would give them for a 512-node cluster, most common first. */
    private static final List<NodeKeys.Offered> KEYS = List.of(new NodeKeys.Offered("nvidia.com/gpu.present", 512),
            new NodeKeys.Offered("nvidia.com/gpu.product", 512), new NodeKeys.Offered("example.com/team", 412),
            new NodeKeys.Offered("lab.example/pool", 96));

    private SettingsFile file;
    private ClusterSettingsDialog dialog;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        file = new SettingsFile(Files.createTempDirectory("fd-settings").resolve("settings.json"));
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        dialog = open(new SettingsFile.Loaded(Map.of(), null));
    }

    private ClusterSettingsDialog open(SettingsFile.Loaded loaded) {
        ClusterSettingsDialog d = new ClusterSettingsDialog(stage, "lab", loaded, file, () -> { },
                GpuTelemetryFields.through(null), KEYS);
        d.setX(0);
        d.setY(0);
        d.show();
        return d;
    }

    private TeamKeyField field(FxRobot robot) {
        return robot.lookup("#settings-team-key").queryAs(TeamKeyField.class);
    }

    @Test
    void theNodesKeysAreOfferedABadKeyIsRefusedAndThePickedOneSaved(FxRobot robot) throws Exception {
        TeamKeyField field = field(robot);
        assertEquals(List.of("nvidia.com/gpu.present", "nvidia.com/gpu.product", "example.com/team", "lab.example/pool"),
                field.offeredKeys());
        assertNull(field.teamKey(), "nothing saved yet, nothing set");

        robot.interact(() -> field.getEditor().setText("Example.com/team"));
        robot.clickOn("#settings-save");
        assertEquals("teamKey \"Example.com/team\" is not a label or taint key: the prefix before '/' must be a lower-case"
                + " DNS name such as example.com", robot.lookup("#settings-error").queryAs(Label.class).getText());
        assertTrue(dialog.isShowing(), "the dialog stays open so the key can be fixed");
        assertFalse(Files.exists(file.path()), "nothing saved");

        robot.interact(() -> field.getEditor().setText(""));
        robot.interact(field::show);
        FxWait.until(field::isShowing, "the list of keys");
        javafx.scene.Node list = ((ComboBoxListViewSkin<?>) field.getSkin()).getPopupContent();
        Path shot = Screenshots.write(list, "cluster-settings-team-keys");
        assertTrue(Files.size(shot) > 1_000);
        List<String> shown = robot.from(list).lookup(".list-cell").queryAllAs(javafx.scene.control.ListCell.class).stream()
                .map(javafx.scene.control.ListCell::getText).filter(java.util.Objects::nonNull).toList();
        assertEquals(List.of("nvidia.com/gpu.present   (512 nodes)", "nvidia.com/gpu.product   (512 nodes)",
                "example.com/team   (412 nodes)", "lab.example/pool   (96 nodes)"), shown, "each with how many nodes carry it");
        robot.interact(() -> {
            field.getSelectionModel().select("example.com/team");
            field.hide();
        });
        Screenshots.write(dialog.getDialogPane().getScene(), "cluster-settings-team-key");
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        assertEquals(new TeamKey("example.com/team"), file.load().forContext("lab").teamKey());
    }

    @Test
    void theSavedKeyIsShownAndEmptyingTheFieldSavesNone(FxRobot robot) throws Exception {
        file.save("lab", ClusterSettings.DEFAULTS.withTeamKey(new TeamKey("lab.example/pool")).withReadOnly(true));
        SettingsFile.Loaded loaded = file.load();
        robot.interact(() -> {
            dialog.close();
            dialog = open(loaded);
        });
        TeamKeyField field = field(robot);
        assertEquals("lab.example/pool", field.getEditor().getText());
        robot.interact(() -> field.getEditor().setText("   "));
        robot.clickOn("#settings-save");
        FxWait.until(() -> !dialog.isShowing(), "the dialog to close");
        assertNull(file.load().forContext("lab").teamKey());
        assertTrue(file.load().forContext("lab").readOnly(), "what the dialog does not show is kept");
    }
}
