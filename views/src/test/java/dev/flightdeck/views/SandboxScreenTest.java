package dev.flightdeck.views;

import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

import java.util.concurrent.TimeoutException;

/**
 * A screen test on the whole console connected to its own sandbox, a fresh one for each test: the
 * window opens before each test and closes, with its sandbox, after it. A test class says how its
 * sandbox and window are made by overriding {@link #show}.
 */
@ExtendWith(ApplicationExtension.class)
public abstract class SandboxScreenTest {

    protected ConsoleWindow shown;
    protected SandboxCluster sandbox;
    protected SessionController sessions;
    protected MainWindow window;

    /** The window this class's tests run on: by default the console on a 64-node sandbox. */
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64);
    }

    // JUnit's @BeforeEach and @AfterEach, not TestFX's @Start and @Stop: TestFX looks for those on the test
    // class itself only. The ApplicationExtension has registered the primary stage by the time this runs.
    @BeforeEach
    void openWindow() throws TimeoutException {
        FxToolkit.setupStage(stage -> {
            shown = show(stage);
            sandbox = shown.sandbox;
            sessions = shown.sessions;
            window = shown.window;
        });
    }

    @AfterEach
    void closeWindow() throws TimeoutException {
        if (shown != null) {
            FxToolkit.setupFixture(shown::close); // on the FX thread, as TestFX's @Stop would run it
        }
    }

    protected static String text(FxRobot robot, String query) {
        return ConsoleWindow.text(robot, query);
    }
}
