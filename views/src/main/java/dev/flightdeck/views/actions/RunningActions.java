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

    /**
     * Before the console quits: none running, or the person agrees that quitting stops them where they
     * are (a drain half-done leaves its node cordoned; the journal keeps what was done). True to quit.
     */
    public static boolean mayQuit(javafx.stage.Window owner) {
        if (RUNNING.isEmpty()) {
            return true;
        }
        javafx.scene.control.ButtonType keep = new javafx.scene.control.ButtonType("Keep running",
                javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE);
        javafx.scene.control.ButtonType quit = new javafx.scene.control.ButtonType("Quit anyway",
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        String what = String.join(", ", RUNNING.stream().map(Running::what).toList());
        javafx.scene.control.Alert ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.WARNING,
                "Quitting stops " + what + " where it is: a drain leaves its node cordoned with the pods not yet "
                        + "evicted, a preflight leaves its node gated, a resume may leave its workload deleted (the "
                        + "journal holds it, for flightdeck journal restore). Wait for the outcome instead?", keep, quit);
        ask.initOwner(owner);
        ask.setTitle("Actions still running");
        ask.setHeaderText(RUNNING.size() == 1 ? "1 action is still running" : RUNNING.size() + " actions are still running");
        ask.getDialogPane().setId("quit-while-running");
        ((javafx.scene.control.Button) ask.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        ((javafx.scene.control.Button) ask.getDialogPane().lookupButton(quit)).setDefaultButton(false);
        return ask.showAndWait().filter(quit::equals).isPresent();
    }

    static boolean isRunning(Stage window) {
        return RUNNING.stream().anyMatch(r -> r.window() == window);
    }
}
