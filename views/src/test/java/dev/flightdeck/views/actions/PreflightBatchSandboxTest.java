package dev.flightdeck.views.actions;

import dev.flightdeck.sandbox.SandboxPreflightRuns;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.Screenshots;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;


import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-running preflight on every gated node of the sandbox at once, from the Nodes screen: one
 * status line per node to its result, with the sandbox's simulated validation runner (fast timing).
 */
class PreflightBatchSandboxTest extends SandboxScreenTest {

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64, SessionOptions.DEFAULTS, 1400, 900,
                s -> s.preflightRuns().use(SandboxPreflightRuns.Timing.FAST));
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
