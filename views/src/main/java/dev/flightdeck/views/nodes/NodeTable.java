package dev.flightdeck.views.nodes;

import dev.flightdeck.views.rows.ColumnSortOrder;
import dev.flightdeck.views.rows.StyleClasses;
import dev.flightdeck.views.rows.SelectionStaysInView;
import dev.flightdeck.views.rows.TextCell;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The nodes table. Every column observes the row's node property and renders it with a
 * {@link NodeCells} function, so a changed node repaints in place. Sorting is done by
 * the view model's SortedList; the table only supplies the order the user clicked.
 */
final class NodeTable extends TableView<NodeRow> {

    private final TableColumn<NodeRow, GpuNode> verdictColumn;

    NodeTable(NodesViewModel vm, Clock clock) {
        this(vm.visibleRows(), clock);
        setId("node-table");
        // The view model's SortedList sorts, by the columns clicked (verdict to begin with).
        ColumnSortOrder.install(this, NodeRow::node, vm.userOrderProperty());
        getSortOrder().setAll(List.of(verdictColumn));
        SelectionStaysInView.install(this);

        // Several nodes may be selected (Shift/Ctrl-click) to drain them together; the details
        // show the one selected last.
        getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        getSelectionModel().selectedItemProperty().addListener((o, old, row) -> vm.selectedProperty().set(row));
        vm.selectedProperty().addListener((o, old, row) -> {
            if (row == null) {
                getSelectionModel().clearSelection();
            } else if (getSelectionModel().getSelectedItem() != row) {
                getSelectionModel().clearSelection();
                getSelectionModel().select(row);
                scrollTo(row);
            }
        });
    }

    /** The table's columns and looks over {@code rows}, with no view model behind it (see {@link NodeTableWarmUp}). */
    NodeTable(javafx.collections.ObservableList<NodeRow> rows, Clock clock) {
        super(rows);
        getStyleClass().add(Styles.NODE_TABLE);
        setTableMenuButtonVisible(true);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);

        TableColumn<NodeRow, GpuNode> name = column("Node", 170, GpuNode::name,
                Comparator.comparing(GpuNode::name), false);
        verdictColumn = column("Verdict", 125, n -> n.verdict().label(),
                Comparator.comparing(GpuNode::verdict), false);
        verdictColumn.setCellFactory(c -> new VerdictCell());
        // Verdict and reasons first: why a node needs attention must be visible without scrolling.
        getColumns().setAll(List.of(
                name,
                verdictColumn,
                column("Reasons", 360, NodeCells::reasons, Comparator.comparing(NodeCells::reasons), true),
                column("GPUs", 120, NodeCells::gpus, NodeCells.GPU_ORDER, false),
                column("Ready", 100, NodeCells::ready, Comparator.comparing(NodeCells::ready), false),
                column("Preflight", 200, n -> NodeCells.preflight(n, clock.instant()),
                        Comparator.comparing(n -> n.preflight().gate()), true),
                column("Cordon", 170, NodeCells::cordon, Comparator.comparing(NodeCells::cordon), true),
                column("Taints", 220, NodeCells::taints, Comparator.comparing(NodeCells::taints), true),
                column("Pods", 100, NodeCells::pods, Comparator.comparingInt(GpuNode::podCount), false),
                column("Product", 200, GpuNode::product, Comparator.comparing(GpuNode::product), false)));
    }

    private static TableColumn<NodeRow, GpuNode> column(String title, double width, Function<GpuNode, String> text,
                                                        Comparator<GpuNode> order, boolean tooltip) {
        TableColumn<NodeRow, GpuNode> c = new TableColumn<>(title);
        c.setId("col-" + title.toLowerCase(Locale.ROOT));
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> f.getValue().nodeProperty());
        c.setComparator(order);
        c.setCellFactory(col -> new TextCell<>(text, tooltip));
        return c;
    }

    /** Icon and word: the shape and the text carry the verdict, the colour only repeats it. */
    private static final class VerdictCell extends TableCell<NodeRow, GpuNode> {
        private final FontIcon icon = new FontIcon(Icons.verdict(NodeVerdict.TRUSTED));

        @Override
        protected void updateItem(GpuNode n, boolean empty) {
            super.updateItem(n, empty);
            if (empty || n == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            icon.setIconCode(Icons.verdict(n.verdict()));
            StyleClasses.setOnly(icon.getStyleClass(), "verdict-", Styles.verdict(n.verdict()));
            setGraphic(icon);
            setText(n.verdict().label());
        }
    }

    TableColumn<NodeRow, GpuNode> verdictColumn() {
        return verdictColumn;
    }

    static Label placeholder(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.MUTED);
        return l;
    }
}
