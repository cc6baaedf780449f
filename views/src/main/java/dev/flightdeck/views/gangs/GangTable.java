package dev.flightdeck.views.gangs;

import dev.flightdeck.views.rows.ColumnSortOrder;
import dev.flightdeck.views.rows.StyleClasses;
import dev.flightdeck.views.rows.SelectionStaysInView;
import dev.flightdeck.views.rows.TextCell;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The gangs table. Columns observe each row's {@link GangLine} and render it with
 * {@link GangCells}; the view model's SortedList sorts, the table only says by what.
 */
final class GangTable extends TableView<GangRow> {

    private final TableColumn<GangRow, GangLine> verdictColumn;

    GangTable(GangsViewModel vm) {
        super(vm.visibleRows());
        setId("gang-table");
        getStyleClass().add(Styles.GANG_TABLE);
        setTableMenuButtonVisible(true);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);

        TableColumn<GangRow, GangLine> name = column("Gang", 230, l -> GangCells.name(l.gang()),
                Comparator.comparing(l -> GangCells.name(l.gang())));
        verdictColumn = column("Verdict", 175, l -> l.gang().verdict().label(),
                Comparator.comparing(l -> l.gang().verdict()));
        verdictColumn.setCellFactory(c -> new VerdictCell());
        TableColumn<GangRow, GangLine> checkpoint = column("Checkpoint", 130, GangCells::checkpointAgeWithLevel,
                GangCells.AGE_ORDER);
        checkpoint.setCellFactory(c -> new CheckpointCell());
        TableColumn<GangRow, GangLine> reasons = column("Reasons", 520, l -> GangCells.reasons(l.gang()),
                Comparator.comparing(l -> GangCells.reasons(l.gang())));
        reasons.setCellFactory(c -> new TextCell<GangRow, GangLine>(l -> GangCells.reasons(l.gang()), true));
        getColumns().setAll(List.of(
                name,
                verdictColumn,
                column("Ranks", 110, l -> GangCells.ranks(l.gang()),
                        Comparator.comparingDouble(l -> l.gang().expected() == 0 ? 1 : (double) l.gang().ready() / l.gang().expected())),
                column("GPUs", 110, l -> GangCells.gpus(l.gang()),
                        Comparator.comparingInt((GangLine l) -> l.gang().gpusTotal()).reversed()),
                column("Nodes", 70, l -> String.valueOf(l.gang().nodesUsed()),
                        Comparator.comparingInt((GangLine l) -> l.gang().nodesUsed()).reversed()),
                checkpoint,
                column("GPU-h at risk", 120, GangCells::gpuHoursAtRisk, GangCells.RISK_ORDER),
                column("System", 120, l -> l.gang().key().system().label(),
                        Comparator.comparing(l -> l.gang().key().system())),
                reasons));

        // The view model's SortedList sorts, by the columns clicked (verdict to begin with).
        ColumnSortOrder.install(this, GangRow::line, vm.userOrderProperty());
        getSortOrder().setAll(List.of(verdictColumn));
        SelectionStaysInView.install(this);

        getSelectionModel().selectedItemProperty().addListener((o, old, row) -> {
            if (row != null) {
                vm.selectedProperty().set(row);
            }
        });
        vm.selectedProperty().addListener((o, old, row) -> {
            if (row == null) {
                getSelectionModel().clearSelection();
            } else if (getSelectionModel().getSelectedItem() != row) {
                getSelectionModel().select(row);
                scrollTo(row);
            }
        });
    }

    private static TableColumn<GangRow, GangLine> column(String title, double width, Function<GangLine, String> text,
                                                         Comparator<GangLine> order) {
        TableColumn<GangRow, GangLine> c = new TableColumn<>(title);
        c.setId("gcol-" + title.toLowerCase(Locale.ROOT).replace(' ', '-'));
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> f.getValue().lineProperty());
        c.setComparator(order);
        c.setCellFactory(col -> new TextCell<>(text, false));
        return c;
    }

    /** Icon and word for the verdict; a gang at risk adds a second icon and the words "at risk". */
    private static final class VerdictCell extends TableCell<GangRow, GangLine> {
        private static final Tooltip AT_RISK_TIP = new Tooltip("Some rank runs on a node whose GPUs are not trusted");
        private final FontIcon icon = new FontIcon(Icons.gangVerdict(GangVerdict.RUNNING));

        @Override
        protected void updateItem(GangLine l, boolean empty) {
            super.updateItem(l, empty);
            if (empty || l == null) {
                setText(null);
                setGraphic(null);
                StyleClasses.toggle(getStyleClass(), Styles.AT_RISK, false);
                return;
            }
            Gang g = l.gang();
            icon.setIconCode(g.atRisk() && g.verdict() == GangVerdict.RUNNING ? Icons.AT_RISK : Icons.gangVerdict(g.verdict()));
            StyleClasses.setOnly(icon.getStyleClass(), "gang-", Styles.gang(g.verdict()));
            setGraphic(icon);
            setText(g.statusLabel());
            StyleClasses.toggle(getStyleClass(), Styles.AT_RISK, g.atRisk());
            setTooltip(g.atRisk() ? AT_RISK_TIP : null);
        }
    }

    /** Age, level word and a level icon of its own shape; stale text is bold red as well. */
    private static final class CheckpointCell extends TableCell<GangRow, GangLine> {
        private final Label label = new Label();
        private CheckpointAge shownLevel;

        @Override
        protected void updateItem(GangLine l, boolean empty) {
            super.updateItem(l, empty);
            setText(null);
            if (empty || l == null) {
                setGraphic(null);
                return;
            }
            CheckpointAge level = l.checkpoint() == null ? null : GangCells.level(l);
            label.setText(GangCells.checkpointAgeWithLevel(l));
            if (level != shownLevel || label.getGraphic() == null && level != null) {
                label.setGraphic(level == null ? null : Icons.icon(level.icon(), level.styleClass()));
                shownLevel = level;
            }
            StyleClasses.setOnly(label.getStyleClass(), "checkpoint-", level == null ? null : level.styleClass());
            setGraphic(label);
        }
    }

    static Label placeholder(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.MUTED);
        return l;
    }
}
