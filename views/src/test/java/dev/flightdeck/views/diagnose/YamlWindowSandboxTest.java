package dev.flightdeck.views.diagnose;

import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
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
 * The YAML of what the console shows, on the sandbox: Y on a selected node opens the node's YAML in a window of its
 * own; on the Gangs screen, "Gang YAML" opens the gang's Job and "Pod YAML" its shown rank's pod. Each window is read
 * off the FX thread and shows the object as the API server has it.
 */
@ExtendWith(ApplicationExtension.class)
class YamlWindowSandboxTest {

    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, 16, 1400, 860);
    }

    @Stop
    void stop() {
        console.close();
        robotCloseYamlWindows();
    }

    @Test
    void yamlOfANodeAGangAndARank(FxRobot robot) throws Exception {
        FxWait.until(() -> console.nodes.allRows().size() == 16, "the sandbox's 16 nodes on screen");
        robot.interact(() -> console.nodes.select("gpu-node-003"));
        robot.clickOn("#node-table");
        robot.interact(() -> console.nodes.select("gpu-node-003"));
        robot.type(KeyCode.Y);
        TextArea nodeYaml = awaitYaml(robot, "Node gpu-node-003");
        assertTrue(nodeYaml.getText().contains("kind: Node"), nodeYaml.getText());
        assertTrue(nodeYaml.getText().contains("name: gpu-node-003"), nodeYaml.getText());
        System.out.println("screenshot: " + Screenshots.write(nodeYaml.getScene(), "yaml-node"));
        robot.interact(() -> ((Stage) nodeYaml.getScene().getWindow()).close());

        robot.clickOn("#nav-gangs");
        TableView<GangRow> table = robot.lookup("#gang-table").queryTableView();
        FxWait.until(() -> !table.getItems().isEmpty(), "the sandbox's gangs");
        GangRow first = table.getItems().getFirst();
        robot.interact(() -> table.getSelectionModel().select(first));
        robot.clickOn("#gang-yaml");
        TextArea gangYaml = awaitYaml(robot, "Job " + first.key());
        assertTrue(gangYaml.getText().contains("kind: Job") && gangYaml.getText().contains("completionMode: Indexed"),
                gangYaml.getText());
        robot.interact(() -> ((Stage) gangYaml.getScene().getWindow()).close());

        robot.interact(() -> console.gangs.select(first.key(), 0));
        FxWait.until(() -> console.gangs.shownRankProperty().get() != null
                && console.gangs.shownRankProperty().get().pod() != null, "rank 0 shown");
        String pod = console.gangs.shownRankProperty().get().pod();
        robot.clickOn("#rank-pod-yaml");
        TextArea podYaml = awaitYaml(robot, "Pod " + first.key().namespace() + "/" + pod);
        assertTrue(podYaml.getText().contains("kind: Pod") && podYaml.getText().contains("nodeName: "), podYaml.getText());
        System.out.println("screenshot: " + Screenshots.write(podYaml.getScene(), "yaml-pod"));
    }

    /** The YAML window titled {@code title}, once its text is read. */
    private static TextArea awaitYaml(FxRobot robot, String title) throws Exception {
        FxWait.until(() -> robot.lookup("#yaml-title").queryAll().stream()
                .anyMatch(n -> title.equals(((Label) n).getText())
                        && !((TextArea) n.getScene().lookup("#yaml-text")).getText().isEmpty()), "the YAML of " + title);
        return robot.lookup("#yaml-title").queryAll().stream().filter(n -> title.equals(((Label) n).getText()))
                .map(n -> (TextArea) n.getScene().lookup("#yaml-text")).findFirst().orElseThrow();
    }

    private static void robotCloseYamlWindows() {
        javafx.application.Platform.runLater(() -> Window.getWindows().stream().filter(w -> w instanceof YamlWindow)
                .toList().forEach(Window::hide));
    }
}
