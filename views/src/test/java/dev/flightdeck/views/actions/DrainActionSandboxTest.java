package dev.flightdeck.views.actions;

import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Draining a node from its details on the sandbox: the plan names the gang it breaks with its
 * GPU-hours, asks for the emptyDir consent kubectl would want, will not start until a reason is
 * given and the node's name typed, then runs with progress to "drained", the node cordoned and the
 * run in the journal. A permission the sandbox's simulated authorization denies disables the
 * button with the missing rule named.
 */
class DrainActionSandboxTest extends SandboxScreenTest {

    private void openNode(FxRobot robot, String node) throws Exception {
        shown.openNode(robot, node);
        FxWait.until(() -> robot.lookup("#node-drain").tryQuery().isPresent(), "the node's actions");
    }

    @Test
    void aDrainIsPlannedConfirmedByNameRunAndJournaled(FxRobot robot) throws Exception {
        openNode(robot, "gpu-node-049");
        FxWait.until(() -> !robot.lookup("#node-drain").queryButton().isDisabled(), "permissions checked");
        robot.clickOn("#node-drain");
        FxWait.until(() -> robot.lookup("#drain-summary").tryQuery().isPresent(), "the plan");
        assertTrue(text(robot, "#drain-summary").startsWith("drain gpu-node-049: REFUSED before evicting anything"),
                text(robot, "#drain-summary"));
        robot.clickOn("#drain-consent-emptydir");
        FxWait.until(() -> text(robot, "#drain-summary").startsWith("drain gpu-node-049: would cordon it and evict"),
                "the plan with consent");
        assertTrue(text(robot, "#drain-gang-eval-sweep").contains("GPU-hours"), text(robot, "#drain-gang-eval-sweep"));
        Button go = robot.lookup("#drain-go").queryButton();
        robot.clickOn("#drain-reason").write("Xid 48 on GPU 2");
        assertTrue(go.isDisabled(), "a gang breaks: the node's name must be typed");
        robot.clickOn("#drain-confirm").write("gpu-node-04");
        assertTrue(go.isDisabled(), "not the name yet");
        robot.write("9");
        FxWait.until(() -> !go.isDisabled(), "enabled once the name is typed");
        Window dialog = go.getScene().getWindow();
        Path shot = Screenshots.write(dialog.getScene(), "drain-plan");
        assertTrue(Files.size(shot) > 20_000);

        robot.clickOn("#drain-go");
        FxWait.until(() -> robot.lookup("#drain-outcome").tryQuery().isPresent()
                && text(robot, "#drain-outcome").startsWith("gpu-node-049 drained: "), "the drain to finish");
        Screenshots.write(dialog.getScene(), "drain-done");
        assertTrue(sandbox.store().get("nodes", null, "gpu-node-049").at("/spec/unschedulable").asBoolean());

        Journal journal = new Journal(AppDirectories.standard().data().resolve("journal"));
        List<JournalEntry> entries = journal.read(Instant.now().minusSeconds(300), Instant.now().plusSeconds(1),
                e -> e.target().equals("node/gpu-node-049") && e.action().equals("drain")).entries();
        assertTrue(entries.stream().anyMatch(e -> e.phase().equals("confirm") && e.message().contains("Xid 48 on GPU 2")));
        assertEquals("outcome", entries.getLast().phase());
        robot.clickOn("#drain-close");

        // The node's journal link shows what was done to it, newest first.
        // The details pane is rebuilt as the drain's changes arrive (the node turned cordoned), so the link is
        // found and pressed in one step on the FX thread, never a button that was just replaced.
        robot.interact(() -> robot.lookup("#node-journal").queryAs(javafx.scene.control.ButtonBase.class).fire());
        FxWait.until(() -> robot.lookup("#journal-table").tryQuery().isPresent(), "the journal screen");
        javafx.scene.control.TableView<?> journalTable = robot.lookup("#journal-table").queryTableView();
        FxWait.until(() -> !journalTable.getItems().isEmpty()
                && journalTable.getItems().getFirst().toString().contains("gpu-node-049 drained"), "the drain in the journal");
        Screenshots.write(window.getScene(), "journal-after-drain");
    }

    @Test
    void twoSelectedNodesAreDrainedOneAfterTheOtherUnderTheBreaker(FxRobot robot) throws Exception {
        openNode(robot, "gpu-node-045");
        javafx.scene.control.TableView<dev.flightdeck.views.nodes.NodeRow> table =
                robot.lookup("#node-table").<dev.flightdeck.views.nodes.NodeRow>queryTableView();
        robot.interact(() -> table.getItems().stream().filter(r -> r.name().equals("gpu-node-046")).findFirst()
                .ifPresent(r -> table.getSelectionModel().select(r)));
        FxWait.until(() -> robot.lookup("#drain-selected").tryQuery().map(n -> n.isVisible() && !n.isDisabled()).orElse(false),
                "the Drain 2 selected button");
        robot.clickOn("#drain-selected");
        FxWait.until(() -> robot.lookup("#many-breaker").tryQuery().isPresent(), "the plans");
        assertTrue(text(robot, "#many-breaker").contains("after this drain"), text(robot, "#many-breaker"));
        robot.clickOn("#many-consent-emptydir");
        FxWait.until(() -> text(robot, "#many-status-gpu-node-045").startsWith("drain gpu-node-045: would cordon it"),
                "the plans with consent");
        assertTrue(text(robot, "#many-gangs").contains("training/rlhf-actor"), text(robot, "#many-gangs"));
        robot.clickOn("#many-reason").write("rack 7 power work");
        robot.clickOn("#many-confirm").write("2");
        Screenshots.write(robot.lookup("#many-go").query().getScene(), "drain-many");
        robot.clickOn("#many-go");
        FxWait.until(() -> robot.lookup("#many-close").tryQuery().isPresent()
                && text(robot, "#many-status-gpu-node-046").startsWith("gpu-node-046 drained"), "both drains");
        assertTrue(text(robot, "#many-status-gpu-node-045").startsWith("gpu-node-045 drained"));
        assertTrue(sandbox.store().get("nodes", null, "gpu-node-046").at("/spec/unschedulable").asBoolean());
        robot.clickOn("#many-close");
    }

    @Test
    void aDeniedEvictionDisablesDrainWithTheRuleNamed(FxRobot robot) throws Exception {
        sandbox.rbac().deny("create", "", "pods/eviction");
        // Permissions are asked when a session attaches (and cached a minute): reconnect so they are asked again.
        robot.interact(sessions::retry);
        openNode(robot, "gpu-node-040");
        FxWait.until(() -> text(robot, "#node-actions-why").startsWith("not allowed to create pods/eviction"),
                "the reason beside the buttons");
        Node drain = robot.lookup("#node-drain").query();
        assertTrue(drain.isDisabled());
        assertTrue(!robot.lookup("#node-cordon").queryButton().isDisabled(), "cordoning is still allowed");
    }
}
