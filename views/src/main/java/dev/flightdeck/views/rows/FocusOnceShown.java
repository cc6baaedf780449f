package dev.flightdeck.views.rows;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;

/**
 * Keyboard focus for a control that may not be in the window yet: a screen built a moment ago holds its table in
 * a split pane, which puts it in the scene only at the first layout, and a focus asked for before then is lost
 * (the window's first control gets it instead).
 */
public final class FocusOnceShown {

    private FocusOnceShown() {
    }

    public static void request(Node node) {
        if (node.getScene() != null) {
            node.requestFocus();
            return;
        }
        node.sceneProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Scene> o, Scene old, Scene now) {
                if (now != null) {
                    node.sceneProperty().removeListener(this);
                    node.requestFocus();
                }
            }
        });
    }
}
