package dev.flightdeck.views.shell;

import dev.flightdeck.app.about.BuildInfo;
import dev.flightdeck.app.about.License;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import javafx.stage.Window;
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
 * The title says which build this is on hover, and a click opens About with the same facts as --version,
 * the license included: its name in the grid, its full text one click away.
 */
@ExtendWith(ApplicationExtension.class)
class AboutDialogTest {

    private SessionController sessions;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        sessions = new SessionController(SessionController.DEFAULT_OPENER, nodes);
        window = new MainWindow(sessions, nodes, List.of(), Clock.systemUTC());
        stage.setScene(window.createScene(1000, 700));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Stop
    void stop() {
        window.stop();
        sessions.close();
    }

    @Test
    void theTitleOpensAboutWithTheBuildAndTheRuntime(FxRobot robot) throws Exception {
        assertTrue(robot.lookup("#app-title").queryLabeled().getTooltip().getText().startsWith(BuildInfo.current().line()));
        robot.clickOn("#app-title");
        FxWait.until(() -> robot.lookup("#about-dialog").tryQuery().isPresent(), "the About dialog");
        assertEquals(BuildInfo.current().version(), robot.lookup("#about-version").queryLabeled().getText());
        assertEquals(BuildInfo.current().commit(), robot.lookup("#about-commit").queryLabeled().getText());
        assertEquals(BuildInfo.runtime(), robot.lookup("#about-runtime").queryLabeled().getText());
        assertEquals(JavafxVersion.line(), robot.lookup("#about-ui-toolkit").queryLabeled().getText());
        assertTrue(JavafxVersion.line().matches("JavaFX \\d+.*"), JavafxVersion.line());
        assertEquals("Apache License 2.0", robot.lookup("#about-license").queryLabeled().getText());
        Window about = robot.lookup("#about-dialog").query().getScene().getWindow();
        Screenshots.write(about.getScene(), "about");

        TextArea text = robot.lookup("#about-license-text").queryAs(TextArea.class);
        assertFalse(text.isVisible(), "the full text waits for a click");
        robot.clickOn("#about-license-button");
        FxWait.until(text::isVisible, "the license text");
        assertEquals(License.text(), text.getText());
        assertTrue(text.getText().contains("Apache License") && text.getText().contains("Version 2.0, January 2004"),
                "the Apache License 2.0 itself, not the stand-in line: " + text.getText().lines().findFirst().orElse(""));
        robot.clickOn("#about-close");
    }
}
