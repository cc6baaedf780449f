package dev.flightdeck.views.keys;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The window's content with room above it for one card at a time (the command palette, the key list): the card
 * sits near the top over a dimmed window, Escape or a click beside it closes it, and focus goes back to where it
 * was. In the window's own scene rather than a popup window, so it is in a screenshot of the window and takes
 * the keyboard the same way on every platform.
 */
public final class OverlayLayer extends StackPane {

    private StackPane scrim;
    private Node focusBefore;
    private Runnable onHide = () -> { };

    public OverlayLayer(Node content) {
        getChildren().add(content);
        getStyleClass().add("overlay-layer");
    }

    /** Shows {@code card} (replacing any card shown); {@code onHide} runs when it closes, however it closes. */
    public void show(Region card, String id, Runnable onHide) {
        hide();
        focusBefore = getScene() == null ? null : getScene().getFocusOwner();
        card.setMaxWidth(Region.USE_PREF_SIZE);
        card.setMaxHeight(Region.USE_PREF_SIZE);
        // The dimming is a layer of its own: a translucent background on the card's parent would show through it.
        Region backdrop = new Region();
        backdrop.getStyleClass().add("overlay-backdrop");
        scrim = new StackPane(backdrop, card);
        scrim.setId(id + "-scrim");
        scrim.getStyleClass().add("overlay-scrim");
        StackPane.setAlignment(card, Pos.TOP_CENTER);
        StackPane.setMargin(card, new Insets(72, 24, 24, 24));
        backdrop.setOnMouseClicked(e -> hide());
        scrim.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                hide();
                e.consume();
            }
        });
        this.onHide = onHide;
        getChildren().add(scrim);
    }

    public boolean showing() {
        return scrim != null;
    }

    /** Whether the card shown is the one with {@code id}. */
    public boolean showing(String id) {
        return scrim != null && (id + "-scrim").equals(scrim.getId());
    }

    /**
     * Closes the card, if one shows. Focus goes back to what had it before, unless something outside the card
     * took it meanwhile (what was chosen in the palette: its table).
     */
    public void hide() {
        if (scrim == null) {
            return;
        }
        boolean cardHadFocus = getScene() == null || within(getScene().getFocusOwner(), scrim);
        getChildren().remove(scrim);
        scrim = null;
        Runnable then = onHide;
        onHide = () -> { };
        then.run();
        if (cardHadFocus && focusBefore != null && focusBefore.getScene() == getScene()) {
            focusBefore.requestFocus();
        }
        focusBefore = null;
    }

    private static boolean within(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return node == null;
    }
}
