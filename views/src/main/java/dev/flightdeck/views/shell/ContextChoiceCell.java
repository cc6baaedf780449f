package dev.flightdeck.views.shell;

import dev.flightdeck.views.theme.TlsOffBadge;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ListCell;

/**
 * A context in the switcher (its list and its button): the context's name, and after it the
 * "TLS verification off (kubeconfig)" badge when its kubeconfig entry says so — seen before
 * switching to it, not only once connected.
 */
final class ContextChoiceCell extends ListCell<ContextChoice> {

    private final String where;

    /** {@code where} tells the list's cells from the button's in ids ("list", "button"). */
    ContextChoiceCell(String where) {
        this.where = where;
        setContentDisplay(ContentDisplay.RIGHT);
        setGraphicTextGap(8);
    }

    @Override
    protected void updateItem(ContextChoice c, boolean empty) {
        super.updateItem(c, empty);
        if (empty || c == null) {
            setText(null);
            setGraphic(null);
            return;
        }
        setText(c.label());
        setGraphic(c.tlsVerificationOff() ? TlsOffBadge.create("context-tls-off-" + where + "-" + c.target().displayName()) : null);
    }
}
