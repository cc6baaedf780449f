package dev.flightdeck.views.actions;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.sandbox.SandboxCluster;
import dev.flightdeck.app.sandbox.SandboxPreflightRuns;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.ContextChoice;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-running preflight on one node and cordoning another from their details, on the sandbox with
 * its simulated validation runner (fast timing).
 */
@ExtendWith(ApplicationExtension.class)
class NodeActionsSandboxTest {

    private SandboxCluster sandbox;
    private SessionController sessions;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        sandbox = SandboxCluster.startQuiet(64);
        sandbox.preflightRuns().use(SandboxPreflightRuns.Timing.FAST);
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        sessions = new SessionController(t -> ClusterSession.open(new ConnectionTarget.RunningSandbox(sandbox),
                SessionOptions.DEFAULTS), nodes);
        window = new MainWindow(sessions, nodes, List.of(ContextChoice.sandbox(64)), Clock.systemUTC());
        stage.setScene(window.createScene(1400, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Sandbox(64));
    }

    @Stop
    void stop() {
        window.stop();
        sessions.close();
        sandbox.close();
    }

    private static String text(FxRobot robot, String query) {
        String t = robot.lookup(query).queryAs(Label.class).getText();
        return t == null ? "" : t;
    }

    private void openNode(FxRobot robot, String node) throws Exception {
        javafx.scene.control.TableView<?> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() >= 64, "the sandbox's nodes on screen");
        robot.interact(() -> window.openNode(node));
        FxWait.until(() -> text(robot, "#details-title").equals(node), "the node's details");
        FxWait.until(() -> !robot.lookup("#node-preflight").queryButton().isDisabled(), "permissions checked");
    }

    @Test
    void aGatedNodePassesPreflightFromItsDetails(FxRobot robot) throws Exception {
        openNode(robot, "gpu-node-030");
        robot.clickOn("#node-preflight");
        FxWait.until(() -> robot.lookup("#preflight-summary").tryQuery().isPresent(), "the plan");
        assertTrue(text(robot, "#preflight-summary").startsWith("re-preflight gpu-node-030: would gate it"),
                text(robot, "#preflight-summary"));
        Screenshots.write(robot.lookup("#preflight-go").query().getScene(), "preflight-plan");
        robot.clickOn("#preflight-go");
        FxWait.until(() -> robot.lookup("#preflight-outcome").tryQuery().isPresent(), "the run to end");
        assertTrue(text(robot, "#preflight-outcome").startsWith("gpu-node-030 passed preflight: "), text(robot, "#preflight-outcome"));
        robot.clickOn("#preflight-close");
    }

    @Test
    void aNodeIsCordonedWithItsReason(FxRobot robot) throws Exception {
        openNode(robot, "gpu-node-040");
        robot.clickOn("#node-cordon");
        FxWait.until(() -> robot.lookup("#cordon-reason").tryQuery().isPresent(), "the cordon dialog");
        assertTrue(robot.lookup("#cordon-go").queryButton().isDisabled(), "a cordon needs a reason");
        robot.clickOn("#cordon-reason").write("NVLink flaps on GPU 3");
        robot.clickOn("#cordon-go");
        FxWait.until(() -> robot.lookup("#cordon-outcome").tryQuery().isPresent(), "the cordon");
        assertTrue(text(robot, "#cordon-outcome").startsWith("gpu-node-040 cordoned: NVLink flaps on GPU 3"), text(robot, "#cordon-outcome"));
        var n = sandbox.store().get("nodes", null, "gpu-node-040");
        assertTrue(n.at("/spec/unschedulable").asBoolean());
        assertTrue(n.at("/metadata/annotations/flightdeck.dev~1cordon-reason").asText().equals("NVLink flaps on GPU 3"));
    }
}

