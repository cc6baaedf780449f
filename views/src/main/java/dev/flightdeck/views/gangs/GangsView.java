package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.views.nodes.FilterChoice;
import dev.flightdeck.views.rows.EmptyTablePlaceholder;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.List;
import java.util.function.Consumer;

/**
 * The gangs screen: a summary line, filters, the gangs table (worst first), and for the
 * selected gang its rank map beside the rank's details and the checkpoint panel.
 * Every 15 s the rows are re-aged and stale checkpoint reads refreshed (at most once a minute).
 */
public final class GangsView extends VBox {

    private static final List<Integer> GPU_SIZES = List.of(8, 64, 256, 1024);

    private final GangsViewModel vm;
    private final CheckpointPane checkpoints;
    private final RankDetailsPane rankDetails;
    private final TextField search = new TextField();
    private final GangTable table;
    private final Timeline ticker;
    private HBox filterBar;

    /** @param openNode shows a node on the Nodes screen (the shell switches screens) */
    public GangsView(GangsViewModel vm, GangKindsStatus kinds, Consumer<String> openNode) {
        this(vm, kinds, openNode, new javafx.beans.property.SimpleObjectProperty<>(
                dev.flightdeck.views.telemetry.TelemetrySnapshot.NONE));
    }

    /** @param telemetry the shown cluster's GPU telemetry, for the rank map's utilisation colouring */
    public GangsView(GangsViewModel vm, GangKindsStatus kinds, Consumer<String> openNode,
                     javafx.beans.value.ObservableValue<dev.flightdeck.views.telemetry.TelemetrySnapshot> telemetry) {
        this.vm = vm;
        this.table = new GangTable(vm);
        this.checkpoints = new CheckpointPane(vm);
        table.setPlaceholder(EmptyTablePlaceholder.of(vm.allRows(), GangTable.placeholder(""),
                "No gangs yet: no gang-scheduled jobs found.", "No gang matches the filters. Press Escape to clear them."));

        // A screen that is not showing keeps its table's order for when it shows again.
        sceneProperty().addListener((o, old, scene) -> vm.setShowing(scene != null));
        vm.setShowing(getScene() != null);

        Label summary = new Label(null, Icons.icon(Icons.GANGS));
        summary.setId("gang-summary");
        summary.getStyleClass().add(Styles.HEADLINE);
        summary.textProperty().bind(vm.summaryProperty());
        HBox header = new HBox(summary, spacer(), kindsLine(kinds));
        header.getStyleClass().add(Styles.FLEET_HEADER);

        this.rankDetails = new RankDetailsPane(vm, openNode);
        VBox side = new VBox(rankDetails, checkpoints);
        ScrollPane sideScroll = new ScrollPane(side);
        sideScroll.setFitToWidth(true);
        sideScroll.setMinWidth(380);
        SplitPane bottom = new SplitPane(new RankMapPane(vm, new RankColourViewModel(vm, telemetry)), sideScroll);
        bottom.setDividerPositions(0.62);

        // No gang selected: no empty rank map nor checkpoint panel, one line saying what to do, the table has the room.
        Label none = new Label("Select a gang above to see its rank map, its broken ranks, the selected rank and its "
                + "checkpoint.", Icons.icon(Icons.GANGS));
        none.setId("gang-none-selected");
        none.getStyleClass().addAll(Styles.MUTED, Styles.EMPTY_DETAILS);
        javafx.scene.layout.StackPane details = new javafx.scene.layout.StackPane(bottom, none);
        javafx.scene.layout.StackPane.setAlignment(none, javafx.geometry.Pos.TOP_LEFT);
        bottom.visibleProperty().bind(vm.selectedProperty().isNotNull());
        bottom.managedProperty().bind(bottom.visibleProperty());
        none.visibleProperty().bind(vm.selectedProperty().isNull());
        none.managedProperty().bind(none.visibleProperty());
        SplitPane split = new SplitPane(table, details);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.36);
        dev.flightdeck.views.layout.DetailsSplit.install(split, details, vm.selectedProperty().isNotNull());
        VBox.setVgrow(split, Priority.ALWAYS);
        filterBar = filterBar();
        getChildren().addAll(header, filterBar, split);
        setId("gangs-view");

        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !(e.getTarget() instanceof ComboBox<?>)) {
                if (search.getText() != null && !search.getText().isEmpty()) {
                    search.clear();
                } else {
                    vm.clearFilters();
                }
                table.requestFocus();
                e.consume();
            }
        });
        ticker = new Timeline(new KeyFrame(Duration.seconds(15), e -> vm.tick()));
        ticker.setCycleCount(Animation.INDEFINITE);
        ticker.play();
    }

    /** What the screen opens behind a gang and its ranks (YAML). */
    public void setEvidence(GangEvidence evidence) {
        rankDetails.setEvidence(evidence);
    }

    /** The resume action for a halted or failed gang, and why it is off when it is. */
    public void setResume(java.util.function.Consumer<dev.flightdeck.app.gangs.Gang> action,
                          java.util.function.Supplier<String> whyNot) {
        checkpoints.setResume(action, whyNot);
    }

    /** Which gang CRDs are watched, with a refresh for one installed since the session opened. */
    private static HBox kindsLine(GangKindsStatus kinds) {
        Label text = new Label();
        text.setId("gang-kinds");
        text.getStyleClass().add(Styles.MUTED);
        text.textProperty().bind(kinds.textProperty());
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(kinds.detailProperty());
        text.setTooltip(tip);
        Button refresh = new Button("Refresh gang kinds", new FontIcon(Icons.REFRESH));
        refresh.setId("gang-kinds-refresh");
        refresh.setTooltip(new Tooltip("Ask API discovery again, e.g. after installing JobSet or LeaderWorkerSet"));
        refresh.disableProperty().bind(kinds.refreshingProperty());
        refresh.setOnAction(e -> kinds.refresh());
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(8, text, refresh);
        box.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        return box;
    }

    private static Region spacer() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }

    private HBox filterBar() {
        search.setId("gang-search");
        search.getStyleClass().add(Styles.SEARCH);
        search.setPromptText("Search gang, reasons, nodes  (Ctrl+F)");
        search.setPrefWidth(240);
        search.textProperty().bindBidirectional(vm.searchTextProperty());

        ComboBox<FilterChoice<GangVerdict>> verdict = combo("gang-verdict-filter", "Filter by verdict");
        FilterChoice.bind(verdict, FXCollections.observableArrayList(GangVerdict.values()),
                vm.verdictFilterProperty(), "All verdicts", GangVerdict::label);
        ComboBox<FilterChoice<GangSystem>> system = combo("gang-system-filter", "Filter by gang system");
        FilterChoice.bind(system, vm.systems(), vm.systemFilterProperty(), "All systems", GangSystem::label);
        ComboBox<FilterChoice<String>> ns = combo("gang-namespace-filter", "Filter by namespace");
        FilterChoice.bind(ns, vm.namespaces(), vm.namespaceFilterProperty(), "All namespaces", n -> n);
        ComboBox<FilterChoice<CheckpointAge>> cp = combo("gang-checkpoint-filter", "Filter by checkpoint age");
        FilterChoice.bind(cp, FXCollections.observableArrayList(CheckpointAge.values()),
                vm.checkpointFilterProperty(), "Any checkpoint age", CheckpointAge::choiceLabel);
        ComboBox<FilterChoice<Integer>> gpus = combo("gang-gpu-filter", "Filter by GPUs held");
        FilterChoice.bind(gpus, FXCollections.observableArrayList(GPU_SIZES), vm.minGpusFilterProperty(),
                "Any size", n -> "≥ " + n + " GPUs");

        Button clear = new Button("Clear", new FontIcon(Icons.CLEAR));
        clear.setId("gang-clear-filters");
        clear.setTooltip(new Tooltip("Clear search and filters (Escape)"));
        clear.setOnAction(e -> vm.clearFilters());
        clear.setMinWidth(Region.USE_PREF_SIZE);

        Label count = new Label();
        count.setId("gang-count");
        count.getStyleClass().add(Styles.MUTED);
        count.setMinWidth(Region.USE_PREF_SIZE);
        count.textProperty().bind(Bindings.createStringBinding(
                () -> "showing %,d of %,d gangs".formatted(vm.visibleRows().size(), vm.allRows().size()),
                vm.visibleRows(), vm.allRows()));

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(new Label(null, new FontIcon(Icons.SEARCH)), search, verdict, system, ns, cp, gpus, clear,
                spacer, count);
        bar.getStyleClass().add(Styles.FILTER_BAR);
        return bar;
    }

    private static <T> ComboBox<FilterChoice<T>> combo(String id, String tip) {
        ComboBox<FilterChoice<T>> c = new ComboBox<>();
        c.setId(id);
        c.setTooltip(new Tooltip(tip));
        c.setVisibleRowCount(12);
        c.setMinWidth(Region.USE_PREF_SIZE);
        return c;
    }

    /** A team filter beside the namespace filter, offered while the cluster has a team key. */
    public void showTeamFilter(javafx.collections.ObservableList<String> teams) {
        ComboBox<FilterChoice<String>> team = combo("gang-team-filter", "Gangs with a rank on one team's nodes");
        FilterChoice.bind(team, teams, vm.teamFilterProperty(), "All teams", t -> t);
        team.visibleProperty().bind(vm.nodeTeamsProperty().isNotNull());
        team.managedProperty().bind(team.visibleProperty());
        filterBar.getChildren().add(filterBar.getChildren().indexOf(filterBar.lookup("#gang-namespace-filter")) + 1, team);
    }

    public void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }

    /** The table takes the focus now, or once in the window: a view just built has its table in a split pane
     *  that adds it to the scene at the first layout. */
    public void focusTable() {
        dev.flightdeck.views.rows.FocusOnceShown.request(table);
    }

    public void stop() {
        ticker.stop();
    }
}
