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
 * Re-running preflight on one node and cordoning another from their details, on the sandbox with
 * its simulated validation runner (fast timing).
 */
class NodeActionsSandboxTest extends SandboxScreenTest {

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64, SessionOptions.DEFAULTS, 1400, 900,
                s -> s.preflightRuns().use(SandboxPreflightRuns.Timing.FAST));
    }

    private void openNode(FxRobot robot, String node) throws Exception {
        shown.openNode(robot, node);
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
    void closingARunningPreflightAsksAndTheStatusBarBringsItBack(FxRobot robot) throws Exception {
        sandbox.preflightRuns().use(new SandboxPreflightRuns.Timing(java.time.Duration.ofMillis(300),
                java.time.Duration.ofSeconds(8), java.time.Duration.ofMillis(500)));
        openNode(robot, "gpu-node-030");
        robot.clickOn("#node-preflight");
        // Present is not enough: the button is enabled once the plan is read, and a click before that does nothing.
        FxWait.until(() -> robot.lookup("#preflight-go").tryQuery().map(n -> !n.isDisabled()).orElse(false), "the plan");
        javafx.stage.Window dialog = robot.lookup("#preflight-go").query().getScene().getWindow();
        robot.clickOn("#preflight-go");
        FxWait.until(() -> RunningActions.list().size() == 1, "the run listed as running");
        FxWait.until(() -> robot.lookup("#status-running").tryQuery().map(javafx.scene.Node::isVisible).orElse(false),
                "the status bar's running actions");
        String running = robot.lookup("#status-running").queryAs(javafx.scene.control.MenuButton.class).getText();
        assertTrue(running.equals("1 action running"), running);

        // The window's close button: asked first (the run goes on either way), then only hidden.
        javafx.application.Platform.runLater(() -> dialog.fireEvent(
                new javafx.stage.WindowEvent(dialog, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST)));
        FxWait.until(() -> robot.lookup("#still-running-close").tryQuery().isPresent(), "the question");
        Screenshots.write(robot.lookup("#still-running-close").query().getScene(), "action-still-running");
        robot.clickOn("#still-running-close");
        FxWait.until(() -> !dialog.isShowing(), "the window closed");
        assertTrue(RunningActions.list().size() == 1, "the preflight goes on without its window");
        Screenshots.write(window.getScene(), "status-bar-action-running");

        // The status bar brings the window back, and it ends there.
        robot.clickOn("#status-running");
        robot.clickOn("preflight gpu-node-030");
        FxWait.until(dialog::isShowing, "the window back");
        FxWait.until(() -> robot.lookup("#preflight-outcome").tryQuery().isPresent(), "the run to end");
        assertTrue(text(robot, "#preflight-outcome").startsWith("gpu-node-030 passed preflight: "), text(robot, "#preflight-outcome"));
        FxWait.until(() -> RunningActions.list().isEmpty() && !robot.lookup("#status-running").query().isVisible(),
                "no longer listed as running");
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

