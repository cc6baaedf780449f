package dev.flightdeck.views.shell;

import dev.flightdeck.views.FxWait;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.ProblemKind;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Switching context through the switcher: the old cluster leaves the screen, a
 * connection problem appears as its one-line message in a banner (not a stack trace),
 * and switching back to the sandbox fills the screen again.
 */
@ExtendWith(ApplicationExtension.class)
class ContextSwitchTest {

    private static final String REFUSED = "cannot reach https://10.0.0.1:6443 (context prod-eu): connection refused";

    private SessionController sessions;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        SessionController.Opener opener = target -> switch (target) {
            case ConnectionTarget.Sandbox s -> SessionController.DEFAULT_OPENER.open(s);
            case ConnectionTarget.Context c when c.name().equals("prod-eu") ->
                    throw new ConnectionProblem(ProblemKind.UNREACHABLE, REFUSED);
            default -> throw new IllegalStateException("exec plugin crashed\n\tat some.Frame(Plugin.java:1)");
        };
        sessions = new SessionController(opener, nodes);
        List<ContextChoice> choices = List.of(
                new ContextChoice("prod-eu", new ConnectionTarget.Context(null, "prod-eu")),
                new ContextChoice("lab", new ConnectionTarget.Context(null, "lab")),
                ContextChoice.sandbox(16));
        window = new MainWindow(sessions, nodes, choices, Clock.systemUTC());
        stage.setScene(window.createScene(1000, 700));
        stage.setX(0); // the headless screen is 1000x1000; keep the window where the robot can click
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Sandbox(16));
    }

    @Stop
    void stop() {
        window.stop();
        sessions.close();
    }

    @Test
    void switchingShowsProblemsInWordsAndComesBack(FxRobot robot) throws Exception {
        TableView<NodeRow> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 16, "the sandbox to fill the table");
        assertEquals("Sandbox (16 simulated GPU nodes)", robot.lookup("#context-switcher")
                .queryComboBox().getValue().toString(), "the switcher shows where we are");

        robot.clickOn("#context-switcher").clickOn("prod-eu");
        FxWait.until(() -> robot.lookup("#problem-banner").query().isVisible(), "the problem banner");
        assertEquals(REFUSED, robot.lookup("#problem-banner-text").queryAs(Label.class).getText());
        assertEquals(0, table.getItems().size(), "the old cluster's nodes are gone");
        assertFalse(robot.lookup("#sandbox-badge").query().isVisible(), "no sandbox badge on a real context");
        assertFalse(robot.lookup("#connecting").query().isVisible());
        assertTrue(robot.lookup("#connection-status").queryLabeled().getText().startsWith("not connected"));

        robot.clickOn("#context-switcher").clickOn("lab");
        FxWait.until(() -> robot.lookup("#problem-banner-text").queryAs(Label.class).getText().startsWith("cannot connect"),
                "the unexpected failure to be reported");
        String text = robot.lookup("#problem-banner-text").queryAs(Label.class).getText();
        assertEquals("cannot connect to lab: exec plugin crashed", text, "one line, no stack frames");

        robot.clickOn("#context-switcher").clickOn("Sandbox (16 simulated GPU nodes)");
        FxWait.until(() -> table.getItems().size() == 16, "the sandbox to fill the table again");
        assertFalse(robot.lookup("#problem-banner").query().isVisible(), "the banner goes away");
        assertTrue(robot.lookup("#sandbox-badge").query().isVisible());
    }

}
