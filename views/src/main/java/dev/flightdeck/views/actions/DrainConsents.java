package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.drain.DrainOptions;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;

import java.util.List;

/** kubectl drain's consents as check boxes; a change asks for a new plan. */
final class DrainConsents {

    private final CheckBox emptyDir = new CheckBox("Delete emptyDir data (it is lost with the pods; training ranks keep /dev/shm there)");
    private final CheckBox force = new CheckBox("Delete pods that no controller recreates (force)");

    /** @param idPrefix e.g. {@code drain} gives {@code drain-consent-emptydir} and {@code drain-consent-force} */
    DrainConsents(String idPrefix, Runnable replan) {
        emptyDir.setId(idPrefix + "-consent-emptydir");
        force.setId(idPrefix + "-consent-force");
        emptyDir.setOnAction(e -> replan.run());
        force.setOnAction(e -> replan.run());
    }

    DrainOptions options() {
        return DrainOptions.DEFAULTS.withConsent(emptyDir.isSelected(), force.isSelected());
    }

    /** Once a drain runs, its consents are what was confirmed: they can no longer change. */
    void lock() {
        emptyDir.setDisable(true);
        force.setDisable(true);
    }

    List<Node> nodes() {
        return List.of(emptyDir, force);
    }
}
