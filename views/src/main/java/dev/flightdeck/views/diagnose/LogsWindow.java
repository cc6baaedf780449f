package dev.flightdeck.views.diagnose;

import dev.flightdeck.app.diagnose.logs.RankLog;
import dev.flightdeck.app.diagnose.logs.SummaryText;
import dev.flightdeck.views.copy.CopiedText;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;


/**
 * A gang's logs in a window of its own, beside the console: the first failure and every rank's errors grouped by
 * message at the top (filling in as the ranks are read), the ranks troubled first on the left, one rank's lines on the
 * right — searchable, errors only, with the kubelet's times, the run before a restart, or followed — to copy or save
 * through the redaction boundary. Closing it stops every read it started.
 */
public final class LogsWindow extends Stage {

    public LogsWindow(Window owner, LogsViewModel vm, String cluster) {
        if (owner != null) {
            initOwner(owner);
        }
        titleProperty().bind(vm.titleProperty().map(t -> t + " — on " + cluster));
        Label heading = label("logs-title", Styles.DETAILS_TITLE);
        heading.textProperty().bind(vm.titleProperty());
        Label first = label("logs-first-failure", Styles.SECTION_TITLE);
        first.setGraphic(Icons.icon(Icons.ERROR, Styles.PROBLEM));
        first.textProperty().bind(vm.firstFailureProperty());
        first.setWrapText(true);
        Label status = label("logs-status", Styles.MUTED);
        status.textProperty().bind(vm.statusProperty());
        ListView<String> groups = new ListView<>(vm.groups());
        groups.setId("logs-groups");
        groups.getStyleClass().add(Styles.MONO);
        groups.setPrefHeight(120);
        groups.setPlaceholder(new Label("No error line in any rank read so far."));

        ListView<RankLog> ranks = new ListView<>();
        ranks.setId("logs-ranks");
        ranks.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(RankLog r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : SummaryText.head(r));
                setGraphic(empty || r == null ? null : Icons.icon(Icons.rankState(r.state())));
            }
        });
        ranks.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        // The person's pick only, by a click or a key: the list's own selection also moves when a refresh replaces
        // its items or when it takes the focus, and the view model's rank must not follow those.
        vm.ranks().addListener((javafx.collections.ListChangeListener<RankLog>) c -> {
            ranks.getItems().setAll(vm.ranks());
            RankLog r = vm.selectedProperty().get();
            ranks.getSelectionModel().clearSelection();
            if (r != null) {
                ranks.getSelectionModel().select(r);
            }
        });
        Runnable picked = () -> {
            RankLog r = ranks.getSelectionModel().getSelectedItem();
            if (r != null && r != vm.selectedProperty().get()) {
                vm.pick(r);
            }
        };
        ranks.setOnMouseClicked(e -> picked.run());
        ranks.setOnKeyReleased(e -> picked.run());
        vm.selectedProperty().addListener((o, old, r) -> {
            if (r != null && ranks.getSelectionModel().getSelectedItem() != r) {
                ranks.getSelectionModel().select(r);
                ranks.scrollTo(r);
            }
        });
        ranks.setMinWidth(300);

        Label shownTitle = label("logs-shown", Styles.SECTION_TITLE);
        shownTitle.textProperty().bind(vm.shownTitleProperty());
        TextField search = new TextField();
        search.setId("logs-search");
        search.setPromptText("Search this rank's lines (Ctrl+F)");
        search.textProperty().bindBidirectional(vm.searchProperty());
        HBox.setHgrow(search, Priority.ALWAYS);
        CheckBox errorsOnly = check("logs-errors-only", "Errors only", vm.errorsOnlyProperty());
        CheckBox timestamps = check("logs-timestamps", "Times", vm.timestampsProperty());
        CheckBox previous = check("logs-previous", "Run before restart", vm.previousProperty());
        ToggleButton follow = new ToggleButton("Follow");
        follow.setId("logs-follow");
        follow.selectedProperty().bindBidirectional(vm.followProperty());
        Label problem = label("logs-problem", Styles.PROBLEM);
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(vm.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        ListView<String> lines = new ListView<>(vm.lines());
        lines.setId("logs-lines");
        lines.getStyleClass().add(Styles.MONO);
        lines.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        lines.setPlaceholder(new Label("Pick a rank on the left."));
        VBox.setVgrow(lines, Priority.ALWAYS);
        // A log is read from its end: the error that stopped a rank is its last line, and a followed rank grows there.
        vm.lines().addListener((javafx.collections.ListChangeListener<String>) c -> {
            if (!vm.lines().isEmpty()) {
                lines.scrollTo(vm.lines().size() - 1);
            }
        });
        VBox right = new VBox(6, shownTitle, new HBox(8, search, errorsOnly, timestamps, previous, follow), problem, lines);
        right.setPadding(new Insets(0, 0, 0, 8));

        SplitPane split = new SplitPane(ranks, right);
        split.setDividerPositions(0.34);
        SplitPane vertical = new SplitPane(groups, split);
        vertical.setOrientation(Orientation.VERTICAL);
        vertical.setDividerPositions(0.2);

        Button copy = new Button("Copy");
        copy.setId("logs-copy");
        copy.setOnAction(e -> CopiedText.toClipboard(lines.getSelectionModel().getSelectedItems().isEmpty()
                ? vm.shownText() : String.join("\n", lines.getSelectionModel().getSelectedItems())));
        Button save = new Button("Save…");
        save.setId("logs-save");
        save.setOnAction(e -> CopiedText.saveAs(this, "Save this rank's lines", vm.shownTitleProperty().get() + ".log", vm.shownText() + "\n"));
        Button copySummary = new Button("Copy summary");
        copySummary.setId("logs-copy-summary");
        copySummary.setOnAction(e -> CopiedText.toClipboard(vm.summaryText()));
        Button close = new Button("Close");
        close.setId("logs-close");
        close.setCancelButton(true);
        close.setOnAction(e -> close());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, copySummary, spacer, copy, save, close);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        BorderPane root = new BorderPane(vertical, new VBox(4, heading, first, status), null, buttons, null);
        BorderPane.setMargin(vertical, new Insets(8, 0, 8, 0));
        root.setPadding(new Insets(12));
        root.setId("logs-window");
        root.getStyleClass().add(Styles.ROOT);
        Scene scene = new Scene(root, 1280, 820);
        dev.flightdeck.views.theme.Themes.install(scene);
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+F"), search::requestFocus);
        setScene(scene);
        setOnHidden(e -> vm.close());
    }

    private static Label label(String id, String style) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(style);
        return l;
    }

    private static CheckBox check(String id, String text, javafx.beans.property.BooleanProperty value) {
        CheckBox c = new CheckBox(text);
        c.setId(id);
        c.selectedProperty().bindBidirectional(value);
        return c;
    }
}
