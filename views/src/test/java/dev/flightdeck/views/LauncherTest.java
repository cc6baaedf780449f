package dev.flightdeck.views;

import dev.flightdeck.app.launch.LaunchOptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher routes the command line without touching JavaFX unless the window is wanted. */
class LauncherTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<String[]> uiLaunches = new ArrayList<>();

    private int run(String... args) {
        return Launcher.run(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), uiLaunches::add);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpPrintsUsage() {
        assertEquals(0, run("--help"));
        assertEquals(LaunchOptions.USAGE + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
        assertTrue(uiLaunches.isEmpty());
    }

    @Test
    void aBadArgumentIsOneLineOnStderrAndExitCodeTwo() {
        assertEquals(2, run("--frobnicate"));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().startsWith("flightdeck: unknown argument '--frobnicate'"), err());
        assertTrue(uiLaunches.isEmpty());
    }

    @Test
    void checkRunsTheCheckCommandWithoutAWindow() {
        int code = run("check", "--kubeconfig", "/nonexistent/flightdeck-test-kubeconfig");
        assertEquals(3, code, err());
        assertTrue(err().contains("/nonexistent/flightdeck-test-kubeconfig"), err());
        assertTrue(uiLaunches.isEmpty());
    }

    @Test
    void noCommandStartsTheWindowWithTheArguments() {
        assertEquals(0, run("--sandbox-nodes", "8"));
        assertEquals(1, uiLaunches.size());
        assertEquals(List.of("--sandbox-nodes", "8"), List.of(uiLaunches.getFirst()));
    }

    @Test
    void aWindowToolkitThatCannotStartIsOneLineNotAStackTrace() {
        int code = Launcher.run(new String[]{"--sandbox"}, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), a -> {
                    throw new UnsupportedOperationException("Unable to load glass GTK library.");
                });
        assertEquals(Launcher.NO_WINDOW, code);
        assertEquals("flightdeck: cannot open the console window (Unable to load glass GTK library.); on Linux it needs"
                + " a display and GTK 3: apt-get install libgtk-3-0 libgl1 libxtst6. `flightdeck check` works without either."
                + System.lineSeparator(), err());
    }
}
