package dev.flightdeck.views.actions;

import dev.flightdeck.app.sandbox.SandboxCluster;
import dev.flightdeck.app.sandbox.SandboxPreflightRuns;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxWindow;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;


import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-running preflight on every gated node of the sandbox at once, from the Nodes screen: one
 * status line per node to its result, with the sandbox's simulated validation runner (fast timing).
 */
@ExtendWith(ApplicationExtension.class)
class PreflightBatchSandboxTest {

    private SandboxWindow shown;
    private SandboxCluster sandbox;
    private SessionController sessions;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        shown = SandboxWindow.show(stage, 64, SessionOptions.DEFAULTS, 1400, 900,
                s -> s.preflightRuns().use(SandboxPreflightRuns.Timing.FAST));
        sandbox = shown.sandbox;
        sessions = shown.sessions;
        window = shown.window;
    }

    @Stop
    void stop() {
        shown.close();
    }

    private static String text(FxRobot robot, String query) {
        return SandboxWindow.text(robot, query);
    }

    @Test
    void everyGatedNodeRunsAndEndsWithItsResult(FxRobot robot) throws Exception {
        javafx.scene.control.TableView<?> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() >= 64, "the sandbox's nodes on screen");
        FxWait.until(() -> !robot.lookup("#batch-preflight").queryButton().isDisabled(), "permissions checked");
        robot.clickOn("#batch-preflight");
        FxWait.until(() -> robot.lookup("#batch-pick-gpu-node-030").tryQuery().isPresent()
                && robot.lookup("#batch-pick-gpu-node-031").tryQuery().isPresent(), "the gated nodes listed");
        robot.clickOn("#batch-go");
        FxWait.until(() -> robot.lookup("#batch-close").tryQuery().isPresent()
                && !text(robot, "#batch-status-gpu-node-031").startsWith("CUDA"), "both runs to end");
        assertTrue(text(robot, "#batch-status-gpu-node-030").startsWith("gpu-node-030 passed preflight: "),
                text(robot, "#batch-status-gpu-node-030"));
        Screenshots.write(robot.lookup("#batch-close").query().getScene(), "preflight-batch");
        assertTrue(sandbox.store().get("nodes", null, "gpu-node-030").path("spec").path("taints").toString()
                .indexOf("flightdeck.dev/preflight") < 0, "the gate is lifted from the node that passed");
    }
}
