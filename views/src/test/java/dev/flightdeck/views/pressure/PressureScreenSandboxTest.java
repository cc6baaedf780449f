package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.sandbox.metrics.Episode;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.Screenshots;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pressure screen on the sandbox: quiet, it reads healthy; start the sandbox's simulated APF
 * storm and the headline, the refused-requests chart and the status bar turn red naming the
 * priority level, and the table lists the rejections. The sandbox's simulated time runs 15× so a
 * 1 s scrape interval sees 15 s of traffic each time.
 */
class PressureScreenSandboxTest extends SandboxScreenTest {

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 16, SessionOptions.DEFAULTS.withMetricsInterval(Duration.ofSeconds(1)),
                1600, 960, s -> s.pressure().time().setSpeed(15));
    }

    @Test
    void anApfStormTurnsTheHeadlineAndTheRefusedChartRed(FxRobot robot) throws Exception {
        robot.clickOn("#nav-pressure");
        PressureView view = window.pressureView();
        FxWait.until(() -> text(robot, "#pressure-headline").startsWith("API server healthy: "), "a healthy headline");
        assertEquals(Level.OK, view.chart("refused").level());
        assertEquals(text(robot, "#pressure-headline"), text(robot, "#status-pressure"), "the status bar says the same");
        FxWait.until(() -> text(robot, "#readyz-title").startsWith("/readyz: ok, "), "readyz checks listed");
        Screenshots.write(window.getScene(), "pressure-healthy");

        // The menu offers what the sandbox says it has, read over HTTP when the screen attaches (until then it
        // says it is reading them): a person opening it at once sees that line first.
        FxWait.until(() -> robot.lookup("#simulate-episode").queryAs(javafx.scene.control.MenuButton.class).getItems()
                .stream().filter(i -> i.getId().startsWith("episode-") && !i.getId().equals("episode-problem")).count() == 4,
                "the sandbox's four episodes in the menu");
        System.gc(); // the menu must go on hearing the view model after a collection (it once held a view that was collected)
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#simulate-episode").clickOn("APF 429 storm on workload-low");
        // The switch is a request to the sandbox's control surface, made off the FX thread.
        FxWait.until(() -> sandbox.pressure().isActive(Episode.APF_429_STORM), "the sandbox menu started the storm");
        FxWait.until(() -> sessions.pressure().episodes().stream().anyMatch(e -> e.name().equals("APF_429_STORM") && e.on()),
                "the menu's tick, read back from the sandbox");
        FxWait.until(() -> text(robot, "#pressure-headline").contains("rejected by APF in workload-low"),
                "the storm in the headline");
        assertEquals(Level.RED, sessions.pressure().levelProperty().get());
        assertTrue(robot.lookup("#pressure-headline").query().getStyleClass().contains("level-red"));
        FxWait.until(() -> view.chart("refused").level() == Level.RED, "the refused-requests chart red");
        assertTrue(view.chart("refused").getStyleClass().contains("chart-level-red"));
        assertTrue(text(robot, "#chart-refused-title").endsWith("(red)"), text(robot, "#chart-refused-title"));
        assertTrue(robot.lookup("#status-pressure").query().getStyleClass().contains("level-red"), "status bar red too");
        // A few more scrapes so the chart shows the climb, then the picture.
        Instant red = sessions.pressure().latestProperty().get().at();
        FxWait.until(() -> sessions.pressure().historyProperty().get().times().stream().filter(t -> t.isAfter(red)).count() >= 3,
                "three more scrapes on the chart");
        Path shot = Screenshots.writeBothThemes(window.getScene(), "pressure");
        assertTrue(Files.size(shot) > 50_000, "a dashboard with content: " + shot);

        robot.clickOn("Latest values");
        TableView<LatestValuesTable.Row> table = robot.lookup("#pressure-table").queryTableView();
        FxWait.until(() -> table.getItems().stream().anyMatch(r -> r.group().equals("APF rejections/s")
                && r.name().startsWith("workload-low · service-accounts")), "the rejections in the table");
        assertTrue(table.getItems().stream().anyMatch(r -> r.name().equals("APF rejected share, worst priority level")
                && r.level().equals("red")));
        Screenshots.write(window.getScene(), "pressure-table");
    }
}
