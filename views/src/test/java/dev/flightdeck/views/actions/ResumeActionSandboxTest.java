package dev.flightdeck.views.actions;

import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;


import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resuming the sandbox's halted gang from the Gangs screen: the plan shows the diff adding
 * RESUME_FROM, the button waits for the gang's name, and the run ends resumed with the new Job's
 * pods carrying the checkpoint (the sandbox simulates the Job controller and garbage collector).
 */
class ResumeActionSandboxTest extends SandboxScreenTest {

    @Test
    void theHaltedGangIsResumedFromItsCheckpoint(FxRobot robot) throws Exception {
        robot.clickOn("#nav-gangs");
        FxWait.until(() -> sessions.gangs().allRows().stream().anyMatch(r -> r.key().toString().equals("training/rlhf-actor")),
                "the sandbox gangs");
        robot.interact(() -> sessions.gangs().select(sessions.gangs().allRows().stream()
                .filter(r -> r.key().toString().equals("training/rlhf-actor")).findFirst().orElseThrow().key()));
        FxWait.until(() -> robot.lookup("#gang-resume").tryQuery().map(n -> n.isVisible() && !n.isDisabled()).orElse(false),
                "the resume button of the halted gang");
        robot.clickOn("#gang-resume");
        FxWait.until(() -> robot.lookup("#resume-diff").tryQuery().isPresent(), "the plan");
        assertTrue(text(robot, "#resume-summary").startsWith("resume training/rlhf-actor (Job, halted"), text(robot, "#resume-summary"));
        assertTrue(robot.lookup("#resume-diff").queryAs(TextArea.class).getText().contains("+        - name: RESUME_FROM"));
        Button go = robot.lookup("#resume-go").queryButton();
        assertTrue(go.isDisabled());
        robot.clickOn("#resume-confirm").write("rlhf-actor");
        FxWait.until(() -> !go.isDisabled(), "enabled by the gang's name");
        Screenshots.write(go.getScene(), "resume-plan");
        robot.clickOn("#resume-go");
        FxWait.until(() -> robot.lookup("#resume-outcome").tryQuery().isPresent(), "the resume to end");
        assertTrue(text(robot, "#resume-outcome").startsWith("resumed training/rlhf-actor"), text(robot, "#resume-outcome"));
        assertTrue(sandbox.store().list("pods", "training", l -> "rlhf-actor".equals(l.get("batch.kubernetes.io/job-name")))
                .stream().allMatch(p -> p.toString().contains("RESUME_FROM")), "every new rank carries the checkpoint");
        robot.clickOn("#resume-close");
    }
}
