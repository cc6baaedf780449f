package dev.flightdeck.views.drills;

import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * The Drills screen: the scenarios on the left (bundled, then the user's, a refused file with
 * why); on the right the selected one's brief and past results, the drill while it runs, or its
 * report once it has ended.
 */
public final class DrillsView extends SplitPane {

    public DrillsView(DrillsViewModel vm) {
        this(vm, null);
    }

    /** @param chooseFolder where to export a report (null: a folder dialog); returns null when cancelled */
    public DrillsView(DrillsViewModel vm, Function<Window, Path> chooseFolder) {
        setId("drills-view");
        ListView<ScenarioCatalog.Entry> list = new ListView<>(vm.scenarios());
        list.setId("drill-scenarios");
        list.setCellFactory(l -> new ScenarioCell());
        list.getSelectionModel().selectedItemProperty().addListener((o, old, now) -> {
            if (now != null) {
                vm.selectedProperty().set(now);
                vm.backToScenarios(); // picking another scenario from a report goes back to the briefs
            }
        });
        vm.selectedProperty().addListener((o, old, now) -> list.getSelectionModel().select(now));
        list.disableProperty().bind(vm.phaseProperty().isEqualTo(DrillsViewModel.Phase.STARTING)
                .or(vm.phaseProperty().isEqualTo(DrillsViewModel.Phase.RUNNING)));
        Label heading = new Label("Drills");
        heading.getStyleClass().add(Styles.SECTION_TITLE);
        VBox left = new VBox(6, heading, list);
        VBox.setVgrow(list, javafx.scene.layout.Priority.ALWAYS);
        left.setMinWidth(240);

        BriefPane brief = new BriefPane(vm);
        RunningPane running = new RunningPane(vm);
        ReportPane report = new ReportPane(vm, chooseFolder);
        StackPane right = new StackPane(brief, running, report);
        show(vm.phaseProperty().get(), brief, running, report);
        vm.phaseProperty().addListener((o, old, now) -> show(now, brief, running, report));
        getItems().addAll(left, right);
        setDividerPositions(0.24);
        vm.load();
    }

    private static void show(DrillsViewModel.Phase phase, Node brief, Node running, Node report) {
        brief.setVisible(phase == DrillsViewModel.Phase.CHOOSING || phase == DrillsViewModel.Phase.STARTING);
        running.setVisible(phase == DrillsViewModel.Phase.RUNNING);
        report.setVisible(phase == DrillsViewModel.Phase.REPORT);
    }
}
