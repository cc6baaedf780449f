package dev.flightdeck.views.gangs;

import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/** "Colour: [state] [GPU utilisation]" above the rank map: one of the two always chosen. */
final class RankColourToggle {

    private RankColourToggle() {
    }

    static HBox of(RankColourViewModel colours) {
        ToggleGroup group = new ToggleGroup();
        HBox box = new HBox(0);
        box.setId("rank-colouring");
        box.getStyleClass().add("rank-colouring");
        Label caption = new Label("Colour:");
        caption.setMinWidth(Region.USE_PREF_SIZE);
        caption.setPadding(new javafx.geometry.Insets(0, 6, 0, 0));
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        box.getChildren().add(caption);
        for (RankColouring c : RankColouring.values()) {
            ToggleButton b = new ToggleButton(c.label());
            b.setId(c == RankColouring.STATE ? "rank-colour-state" : "rank-colour-utilisation");
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setToggleGroup(group);
            b.setUserData(c);
            b.setTooltip(new Tooltip(c == RankColouring.STATE
                    ? "Each rank's state, by colour and shape"
                    : "Each rank's GPUs' mean utilisation from GPU telemetry (DCGM): dark is idle, yellow is busy"));
            b.setSelected(colours.modeProperty().get() == c);
            box.getChildren().add(b);
        }
        group.selectedToggleProperty().addListener((o, old, now) -> {
            if (now == null) {
                old.setSelected(true); // a click on the chosen one keeps it chosen
            } else {
                colours.modeProperty().set((RankColouring) now.getUserData());
            }
        });
        colours.modeProperty().addListener((o, a, mode) -> group.getToggles().forEach(t -> t.setSelected(t.getUserData() == mode)));
        return box;
    }
}
