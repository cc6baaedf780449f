package dev.flightdeck.views;

import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.views.gangs.GangRow;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Gangs screen against the sandbox (64 nodes, four Indexed Job gangs): the halted gang
 * is on top, selecting it lists its broken rank with the reason, "Go to node" opens that
 * node on the Nodes screen, and the node's rank link leads back to the gang.
 */
@ExtendWith(ApplicationExtension.class)
class GangsScreenSandboxTest {

    private static final int NODES = 64;

    private SessionController sessions;
    private MainWindow window;
    private GangsViewModel gangs;
    private NodesViewModel nodes;
    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, NODES, 1600, 960);
        sessions = console.sessions;
        window = console.window;
        gangs = console.gangs;
        nodes = console.nodes;
    }

    @Stop
    void stop() {
        console.close();
    }

    @Test
    void aHaltedGangShowsItsBrokenRankAndLeadsToItsNode(FxRobot robot) throws Exception {
        robot.clickOn("#nav-gangs");
        TableView<GangRow> table = robot.lookup("#gang-table").queryTableView();
        FxWait.until(() -> table.getItems().size() >= 4 && gangs.allRows().stream()
                .anyMatch(r -> r.key().toString().equals("training/rlhf-actor")), "the sandbox gangs");
        GangRow first = table.getItems().getFirst();
        assertEquals(GangVerdict.HALTED, first.gang().verdict(), "worst first");
        assertEquals("training/rlhf-actor", first.key().toString());
        assertTrue(table.getItems().stream().anyMatch(r -> r.key().toString().equals("training/llm-pretrain")
                && r.gang().verdict() == GangVerdict.DEGRADED), "the degraded gang is listed");

        // Which gang CRDs are watched, and a refresh that asks discovery again.
        FxWait.until(() -> label(robot, "#gang-kinds").equals("gang objects: 8 of 8 kinds served and watched"),
                "the gang kinds line");
        robot.clickOn("#gang-kinds-refresh");
        FxWait.until(() -> label(robot, "#gang-kinds").equals("gang objects: 8 of 8 kinds served and watched"),
                "the refreshed gang kinds line");

        robot.clickOn(gangCell(robot, "training/rlhf-actor"));
        FxWait.until(() -> gangs.selectedProperty().get() == first, "the halted gang to be selected");

        // The broken rank is listed above the map, in words, with its node and reason.
        Hyperlink broken = robot.lookup("#broken-rank-5").queryAs(Hyperlink.class);
        assertTrue(broken.isVisible(), "the broken-ranks list is shown");
        assertTrue(broken.getText().contains("rank 5 · failed · gpu-node-037"), broken.getText());
        assertTrue(broken.getText().contains("NCCL error"), broken.getText());
        // … and on the map it is the only rank drawn as broken.
        List<RankSlot> brokenOnMap = first.gang().ranks().stream().filter(s -> s.state().haltsGang()).toList();
        assertEquals(1, brokenOnMap.size());
        assertEquals(RankState.FAILED, brokenOnMap.getFirst().state());

        robot.clickOn(broken);
        FxWait.until(() -> gangs.selectedRankProperty().get() != null
                && gangs.selectedRankProperty().get().rank() == 5, "rank 5 to be selected");
        FxWait.until(() -> label(robot, "#rank-reason").contains("NCCL error"), "the rank's reason in the details");
        assertEquals("gpu-node-037", label(robot, "#rank-node"));
        FxWait.until(() -> !label(robot, "#checkpoint-age").startsWith("reading"), "the checkpoint read");
        assertTrue(label(robot, "#checkpoint-age").matches("\\d+m · fresh"), label(robot, "#checkpoint-age"));
        assertTrue(label(robot, "#checkpoint-risk").contains("GPU-h"),
                label(robot, "#checkpoint-risk"));
        robot.moveTo("#gang-count"); // no hover over the map in the picture
        Path shot = Screenshots.write(window.getScene(), "gangs");
        assertTrue(Files.size(shot) > 20_000, "a screenshot with content: " + shot);

        // Follow the rank to its node.
        robot.clickOn("#go-to-node");
        FxWait.until(() -> robot.lookup("#node-table").tryQuery().isPresent()
                && nodes.selectedProperty().get() != null
                && nodes.selectedProperty().get().name().equals("gpu-node-037"), "gpu-node-037 selected on Nodes");
        TableView<NodeRow> nodeTable = robot.lookup("#node-table").queryTableView();
        assertTrue(nodeTable.isVisible() && nodeTable.getScene() != null, "the Nodes screen is showing");
        assertEquals("gpu-node-037", nodeTable.getSelectionModel().getSelectedItem().name());
        FxWait.until(() -> label(robot, "#details-title").equals("gpu-node-037"), "the node's details");

        // The node lists the gang rank on it; the link leads back to the gang.
        Path nodeShot = Screenshots.write(window.getScene(), "node-ranks");
        assertTrue(Files.size(nodeShot) > 20_000);
        FxWait.until(() -> robot.lookup("#node-rank-rlhf-actor-5").tryQuery().isPresent(), "the node's rank link");
        Hyperlink back = robot.lookup("#node-rank-rlhf-actor-5").queryAs(Hyperlink.class);
        assertEquals("training/rlhf-actor rank 5 · failed", back.getText());
        robot.clickOn(back);
        FxWait.until(() -> robot.lookup("#gang-table").tryQuery().isPresent()
                && gangs.selectedProperty().get() != null && gangs.selectedProperty().get().key().equals(first.key())
                && gangs.selectedRankProperty().get() != null && gangs.selectedRankProperty().get().rank() == 5,
                "the Gangs screen with rank 5 of rlhf-actor");

        // A gang whose trainer saves to object storage: the panel reads the sandbox's bucket.
        robot.clickOn(gangCell(robot, "training/llm-pretrain"));
        FxWait.until(() -> label(robot, "#checkpoint-source").startsWith("object storage"),
                "llm-pretrain's checkpoint read from object storage");
        assertTrue(label(robot, "#checkpoint-newest").contains("step-4200/"), label(robot, "#checkpoint-newest"));
        Screenshots.write(window.getScene(), "gangs-object-storage");

        // Coloured by GPU utilisation: the legend shows the scale and says what telemetry there is, or why none.
        robot.clickOn("#rank-colour-utilisation");
        FxWait.until(() -> robot.lookup("#legend-utilisation-scale").tryQuery().isPresent(), "the utilisation legend");
        var telemetry = sessions.session().telemetry();
        FxWait.until(() -> telemetry.latest() != null, "the first GPU telemetry read");
        if (telemetry.latestFrame() == null) {
            String why = telemetry.latest().error();
            FxWait.until(() -> why.equals(label(robot, "#rank-utilisation-note")), "the legend to say why there is no telemetry");
        } else {
            FxWait.until(() -> label(robot, "#rank-utilisation-note").startsWith("mean "), "the gang's mean utilisation");
        }
        Screenshots.write(window.getScene(), "gangs-utilisation");
        robot.clickOn("#rank-colour-state");
        FxWait.until(() -> robot.lookup("#legend-running").tryQuery().isPresent(), "the state legend back");
    }

    private static String label(FxRobot robot, String query) {
        String t = robot.lookup(query).queryAs(Label.class).getText();
        return t == null ? "" : t;
    }

    private static Node gangCell(FxRobot robot, String name) {
        for (TableCell<?, ?> c : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (c.isVisible() && c.getTableRow() != null && c.getTableRow().isVisible()
                    && c.getTableColumn() != null && "gcol-gang".equals(c.getTableColumn().getId())
                    && c.getTableRow().getItem() instanceof GangRow r && r.key().toString().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no visible row shows " + name);
    }
}
