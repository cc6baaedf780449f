package dev.flightdeck.views.shell;

import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Scene;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * How fast the console starts, as a user sees it: the first frame, and the first frame
 * that shows live data (node rows), each counted from when the process started (the
 * launcher included). Off unless {@code FLIGHTDECK_STARTUP_REPORT=1}: it then prints one
 * line to stderr, and with {@code FLIGHTDECK_EXIT_AFTER_LIVE=1} quits once live data is
 * shown — for the startup benchmark and the AOT cache's training run.
 */
final class StartupReport {

    private final Instant processStart;
    private final boolean exitAfterLive;
    private Duration firstFrame;
    private boolean rowsSeen;
    private boolean done;

    private StartupReport(Instant processStart, boolean exitAfterLive) {
        this.processStart = processStart;
        this.exitAfterLive = exitAfterLive;
    }

    /** FX thread, right after the stage is shown. Does nothing unless asked for by the environment. */
    static void watch(Map<String, String> env, Scene scene, ObservableList<?> nodeRows) {
        if (!"1".equals(env.get("FLIGHTDECK_STARTUP_REPORT"))) {
            return;
        }
        Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
        StartupReport r = new StartupReport(start, "1".equals(env.get("FLIGHTDECK_EXIT_AFTER_LIVE")));
        nodeRows.addListener((ListChangeListener<Object>) c -> r.rowsSeen = r.rowsSeen || !nodeRows.isEmpty());
        scene.addPostLayoutPulseListener(() -> r.pulse(scene));
    }

    private void pulse(Scene scene) {
        if (done) {
            return;
        }
        Duration since = Duration.between(processStart, Instant.now());
        if (firstFrame == null) {
            firstFrame = since;
        }
        if (rowsSeen) {
            done = true;
            System.err.printf("flightdeck: startup: first frame %d ms, first live data %d ms after the process started%n",
                    firstFrame.toMillis(), since.toMillis());
            if (exitAfterLive) {
                Platform.runLater(() -> scene.getWindow().hide());
                Platform.runLater(Platform::exit);
            }
        }
    }
}
