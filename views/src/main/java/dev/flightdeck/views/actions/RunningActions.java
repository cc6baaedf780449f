package dev.flightdeck.views.actions;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.stage.Stage;

/**
 * The action windows whose run is under way. Closing such a window does not stop its drain,
 * preflight or resume (the cluster would be left half-way, and the outcome still has to be
 * journaled), so the window is only hidden and stays here — and in the status bar, which brings
 * it back — until its run ends. FX thread only.
 */
public final class RunningActions {

    /** One run: its window and what it does, e.g. "drain gpu-node-003". */
    public record Running(Stage window, String what) {
        /** Shows the window again, in front. */
        public void bringBack() {
            window.show();
            window.toFront();
        }
    }

    private static final ObservableList<Running> RUNNING = FXCollections.observableArrayList();
    private static final ObservableList<Running> READ_ONLY = FXCollections.unmodifiableObservableList(RUNNING);

    private RunningActions() {
    }

    public static ObservableList<Running> list() {
        return READ_ONLY;
    }

    static void started(Stage window, String what) {
        RUNNING.add(new Running(window, what));
    }

    static void ended(Stage window) {
        RUNNING.removeIf(r -> r.window() == window);
    }

    static boolean isRunning(Stage window) {
        return RUNNING.stream().anyMatch(r -> r.window() == window);
    }
}
