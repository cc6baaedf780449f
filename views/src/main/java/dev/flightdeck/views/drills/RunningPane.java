package dev.flightdeck.views.drills;

import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The drill while it runs: the brief again, the clock, and how to end it. */
final class RunningPane extends VBox {

    private final Label brief = new Label();

    RunningPane(DrillsViewModel vm) {
        setId("drill-running");
        getStyleClass().add(Styles.PANEL);
        setSpacing(10);
        Label title = new Label("Drill under way");
        title.getStyleClass().add(Styles.DETAILS_TITLE);
        Label clock = new Label();
        clock.setId("drill-running-clock");
        clock.getStyleClass().add("drill-clock");
        clock.textProperty().bind(vm.clockProperty());
        brief.setWrapText(true);
        brief.getStyleClass().add("drill-brief-text");
        Label how = new Label("The Nodes, Gangs, Pressure and Journal screens now show the drill's cluster. Find what"
                + " is wrong, act on it as you would on call, and end the drill when you are done; it ends by itself"
                + " when every fault is recovered or the limit passes.");
        how.setWrapText(true);
        how.getStyleClass().add(Styles.MUTED);
        Button end = new Button("End drill");
        end.setId("end-drill");
        end.setOnAction(e -> vm.end());
        Button abort = new Button("Abort");
        abort.setId("abort-drill");
        abort.setOnAction(e -> vm.abort());
        getChildren().addAll(title, clock, brief, how, new HBox(10, end, abort));
        vm.phaseProperty().addListener((o, old, now) -> {
            if (now == DrillsViewModel.Phase.RUNNING && vm.runningScenario() != null) {
                brief.setText(vm.runningScenario().brief().strip());
            }
        });
    }
}
