package dev.flightdeck.views.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The Queues screen: the cluster's Kueue ClusterQueues (quota against what is reserved, per flavor and resource,
 * as bars with their figures), then the pending Workloads in queue order with why each waits. A row whose job is a
 * gang opens it on the Gangs screen (double-click, Enter, or the button below the table); a selection survives the
 * table's refreshes. On a cluster without Kueue, one line says what to install.
 */
public final class QueuesView extends VBox {

    private final Label headline = new Label();
    private final Label notServed = new Label();
    private final VBox queues = new VBox(8);
    private final TableView<QueuesTable.PendingRow> pending = new TableView<>();
    private final Label notListed = new Label();
    private final Label reason = new Label();
    private final Button openGang = new Button("Open its gang");
    private Consumer<GangKey> onOpenGang = k -> { };
    /** The ClusterQueues the panes show now. */
    private java.util.List<QueuesTable.QueueRow> queuesShown;

    public QueuesView(QueuesViewModel vm) {
        setId("queues-view");
        setSpacing(8);
        setPadding(new Insets(8, 12, 8, 12));
        headline.setId("queues-headline");
        headline.getStyleClass().add(Styles.HEADLINE);
        notServed.setId("queues-not-served");
        notServed.setWrapText(true);
        notServed.managedProperty().bind(notServed.visibleProperty());
        queues.setId("cluster-queues");
        ScrollPane queuesScroll = new ScrollPane(queues);
        queuesScroll.setFitToWidth(true);
        queuesScroll.setMaxHeight(360);
        queuesScroll.managedProperty().bind(queuesScroll.visibleProperty());
        // as tall as the queues want (a ScrollPane's preferred height is its content's), up to a third of a screen:
        // the pending table below is what grows; the queues keep what they want before it does
        queuesScroll.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);

        Label pendingTitle = new Label("Pending workloads, in queue order");
        pendingTitle.getStyleClass().add(Styles.SECTION_TITLE);
        pendingTitle.managedProperty().bind(pendingTitle.visibleProperty());
        pendingTable();
        openGang.setId("open-queued-gang");
        openGang.setDisable(true);
        openGang.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        openGang.setOnAction(e -> open());
        notListed.getStyleClass().add(Styles.MUTED);
        reason.setId("queued-reason");
        reason.setWrapText(true);
        reason.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox.setHgrow(reason, Priority.ALWAYS);
        reason.setMaxWidth(Double.MAX_VALUE);
        HBox below = new HBox(12, openGang, reason, notListed);
        below.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        below.managedProperty().bind(below.visibleProperty());
        VBox.setVgrow(pending, Priority.ALWAYS);
        getChildren().addAll(headline, notServed, queuesScroll, pendingTitle, pending, below);

        vm.tableProperty().addListener((o, was, t) -> show(t, queuesScroll, pendingTitle, below));
        show(vm.table(), queuesScroll, pendingTitle, below);
    }

    /** Where a queued job's gang is opened (the main window's Gangs screen). */
    public void setOnOpenGang(Consumer<GangKey> open) {
        this.onOpenGang = open;
    }

    private void pendingTable() {
        pending.setId("queued-table");
        pending.setPlaceholder(new Label("No workload is waiting in a queue."));
        pending.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        pending.getColumns().add(column("#", 40, r -> Integer.toString(r.position())));
        pending.getColumns().add(column("ClusterQueue", 110, QueuesTable.PendingRow::clusterQueue));
        pending.getColumns().add(column("Job", 190, QueuesTable.PendingRow::job));
        pending.getColumns().add(column("Kind", 80, QueuesTable.PendingRow::kind));
        pending.getColumns().add(column("Priority", 70, r -> Integer.toString(r.priority())));
        pending.getColumns().add(column("GPUs", 55, r -> Integer.toString(r.gpus())));
        pending.getColumns().add(column("Waiting", 70, QueuesTable.PendingRow::waiting));
        TableColumn<QueuesTable.PendingRow, String> why = column("Why it waits", 600, QueuesTable.PendingRow::reason);
        why.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                // the sentence can be long (several layers): all of it on hover
                setTooltip(empty || text == null ? null : new Tooltip(text));
            }
        });
        pending.getColumns().add(why);
        pending.getSelectionModel().selectedItemProperty().addListener((o, was, r) -> {
            openGang.setDisable(r == null || r.gang() == null);
            // the whole sentence of the row picked: the column shows only its start
            reason.setText(r == null ? "" : r.job() + ": " + r.reason());
        });
        pending.setRowFactory(t -> {
            javafx.scene.control.TableRow<QueuesTable.PendingRow> row = new javafx.scene.control.TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    open();
                }
            });
            return row;
        });
        pending.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                open();
            }
        });
    }

    private void open() {
        QueuesTable.PendingRow r = pending.getSelectionModel().getSelectedItem();
        if (r != null && r.gang() != null) {
            onOpenGang.accept(r.gang());
        }
    }

    private static TableColumn<QueuesTable.PendingRow, String> column(String title, double width,
                                                                     Function<QueuesTable.PendingRow, String> value) {
        TableColumn<QueuesTable.PendingRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        return c;
    }

    private java.util.List<QueuesTable.VolcanoRow> volcanoShown;

    private void show(QueuesTable t, ScrollPane queuesScroll, Label pendingTitle, HBox below) {
        boolean served = t.notServed() == null;
        notServed.setText(t.notServed());
        notServed.setVisible(!served);
        headline.setText(served ? "Queues · " + t.headline() : "Queues");
        queuesScroll.setVisible(served);
        // Without Kueue no Workload waits: Volcano's queues alone, without an empty table under them.
        pending.setVisible(t.kueue());
        pending.setManaged(t.kueue());
        pendingTitle.setVisible(t.kueue());
        below.setVisible(t.kueue());
        // the panes are made again only when a queue's figures changed, not each second "waiting" moves
        if (!served || !t.queues().equals(queuesShown) || !t.volcano().equals(volcanoShown)) {
            queuesShown = served ? t.queues() : null;
            volcanoShown = served ? t.volcano() : null;
            queues.getChildren().setAll(t.queues().stream().map(ClusterQueuePane::new).toList());
            if (t.kueue() && t.queues().isEmpty()) {
                queues.getChildren().add(new Label("Kueue is served but no ClusterQueue exists: nothing can be admitted."));
            }
            if (served && !t.kueue()) {
                Label volcanoOnly = new Label(QueuesTable.VOLCANO_ONLY);
                volcanoOnly.setId("queues-volcano-only");
                volcanoOnly.getStyleClass().add(Styles.MUTED);
                volcanoOnly.setPadding(new javafx.geometry.Insets(4, 12, 0, 12));
                queues.getChildren().add(volcanoOnly);
            }
            queues.getChildren().addAll(t.volcano().stream().map(VolcanoQueuePane::new).toList());
        }
        // the same job stays selected across refreshes ("waiting 12m" moves every second)
        QueuesTable.PendingRow was = pending.getSelectionModel().getSelectedItem();
        pending.getItems().setAll(t.pending());
        if (was != null) {
            t.pending().stream().filter(r -> r.job().equals(was.job())).findFirst()
                    .ifPresent(r -> pending.getSelectionModel().select(r));
        }
        notListed.setText(t.notListed() == 0 ? "" : "and " + t.notListed() + " more waiting (not listed)");
    }
}
