package dev.flightdeck.views.events;

import dev.flightdeck.app.diagnose.events.EventRecord;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Events screen on the sandbox (the scheduler's FailedScheduling for the ranks the preflight gate holds, a node's
 * NodeNotReady, the controllers' Normal Events): newest first, Warnings only narrows to Warnings, a node's Events link
 * shows only that node's, a gang's Events button only its objects', and Enter opens the YAML of an Event's object.
 */
@ExtendWith(ApplicationExtension.class)
class EventsScreenSandboxTest {

    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, 64, 1500, 900);
    }

    @Stop
    void stop() {
        console.close();
        javafx.application.Platform.runLater(() -> Window.getWindows().stream()
                .filter(w -> w instanceof dev.flightdeck.views.diagnose.YamlWindow).toList().forEach(Window::hide));
    }

    @Test
    void theClustersEventsFilteredAndLinkedFromWhereTheSreStands(FxRobot robot) throws Exception {
        FxWait.until(() -> console.nodes.allRows().size() == 64, "the sandbox on screen");
        robot.clickOn("#nav-events");
        TableView<EventRecord> table = robot.lookup("#events-table").queryTableView();
        FxWait.until(() -> table.getItems().size() >= 3 && table.getItems().stream().anyMatch(EventRecord::warning)
                && table.getItems().stream().anyMatch(e -> !e.warning()), "Warnings and Normal Events listed");
        for (int i = 1; i < table.getItems().size(); i++) {
            assertTrue(!table.getItems().get(i).lastSeen().isAfter(table.getItems().get(i - 1).lastSeen()), "newest first");
        }
        assertTrue(table.getItems().stream().anyMatch(e -> e.reason().equals("FailedScheduling")), "the scheduler's words");
        System.out.println("screenshot: " + Screenshots.write(table.getScene(), "events"));

        robot.clickOn("#events-warnings-only");
        FxWait.until(() -> !table.getItems().isEmpty() && table.getItems().stream().allMatch(EventRecord::warning),
                "Warnings only");
        robot.type(KeyCode.ESCAPE);

        EventRecord aboutNode = table.getItems().stream().filter(e -> e.kind().equals("Node")).findFirst().orElse(null);
        if (aboutNode != null) {
            robot.interact(() -> console.window.showNodes());
            robot.interact(() -> console.nodes.select(aboutNode.name()));
            FxWait.until(() -> robot.lookup("#node-events").tryQuery().isPresent(), "the node's details");
            robot.clickOn("#node-events");
            FxWait.until(() -> !table.getItems().isEmpty() && table.getItems().stream()
                    .allMatch(e -> e.kind().equals("Node") && e.name().equals(aboutNode.name())), "only the node's Events");
            assertTrue(robot.lookup("#events-only").queryAs(Label.class).getText().equals("only node " + aboutNode.name()));
        }

        robot.clickOn("#nav-gangs");
        TableView<GangRow> gangs = robot.lookup("#gang-table").queryTableView();
        FxWait.until(() -> !gangs.getItems().isEmpty(), "the gangs");
        GangRow held = gangs.getItems().stream().filter(g -> g.key().toString().equals("training/llm-pretrain")).findFirst()
                .orElse(gangs.getItems().getFirst());
        robot.interact(() -> gangs.getSelectionModel().select(held));
        robot.clickOn("#gang-events");
        FxWait.until(() -> robot.lookup("#events-only").queryAs(Label.class).getText().equals("only gang " + held.key()),
                "the gang's Events");
        FxWait.until(() -> table.getItems().stream().allMatch(e -> e.namespace().equals(held.key().namespace())),
                "only the gang's objects' Events");

        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> !table.getItems().isEmpty(), "all Events again");
        EventRecord first = table.getItems().getFirst();
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#events-table");
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> robot.lookup("#yaml-title").queryAll().stream()
                .anyMatch(n -> ((Label) n).getText().endsWith(first.name())), "the YAML of the Event's object");
    }
}
