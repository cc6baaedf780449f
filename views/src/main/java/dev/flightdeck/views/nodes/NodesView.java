package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.views.rows.EmptyTablePlaceholder;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Clock;

/**
 * The nodes screen: fleet header, filter bar, the table and the selected node's
 * details. Keyboard: the table takes focus first; Ctrl+F (installed by the shell)
 * jumps to the search box; Escape clears the search, a second Escape every filter.
 */
public final class NodesView extends VBox {

    private final NodesViewModel vm;
    private final TextField search = new TextField();
    private final NodeTable table;
    private final NodeDetailsPane details;
    private final javafx.scene.control.Button drainSelected = new javafx.scene.control.Button();
    private final javafx.scene.control.Button batchPreflight = new javafx.scene.control.Button("Re-run preflight on gated nodes…");
    private HBox filterBar;

    public NodesView(NodesViewModel vm, Clock clock) {
        this.vm = vm;
        this.table = new NodeTable(vm, clock);
        table.setPlaceholder(EmptyTablePlaceholder.of(vm.allRows(), NodeTable.placeholder(""),
                "No GPU nodes yet.", "No node matches the filters. Press Escape to clear them."));

        // A screen that is not showing keeps its table's order for when it shows again.
        sceneProperty().addListener((o, old, scene) -> vm.setShowing(scene != null));
        vm.setShowing(getScene() != null);
        // The table's first cells built before the first nodes come, once, in the window's scene.
        NodeTableWarmUp.once(this, () -> vm.allRows().isEmpty(), clock);

        details = new NodeDetailsPane(vm);
        SplitPane split = new SplitPane(table, details);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        // Nothing selected: the details are one line saying so, and the table has the room.
        dev.flightdeck.views.layout.DetailsSplit.install(split, details, vm.detailsProperty().isNotNull());
        VBox.setVgrow(split, Priority.ALWAYS);
        filterBar = filterBar();
        getChildren().addAll(new NodesHeader(vm), filterBar, split);

        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !(e.getTarget() instanceof ComboBox<?>)) {
                escape();
                e.consume();
            }
        });
    }

    private HBox filterBar() {
        search.setId("node-search");
        search.getStyleClass().add(Styles.SEARCH);
        search.setPromptText("Search name, reasons, labels  (Ctrl+F)");
        search.textProperty().bindBidirectional(vm.searchTextProperty());
        Label searchIcon = new Label(null, new FontIcon(Icons.SEARCH));

        ComboBox<FilterChoice<NodeVerdict>> verdict = combo("verdict-filter", "Filter by verdict");
        FilterChoice.bind(verdict, FXCollections.observableArrayList(NodeVerdict.values()),
                vm.verdictFilterProperty(), "All verdicts", NodeVerdict::label);
        ComboBox<FilterChoice<String>> taint = combo("taint-filter", "Filter by taint key");
        FilterChoice.bind(taint, vm.taintKeys(), vm.taintFilterProperty(), "Any taints", k -> "taint " + k);
        ComboBox<FilterChoice<String>> product = combo("product-filter", "Filter by GPU product");
        FilterChoice.bind(product, vm.products(), vm.productFilterProperty(), "All products", p -> p);

        Button clear = new Button("Clear", new FontIcon(Icons.CLEAR));
        clear.setId("clear-filters");
        clear.setTooltip(new Tooltip("Clear search and filters (Escape)"));
        clear.setOnAction(e -> vm.clearFilters());

        Label count = new Label();
        count.setId("node-count");
        count.getStyleClass().add(Styles.MUTED);
        count.textProperty().bind(Bindings.createStringBinding(
                () -> "showing %,d of %,d GPU nodes".formatted(vm.visibleRows().size(), vm.allRows().size()),
                vm.visibleRows(), vm.allRows()));

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        batchPreflight.setId("batch-preflight");
        batchPreflight.setMinWidth(Region.USE_PREF_SIZE);
        batchPreflight.setVisible(false);
        batchPreflight.setManaged(false);
        drainSelected.setId("drain-selected");
        drainSelected.setMinWidth(Region.USE_PREF_SIZE);
        javafx.collections.ObservableList<NodeRow> picked = table.getSelectionModel().getSelectedItems();
        drainSelected.textProperty().bind(javafx.beans.binding.Bindings.size(picked).asString("Drain %d selected…"));
        drainSelected.visibleProperty().bind(javafx.beans.binding.Bindings.size(picked).greaterThan(1));
        drainSelected.managedProperty().bind(drainSelected.visibleProperty());
        HBox bar = new HBox(searchIcon, search, verdict, taint, product, clear, spacer, count, drainSelected, batchPreflight);
        bar.getStyleClass().add(Styles.FILTER_BAR);
        return bar;
    }

    private static <T> ComboBox<FilterChoice<T>> combo(String id, String tip) {
        ComboBox<FilterChoice<T>> c = new ComboBox<>();
        c.setId(id);
        c.setTooltip(new Tooltip(tip));
        c.setVisibleRowCount(12);
        return c;
    }

    /** First Escape clears the search text; the next clears every filter and returns to the table. */
    private void escape() {
        if (search.getText() != null && !search.getText().isEmpty()) {
            search.clear();
        } else {
            vm.clearFilters();
        }
        table.requestFocus();
    }

    /** The batch action on the filter bar: re-run preflight on every gated node, off with its reason when not allowed. */
    public void setBatchPreflight(Runnable open, javafx.beans.property.ReadOnlyStringProperty whyNot) {
        batchPreflight.setOnAction(e -> open.run());
        batchPreflight.disableProperty().bind(whyNot.isNotNull());
        javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
        tip.textProperty().bind(whyNot.orElse("Gate each gated node again and run a validation Job on all its GPUs"));
        batchPreflight.setTooltip(tip);
        batchPreflight.setVisible(true);
        batchPreflight.setManaged(true);
    }

    /** Draining the selected nodes together (shown when two or more are selected). */
    public void setDrainSelected(java.util.function.Consumer<java.util.List<String>> open,
                                 javafx.beans.property.ReadOnlyStringProperty whyNot) {
        drainSelected.setOnAction(e -> open.accept(table.getSelectionModel().getSelectedItems().stream()
                .map(NodeRow::name).toList()));
        drainSelected.disableProperty().bind(whyNot.isNotNull());
    }

    /** The actions bar shown under a selected node's name. */
    public void setNodeActions(java.util.function.Function<String, javafx.scene.Node> bar) {
        details.setActions(bar);
    }

    /** The selected node's GPUs from the shown cluster's telemetry, in its details. */
    public void showGpuTelemetry(javafx.beans.value.ObservableValue<dev.flightdeck.views.telemetry.TelemetrySnapshot> telemetry) {
        details.setGpus(new NodeGpusPane(NodeGpusViewModel.of(vm, telemetry)));
    }

    /** The team capacity table, under the fleet header (the shell gives it; shown only when a team key is set). */
    public void showTeams(javafx.scene.Node teams) {
        getChildren().add(1, teams);
    }

    /** A team filter beside the product filter, offered while the cluster has a team key. */
    public void showTeamFilter(javafx.collections.ObservableList<String> teams) {
        ComboBox<FilterChoice<String>> team = combo("team-filter", "Filter by team");
        FilterChoice.bind(team, teams, vm.teamFilterProperty(), "All teams", t -> t);
        team.visibleProperty().bind(vm.teamKeyProperty().isNotNull());
        team.managedProperty().bind(team.visibleProperty());
        filterBar.getChildren().add(filterBar.getChildren().indexOf(filterBar.lookup("#product-filter")) + 1, team);
    }

    /** What clicking a gang rank in the details does (the shell opens the Gangs screen). */
    public void setOnOpenRank(java.util.function.Consumer<NodeRank> open) {
        details.setOnOpenRank(open);
    }

    /** For Ctrl+F. */
    public void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }

    /** Where keyboard focus goes when the screen is shown. */
    public void focusTable() {
        dev.flightdeck.views.rows.FocusOnceShown.request(table);
        if (table.getSelectionModel().isEmpty() && !table.getItems().isEmpty()) {
            table.getFocusModel().focus(0);
        }
    }
}
