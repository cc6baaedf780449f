package dev.flightdeck.views.diagnose;

import dev.flightdeck.app.diagnose.logs.RankLog;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A halted gang's logs from the Gangs screen, on the sandbox (training/rlhf-actor: rank 5 failed with an NCCL error,
 * the others logged watchdog timeouts after it): L opens the Logs window, which names rank 5 as the first failure,
 * groups the errors across ranks, lists rank 5 first and shows its lines; a search narrows them, "errors only" keeps
 * the error lines, and following a running rank brings its new lines. Closing the window stops its reads.
 */
@ExtendWith(ApplicationExtension.class)
class LogsWindowSandboxTest {

    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, 64, 1400, 860);
    }

    @Stop
    void stop() {
        console.close();
        javafx.application.Platform.runLater(() -> Window.getWindows().stream().filter(w -> w instanceof LogsWindow)
                .toList().forEach(Window::hide));
    }

    @Test
    void theFirstFailureTheErrorsAcrossRanksAndOneRanksLines(FxRobot robot) throws Exception {
        robot.clickOn("#nav-gangs");
        TableView<GangRow> table = robot.lookup("#gang-table").queryTableView();
        FxWait.until(() -> table.getItems().stream().anyMatch(r -> r.key().toString().equals("training/rlhf-actor")),
                "the halted gang");
        GangRow halted = table.getItems().stream().filter(r -> r.key().toString().equals("training/rlhf-actor"))
                .findFirst().orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(halted));
        robot.clickOn("#gang-table");
        robot.interact(() -> {
            table.getSelectionModel().select(halted);
            console.gangs.selectedRankProperty().set(null); // no rank chosen: the logs open on the first failure
        });
        robot.type(KeyCode.L);

        FxWait.until(() -> text(robot, "#logs-status").startsWith("read 16 of 16 ranks"), "every rank read");
        String first = text(robot, "#logs-first-failure");
        assertTrue(first.startsWith("first failure: rank 5") && first.contains("NCCL error"), first);
        ListView<String> groups = robot.lookup("#logs-groups").queryListView();
        assertTrue(groups.getItems().stream().anyMatch(g -> g.startsWith("rank 5: NCCL error")), groups.getItems().toString());
        assertTrue(groups.getItems().stream().anyMatch(g -> g.contains("ranks ") && g.contains("atchdog")), groups.getItems().toString());
        ListView<RankLog> ranks = robot.lookup("#logs-ranks").queryListView();
        assertEquals(5, ranks.getItems().getFirst().rank(), "the first failure first");
        ListView<String> lines = robot.lookup("#logs-lines").queryListView();
        FxWait.until(() -> lines.getItems().stream().anyMatch(l -> l.contains("NCCL")), "rank 5's lines, selected at once");
        assertEquals(5, ranks.getSelectionModel().getSelectedItem().rank(), "the first failure stays selected as ranks arrive");
        assertTrue(text(robot, "#logs-shown").startsWith("rank 5 · failed"), text(robot, "#logs-shown"));
        System.out.println("screenshot: " + Screenshots.write(lines.getScene(), "logs-gang"));

        int all = lines.getItems().size();
        robot.clickOn("#logs-errors-only");
        FxWait.until(() -> !lines.getItems().isEmpty() && lines.getItems().size() < all, "only the error lines");
        robot.clickOn("#logs-errors-only");
        TextField search = robot.lookup("#logs-search").query();
        robot.interact(() -> search.setText("NCCL"));
        FxWait.until(() -> !lines.getItems().isEmpty() && lines.getItems().stream().allMatch(l -> l.contains("NCCL")),
                "the search narrows the lines");
        robot.interact(() -> search.setText(""));

        robot.clickOn("#logs-close");

        // A running gang's rank, followed: its new training steps arrive (a halted gang's ranks write no more).
        GangRow healthy = table.getItems().stream().filter(r -> r.gang().verdict() == dev.flightdeck.app.gangs.GangVerdict.RUNNING)
                .findFirst().orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(healthy));
        robot.clickOn("#gang-table");
        robot.interact(() -> table.getSelectionModel().select(healthy));
        robot.type(KeyCode.L);
        FxWait.until(() -> robot.lookup("#logs-ranks").queryAll().size() == 1
                && !((ListView<?>) robot.lookup("#logs-ranks").query()).getItems().isEmpty(), "the running gang's ranks");
        ListView<RankLog> runningRanks = robot.lookup("#logs-ranks").queryListView();
        ListView<String> followed = robot.lookup("#logs-lines").queryListView();
        robot.interact(() -> runningRanks.getSelectionModel().select(runningRanks.getItems().getFirst()));
        robot.clickOn(robot.lookup("#logs-ranks .list-cell").nth(0).queryAs(javafx.scene.Node.class));
        robot.clickOn("#logs-follow");
        int[] before = {-1};
        FxWait.until(() -> {
            if (before[0] < 0 && !followed.getItems().isEmpty()) {
                before[0] = followed.getItems().size();
            }
            return before[0] >= 0 && followed.getItems().size() > before[0];
        }, "a followed rank's new lines");
        robot.clickOn("#logs-close");
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}
