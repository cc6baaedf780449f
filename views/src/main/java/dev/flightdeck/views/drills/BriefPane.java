package dev.flightdeck.views.drills;

import dev.flightdeck.drills.DrillClock;
import dev.flightdeck.drills.DrillResult;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Function;

/**
 * The selected scenario before it starts: what the operator is told (the brief, the cluster, how
 * many faults, the limit — never which faults), the Start button, and the team's past results of
 * the same scenario, newest first.
 */
final class BriefPane extends VBox {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private final Label title = new Label();
    private final Label facts = new Label();
    private final Label brief = new Label();

    BriefPane(DrillsViewModel vm) {
        setId("drill-brief");
        getStyleClass().add(Styles.PANEL);
        setSpacing(10);
        title.setId("drill-title");
        title.getStyleClass().add(Styles.DETAILS_TITLE);
        title.setWrapText(true);
        facts.setId("drill-facts");
        facts.getStyleClass().add(Styles.MUTED);
        facts.setWrapText(true);
        brief.setId("drill-brief-text");
        brief.getStyleClass().add("drill-brief-text");
        brief.setWrapText(true);
        brief.setMaxWidth(Double.MAX_VALUE);

        Button start = new Button("Start drill", new FontIcon(Icons.DRILL));
        start.setId("start-drill");
        start.setDefaultButton(true);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.selectedProperty().get() == null
                || !vm.selectedProperty().get().ok() || vm.phaseProperty().get() != DrillsViewModel.Phase.CHOOSING,
                vm.selectedProperty(), vm.phaseProperty()));
        Label starting = new Label("Starting the drill's own sandbox…");
        starting.visibleProperty().bind(vm.phaseProperty().isEqualTo(DrillsViewModel.Phase.STARTING));
        starting.managedProperty().bind(starting.visibleProperty());
        Label problem = new Label();
        problem.setId("drill-problem");
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(vm.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        Label note = new Label("A fresh sandbox is started for the drill: the cluster you were on is left as it is, and"
                + " you come back to it when the drill ends. Work with the normal screens and actions; what you open"
                + " and do is timed.");
        note.setWrapText(true);
        note.getStyleClass().add(Styles.MUTED);

        Label pastTitle = new Label("Past results of this scenario");
        pastTitle.getStyleClass().add(Styles.SECTION_TITLE);
        TableView<DrillResult> past = trendTable(vm);
        VBox.setVgrow(past, Priority.ALWAYS);
        javafx.scene.control.ChoiceBox<Double> pace = new javafx.scene.control.ChoiceBox<>(
                javafx.collections.FXCollections.observableArrayList(1.0, 10.0));
        pace.setId("drill-pace");
        pace.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Double p) {
                return p == null ? "" : p == 1 ? "faults strike as scheduled" : "faults strike " + p.intValue()
                        + "× sooner (a quick rehearsal)";
            }

            @Override
            public Double fromString(String s) {
                return null;
            }
        });
        pace.setValue(vm.paceProperty().get());
        pace.valueProperty().addListener((o, old, now) -> vm.paceProperty().set(now == null ? 1 : now));
        vm.paceProperty().addListener((o, old, now) -> pace.setValue(now.doubleValue()));
        javafx.scene.control.CheckBox staging = new javafx.scene.control.CheckBox();
        staging.setId("drill-on-staging");
        staging.textProperty().bind(vm.stagingContextProperty().map(c -> "on virtual nodes of " + c
                + " (created for the drill, removed after it)"));
        staging.visibleProperty().bind(vm.stagingContextProperty().isNotNull());
        staging.managedProperty().bind(staging.visibleProperty());
        staging.selectedProperty().bindBidirectional(vm.onStagingProperty());
        getChildren().addAll(title, facts, brief, new HBox(10, start, pace, starting), staging, problem, note, pastTitle,
                past);

        vm.selectedProperty().addListener((o, old, now) -> show(now));
        show(vm.selectedProperty().get());
    }

    private void show(ScenarioCatalog.Entry e) {
        if (e == null || !e.ok()) {
            title.setText(e == null ? "Pick a scenario" : "This scenario file is refused");
            facts.setText(e == null ? "" : e.error().getMessage());
            brief.setText("");
            return;
        }
        Scenario s = e.scenario();
        title.setText(s.title());
        int gpus = s.cluster().gangs().stream().mapToInt(g -> g.ranks() * g.gpusPerRank()).sum();
        facts.setText(String.format(Locale.ROOT, "%s · %d %s · recover within %d min · a sandbox of %d GPU nodes, "
                        + "%d gang%s on %d GPUs", s.level().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                s.faults().size(), s.faults().size() == 1 ? "fault" : "faults", s.limit().toMinutes(),
                s.cluster().nodes(), s.cluster().gangs().size(), s.cluster().gangs().size() == 1 ? "" : "s", gpus));
        brief.setText(s.brief().strip());
    }

    private static TableView<DrillResult> trendTable(DrillsViewModel vm) {
        TableView<DrillResult> t = new TableView<>(vm.trend());
        t.setId("drill-trend");
        t.setPlaceholder(new Label("Not drilled yet."));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        t.getColumns().add(column("when (UTC)", r -> WHEN.format(r.started())));
        t.getColumns().add(column("outcome", r -> r.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
        t.getColumns().add(column("to detect", r -> time(r.toDetect())));
        t.getColumns().add(column("to recover", r -> time(r.toRecover())));
        t.getColumns().add(column("GPU-hours lost", r -> String.format(Locale.ROOT, "%.1f", r.gpuHoursLost())));
        t.getColumns().add(column("mistakes", r -> r.mistakes().isEmpty() ? "none" : String.join(", ", r.mistakes().stream()
                .map(m -> m.toLowerCase(Locale.ROOT).replace('_', '-')).toList())));
        t.getColumns().add(column("by", r -> r.scripted() ? "script" : "person"));
        return t;
    }

    private static String time(Duration d) {
        return d == null ? "—" : DrillClock.offset(d);
    }

    private static TableColumn<DrillResult, String> column(String name, Function<DrillResult, String> value) {
        TableColumn<DrillResult, String> c = new TableColumn<>(name);
        c.setCellValueFactory(f -> new ReadOnlyStringWrapper(value.apply(f.getValue())));
        c.setSortable(false);
        return c;
    }
}
