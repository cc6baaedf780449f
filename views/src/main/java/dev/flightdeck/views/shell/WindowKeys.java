package dev.flightdeck.views.shell;

import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.views.diagnose.Evidence;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/** The main window's keyboard shortcuts. */
final class WindowKeys {

    private WindowKeys() {
    }

    /**
     * Shortcut+F: the search of the screen shown; Shortcut+L: the cluster switcher; on a row, Y opens the YAML of what
     * it shows and L a gang's logs.
     */
    static void install(Scene scene, ScreenNav screens, SessionController sessions, NodesViewModel nodes,
                        Evidence evidence, Runnable focusSearch, Runnable focusSwitcher) {
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+F"), focusSearch);
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+L"), focusSwitcher);
        // Y on a row: the YAML of what it shows; L on a gang: its logs (k9s's keys), unless the person is typing.
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() || e.isAltDown() || scene.getFocusOwner() instanceof TextInputControl) {
                return;
            }
            var gang = sessions.gangs().selectedProperty().get();
            if (e.getCode() == KeyCode.L && screens.showing("gangs") && gang != null) {
                var rank = sessions.gangs().shownRankProperty().get();
                evidence.openLogs(gang.key(), rank == null ? -1 : rank.rank());
                e.consume();
                return;
            }
            if (e.getCode() != KeyCode.Y) {
                return;
            }
            if (screens.showing("nodes") && nodes.selectedProperty().get() != null) {
                evidence.openYaml(ObjectRef.node(nodes.selectedProperty().get().name()));
                e.consume();
            } else if (screens.showing("gangs") && sessions.gangs().selectedProperty().get() != null) {
                ObjectRef.gang(sessions.gangs().selectedProperty().get().key()).ifPresent(evidence::openYaml);
                e.consume();
            }
        });
    }
}
