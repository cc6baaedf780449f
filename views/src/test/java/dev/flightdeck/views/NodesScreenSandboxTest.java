package dev.flightdeck.views;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.sandbox.SandboxControl;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
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
 * The whole window against the embedded sandbox (64 GPU nodes with seeded trouble),
 * driven through the keyboard and mouse as a person would: the table fills, filters
 * narrow it, a selected node shows its details, and a condition set through the
 * Kubernetes API reaches the screen through the watch.
 */
@ExtendWith(ApplicationExtension.class)
class NodesScreenSandboxTest {

    private static final int NODES = 64;

    private SessionController sessions;
    private MainWindow window;
    private TableView<NodeRow> table;
    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, NODES, 1600, 960);
        sessions = console.sessions;
        window = console.window;
    }

    @Stop
    void stop() {
        console.close();
    }

    @Test
    void theNodesScreenFollowsTheSandbox(FxRobot robot) throws Exception {
        table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == NODES, "the table to fill with " + NODES + " nodes");
        assertTrue(robot.lookup("#sandbox-badge").queryLabeled().isVisible(), "the sandbox is labelled as such");
        FxWait.until(() -> text(robot, "#connection-status").contains("live"), "the status bar to say live");
        assertTrue(text(robot, "#gpus-usable").matches("\\d+ / 512 GPUs usable"), text(robot, "#gpus-usable"));
        assertEquals(NodeVerdict.NOT_READY, table.getItems().getFirst().node().verdict(), "worst first");

        // Filter by taint key through the drop-down: only the two preflight-gated nodes stay.
        robot.clickOn("#taint-filter").clickOn("taint flightdeck.dev/preflight");
        FxWait.until(() -> table.getItems().size() == 2, "the taint filter to leave the two gated nodes");
        assertTrue(table.getItems().stream().allMatch(r -> r.node().verdict() == NodeVerdict.GATED));
        assertEquals("showing 2 of 64 GPU nodes", text(robot, "#node-count"));

        // Escape clears the filters; Ctrl+F and typing searches by name.
        robot.clickOn(table).type(KeyCode.ESCAPE);
        FxWait.until(() -> table.getItems().size() == NODES, "Escape to clear the filters");
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL).write("gpu-node-013");
        FxWait.until(() -> table.getItems().size() == 1, "the search to find gpu-node-013");

        // Selecting the node shows why it is untrusted.
        robot.clickOn(nodeCell(robot, "gpu-node-013"));
        FxWait.until(() -> text(robot, "#details-title").equals("gpu-node-013"), "the details of gpu-node-013");
        assertTrue(detailsText(robot).contains("SysLogsXIDError"), "the Xid condition is listed");
        assertTrue(detailsText(robot).contains("GPU has fallen off the bus"), "with its message");

        // Its GPUs from telemetry, or one quiet line saying why there are none, and the status bar's line likewise.
        // The sandbox serves no DCGM series yet: the quiet line is the session's own "no GPU telemetry: …".
        var telemetry = sessions.session().telemetry();
        FxWait.until(() -> telemetry.latest() != null, "the first GPU telemetry read");
        if (telemetry.latestFrame() == null) {
            String why = telemetry.latest().error();
            assertTrue(why.startsWith("no GPU telemetry"), why);
            FxWait.until(() -> why.equals(text(robot, "#node-gpus-note")), "the details to say why there are no GPU series");
            assertTrue(!robot.lookup("#node-gpus-table").queryAs(Node.class).isVisible(), "no GPU table");
            FxWait.until(() -> why.equals(text(robot, "#status-telemetry")), "the status bar to say why");
        } else {
            FxWait.until(() -> text(robot, "#node-gpus-title").startsWith("GPUs (8) · "), "gpu-node-013's 8 GPUs");
            FxWait.until(() -> text(robot, "#status-telemetry").startsWith("GPU telemetry: "), "the status bar's source");
        }

        // Escape twice: the search, then everything; the selection stays and the full table is back.
        robot.type(KeyCode.ESCAPE).type(KeyCode.ESCAPE);
        FxWait.until(() -> table.getItems().size() == NODES, "the full table after Escape");
        Path shot = Screenshots.write(table.getScene(), "nodes");
        assertTrue(Files.size(shot) > 20_000, "a screenshot with content: " + shot);

        // A health agent marks a healthy node through the API; the console shows it.
        SandboxControl control = sessions.session().connection().sandbox()
                .flatMap(l -> l.as(dev.flightdeck.sandbox.SandboxCluster.class)).orElseThrow().control();
        control.setNodeCondition("gpu-node-005", "GpuThermalWatch", "True", "ThermalViolation",
                "GPU 4 at 93 C, clocks throttled");
        FxWait.until(() -> table.getItems().stream().anyMatch(r -> r.name().equals("gpu-node-005")
                        && r.node().trust().reasonText().contains("GpuThermalWatch")),
                "the thermal condition to reach the table");
        robot.clickOn("#node-search").write("gpu-node-005");
        FxWait.until(() -> table.getItems().size() == 1, "the search to find gpu-node-005");
        FxWait.until(() -> cellTexts(robot).stream().anyMatch(t -> t.contains("GpuThermalWatch (ThermalViolation)")),
                "the reasons cell to show the new condition");
        robot.clickOn(nodeCell(robot, "gpu-node-005"));
        FxWait.until(() -> detailsText(robot).contains("GPU 4 at 93 C, clocks throttled"), "the details to show it");

        // Sorting by a column replaces worst-first. Set through the table's sort order: JavaFX 26's
        // headless glass reports every click as a popup trigger, and a column header ignores those.
        robot.clickOn("#node-search").type(KeyCode.ESCAPE);
        FxWait.until(() -> table.getItems().size() == NODES, "the full table");
        robot.interact(() -> table.getSortOrder().setAll(List.of(table.getColumns().getFirst())));
        FxWait.until(() -> table.getItems().getFirst().name().equals("gpu-node-000"), "the table sorted by name");
        List<String> names = table.getItems().stream().map(NodeRow::name).toList();
        assertEquals(names.stream().sorted().toList(), names);
    }


    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    private static List<String> cellTexts(FxRobot robot) {
        return robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .map(c -> c.getText() == null ? "" : c.getText()).toList();
    }

    /** The visible Node-column cell of the row showing {@code name} (the flow also keeps hidden spare cells). */
    private static Node nodeCell(FxRobot robot, String name) {
        for (TableCell<?, ?> c : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (c.isVisible() && c.getTableRow() != null && c.getTableRow().isVisible()
                    && c.getTableColumn() != null && "col-node".equals(c.getTableColumn().getId())
                    && c.getTableRow().getItem() instanceof NodeRow r && r.name().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no visible table row shows " + name);
    }

    private static String detailsText(FxRobot robot) {
        StringBuilder sb = new StringBuilder();
        for (Label l : robot.from(robot.lookup("#node-details").queryAs(Node.class)).lookup(".label")
                .queryAllAs(Label.class)) {
            sb.append(l.getText()).append('\n');
        }
        return sb.toString();
    }
}
