package dev.flightdeck.views.teams;

import dev.flightdeck.app.queues.teams.TeamRow;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.VBox;

import java.util.function.ToIntFunction;

/**
 * The team capacity table on the Nodes screen: one row per team (GPU nodes, GPUs, usable, allocated, free, gangs
 * running and waiting), in a pane that folds away; absent when the cluster has no team key. Sized to its rows, up to
 * {@value #MOST_ROWS_SHOWN}, so it never pushes the node table off the screen.
 */
public final class TeamsPane extends TitledPane {

    static final int MOST_ROWS_SHOWN = 6;
    private static final double ROW_HEIGHT = 26;

    private final TableView<TeamRow> table = new TableView<>();
    private java.util.function.Consumer<String> onTeamPicked = team -> { };

    public TeamsPane(TeamsViewModel vm) {
        setId("teams-pane");
        textProperty().bind(vm.headingProperty());
        setAnimated(false);
        table.setId("teams-table");
        table.setItems(vm.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setFixedCellSize(ROW_HEIGHT);
        TableColumn<TeamRow, String> team = new TableColumn<>("Team");
        team.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().team()));
        team.setPrefWidth(180);
        table.getColumns().add(team);
        table.getColumns().add(number("GPU nodes", TeamRow::nodes));
        table.getColumns().add(number("GPUs", TeamRow::gpusTotal));
        table.getColumns().add(number("Usable", TeamRow::gpusUsable));
        table.getColumns().add(number("Allocated", TeamRow::gpusAllocated));
        table.getColumns().add(number("Free", TeamRow::gpusFree));
        table.getColumns().add(number("Gangs running", TeamRow::gangsRunning));
        table.getColumns().add(number("Gangs waiting", TeamRow::gangsWaiting));
        table.getColumns().add(number("Gangs queued", TeamRow::gangsQueued));
        // Header plus the rows there are, up to a handful; more scroll.
        table.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> ROW_HEIGHT * (1.4 + Math.min(MOST_ROWS_SHOWN, Math.max(1, vm.rows().size()))), vm.rows()));
        table.minHeightProperty().bind(table.prefHeightProperty());
        Label note = new Label();
        note.setId("teams-unplaced");
        note.getStyleClass().add(Styles.MUTED);
        note.textProperty().bind(vm.unplacedProperty());
        note.visibleProperty().bind(vm.unplacedProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        setContent(new VBox(4, table, note));
        // Picking a team narrows the node table to its nodes (the shell says how). On a click or Enter, not on a
        // selection change: after the filter is cleared, the same team picked again must narrow it again.
        table.setOnMouseClicked(e -> pickSelected());
        table.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                pickSelected();
            }
        });
        visibleProperty().bind(vm.shownProperty());
        managedProperty().bind(visibleProperty());
    }

    private static TableColumn<TeamRow, Number> number(String title, ToIntFunction<TeamRow> value) {
        TableColumn<TeamRow, Number> c = new TableColumn<>(title);
        c.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.applyAsInt(r.getValue())));
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        c.setPrefWidth(100);
        return c;
    }

    private void pickSelected() {
        TeamRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            onTeamPicked.accept(row.team());
        }
    }

    /** What picking a team's row does (the shell filters the node table to that team). */
    public void setOnTeamPicked(java.util.function.Consumer<String> pick) {
        onTeamPicked = pick;
    }

    TableView<TeamRow> table() {
        return table;
    }
}
