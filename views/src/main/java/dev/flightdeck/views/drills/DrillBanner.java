package dev.flightdeck.views.drills;

import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The strip under the top bar on every screen while a drill runs: which drill, its clock (ticking
 * once a second), and End / Abort. The cluster on screen is the drill's own sandbox meanwhile.
 */
public final class DrillBanner extends HBox {

    private final Timeline ticking;

    public DrillBanner(DrillsViewModel vm) {
        setId("drill-banner");
        getStyleClass().addAll(Styles.BANNER, "banner-drill");
        Label what = new Label();
        what.setId("drill-banner-text");
        what.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(what, Priority.ALWAYS);
        what.textProperty().bind(vm.clockProperty().map(c -> "DRILL · " + (vm.runningScenario() == null ? ""
                : vm.runningScenario().id()) + " · " + c + " · on its own sandbox; your cluster is untouched"));
        Button end = new Button("End drill");
        end.setId("drill-banner-end");
        end.setOnAction(e -> vm.end());
        Button abort = new Button("Abort");
        abort.setId("drill-banner-abort");
        abort.setOnAction(e -> vm.abort());
        getChildren().addAll(new FontIcon(Icons.DRILL), what, end, abort);
        visibleProperty().bind(vm.phaseProperty().isEqualTo(DrillsViewModel.Phase.RUNNING));
        managedProperty().bind(visibleProperty());
        ticking = new Timeline(new KeyFrame(Duration.seconds(1), e -> vm.tick()));
        ticking.setCycleCount(Timeline.INDEFINITE);
        visibleProperty().addListener((o, was, now) -> {
            if (now) {
                ticking.play();
            } else {
                ticking.stop();
            }
        });
    }

    public void stop() {
        ticking.stop();
    }
}
