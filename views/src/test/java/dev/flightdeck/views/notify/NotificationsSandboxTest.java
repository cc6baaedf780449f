package dev.flightdeck.views.notify;

import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.NotifySettings;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Notifications as the on-call person meets them: the sandbox's cluster has them on; what was halted when the console
 * opened is not news; a rank of a running gang crashes, the gang halts, the bell counts one, the list says which gang
 * and why, and a click on it selects the gang on the Gangs screen. With no notify-send on the PATH the window says
 * once that notifications stay in the window. The list is photographed in both themes.
 */
class NotificationsSandboxTest extends SandboxScreenTest {

    private Path settings;
    private byte[] settingsBefore;
    private String cluster;

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64, dev.flightdeck.app.session.SessionOptions.DEFAULTS, 1400, 900, s -> {
            // Turned on for this sandbox's cluster, as a person does in Cluster settings, before the console opens it
            // (written off the FX thread, which this runs on: the UI-thread guard is right to refuse a file here).
            // The console names it by the target it switched to (the sandbox's size), whoever opened it.
            cluster = new dev.flightdeck.app.connect.ConnectionTarget.Sandbox(64).displayName();
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    settings = SettingsFile.standard().path();
                    settingsBefore = Files.exists(settings) ? Files.readAllBytes(settings) : null;
                    SettingsFile.standard().save(cluster, ClusterSettings.DEFAULTS.withNotifications(
                            new NotifySettings(true, Duration.ofMinutes(30))));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try {
                writer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @AfterEach
    void theSettingsFileAsItWas() throws Exception {
        if (settingsBefore == null) {
            Files.deleteIfExists(settings);
        } else {
            Files.write(settings, settingsBefore);
        }
    }

    @Test
    void aGangHaltsTheBellCountsOneAndAClickSelectsTheGang(FxRobot robot) throws Exception {
        FxWait.until(() -> shown.gangs.allRows().stream().anyMatch(r -> r.key().toString().equals("training/llm-pretrain")),
                "the sandbox gangs");
        FxWait.until(() -> window.notificationWatch().telling().contains(cluster), "the watch's first whole look");
        assertEquals(0, window.notifications().unreadProperty().get(), "rlhf-actor was halted before: not news");
        assertTrue(!robot.lookup("#notification-count").queryAs(Label.class).isVisible(), "no count on the bell");

        String pod = sandbox.control().podOfRank("training", "llm-pretrain", 3);
        sandbox.control().failPod("training", pod, "Error", 1, "NCCL error: unhandled system error");
        FxWait.until(() -> window.notifications().unreadProperty().get() >= 1, "the notification");
        assertEquals("1", ConsoleWindow.text(robot, "#notification-count"));
        assertTrue(robot.lookup("#notification-count").queryAs(Label.class).isVisible());
        if (!dev.flightdeck.app.notify.DesktopNotifier.standard().available()) {
            assertTrue(ConsoleWindow.text(robot, "#notice-banner-text").contains("notify-send (libnotify-bin), which is "
                    + "not on the PATH: notifications show in the window only"), "no desktop notifier here: said once");
        }

        robot.clickOn("#notification-bell-button");
        FxWait.until(() -> robot.lookup("#notification-list").tryQuery().isPresent(), "the list open");
        ListView<?> list = robot.lookup("#notification-list").queryListView();
        assertEquals(1, list.getItems().size());
        var n = window.notifications().recent().getFirst();
        assertEquals("Gang halted on " + cluster, n.title());
        assertTrue(n.text().startsWith("training/llm-pretrain: halted"), n.text());
        assertEquals(0, window.notifications().unreadProperty().get(), "read once the list is open");
        robot.moveTo("#notification-list");
        Node popup = robot.lookup("#notification-popup").query();
        Screenshots.write(popup, "notifications-list");
        robot.interact(() -> dev.flightdeck.views.theme.Themes.choose(dev.flightdeck.app.settings.Theme.DARK));
        // Closed and opened again, in the dark palette (fired: the bell can sit past the 1000 px the robot reaches).
        robot.interact(() -> popup.getScene().getWindow().hide());
        robot.interact(() -> robot.lookup("#notification-bell-button").queryButton().fire());
        FxWait.until(() -> robot.lookup("#notification-popup").tryQuery().isPresent(), "the list open again");
        Screenshots.write(robot.lookup("#notification-popup").query(), "notifications-list-dark");
        robot.interact(() -> dev.flightdeck.views.theme.Themes.choose(dev.flightdeck.app.settings.Theme.LIGHT));

        robot.clickOn(robot.lookup("#notification-training-llm-pretrain").queryAs(Node.class));
        FxWait.until(() -> robot.lookup("#gang-table").tryQuery().isPresent() && shown.gangs.selectedProperty().get() != null
                && shown.gangs.selectedProperty().get().key().toString().equals("training/llm-pretrain"),
                "the Gangs screen with llm-pretrain selected");
        GangRow selected = shown.gangs.selectedProperty().get();
        assertEquals(dev.flightdeck.app.gangs.GangVerdict.HALTED, selected.gang().verdict());
        assertTrue(!robot.lookup("#notification-list").tryQuery().map(Node::isVisible).orElse(false)
                || !robot.lookup("#notification-list").query().getScene().getWindow().isShowing(), "the list closed");
        robot.moveTo("#app-title");
        Screenshots.write(window.getScene(), "notifications-opened-gang");
    }
}
