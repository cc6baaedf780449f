package dev.flightdeck.views.events;

import dev.flightdeck.app.diagnose.events.EventLines;
import dev.flightdeck.app.diagnose.events.EventRecord;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Clock;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The Events screen: newest first (or Warnings first), filtered by type, reason, object kind and namespace, or to one
 * node's, pod's or gang's objects; count and last seen; Flightdeck's own Events marked {@value EventLines#OURS}.
 * Enter opens the YAML of the object an Event is about, Y the Event's own.
 */
public final class EventsView extends VBox {

    private final TableView<EventRecord> table = new TableView<>();
    private final Timeline ages;

    /**
     * @param openObject the YAML of the object an Event is about
     * @param openEvent  the YAML of the Event itself
     */
    public EventsView(EventsViewModel vm, Clock clock, Consumer<EventRecord> openObject, Consumer<EventRecord> openEvent) {
        setId("events-view");
        sceneProperty().addListener((o, old, scene) -> vm.setShowing(scene != null));
        Label title = new Label("Events", new FontIcon(Icons.EVENTS));
        title.getStyleClass().add(Styles.HEADLINE);
        Label status = new Label();
        status.setId("events-status");
        status.getStyleClass().add(Styles.MUTED);
        status.textProperty().bind(vm.statusProperty());
        HBox header = new HBox(12, title, status);
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().add(Styles.FLEET_HEADER);

        table.setId("events-table");
        table.setItems(vm.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(
                column("Last seen", 90, e -> Ages.format(java.time.Duration.between(e.lastSeen(), clock.instant())) + " ago"),
                typeColumn(),
                column("Reason", 170, e -> (e.flightdeck() ? EventLines.OURS + " " : "") + e.reason()),
                column("Object", 260, e -> e.kind() + " " + (e.namespace().isEmpty() ? "" : e.namespace() + "/") + e.name()),
                column("Count", 60, e -> String.valueOf(e.count())),
                column("From", 140, EventRecord::controller),
                column("Message", 500, EventRecord::note));
        table.setPlaceholder(new Label("No Event matches. Events are kept for an hour; clear the filters (Esc) to see all."));
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            EventRecord r = table.getSelectionModel().getSelectedItem();
            if (r == null) {
                return;
            }
            if (e.getCode() == KeyCode.ENTER) {
                openObject.accept(r);
                e.consume();
            } else if (e.getCode() == KeyCode.Y && !e.isShortcutDown()) {
                openEvent.accept(r);
                e.consume();
            }
        });
        table.setRowFactory(t -> {
            var row = new javafx.scene.control.TableRow<EventRecord>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null) {
                    openObject.accept(row.getItem());
                }
            });
            return row;
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(header, filterBar(vm), table);
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.clearFilters();
                e.consume();
            }
        });
        // "5m ago" grows old on screen: the ages are redrawn twice a minute (only the visible cells are).
        ages = new Timeline(new KeyFrame(Duration.seconds(30), e -> table.refresh()));
        ages.setCycleCount(Animation.INDEFINITE);
        ages.play();
    }

    private HBox filterBar(EventsViewModel vm) {
        CheckBox warnings = new CheckBox("Warnings only");
        warnings.setId("events-warnings-only");
        warnings.selectedProperty().bindBidirectional(vm.warningsOnlyProperty());
        CheckBox first = new CheckBox("Warnings first");
        first.setId("events-warnings-first");
        first.selectedProperty().bindBidirectional(vm.warningsFirstProperty());
        ComboBox<String> reason = choice("events-reason", "Any reason", vm.reasonProperty(), vm, EventRecord::reason);
        ComboBox<String> kind = choice("events-kind", "Any kind", vm.kindProperty(), vm, EventRecord::kind);
        ComboBox<String> ns = choice("events-namespace", "Any namespace", vm.namespaceProperty(), vm, EventRecord::namespace);
        Label only = new Label();
        only.setId("events-only");
        only.textProperty().bind(vm.objectsLabelProperty().map(l -> "only " + l));
        Button clear = new Button("Clear", new FontIcon(Icons.CLEAR));
        clear.setId("events-clear");
        clear.setOnAction(e -> vm.clearFilters());
        only.visibleProperty().bind(vm.objectsLabelProperty().isNotNull());
        only.managedProperty().bind(only.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, warnings, first, reason, kind, ns, only, spacer, clear);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add(Styles.FILTER_BAR);
        return bar;
    }

    /** A filter whose choices are the values the kept Events have, read when the list opens (at most 2,000 rows). */
    private static ComboBox<String> choice(String id, String any, ObjectProperty<String> value, EventsViewModel vm,
                                           Function<EventRecord, String> of) {
        ComboBox<String> box = new ComboBox<>();
        box.setId(id);
        box.setPromptText(any);
        box.setOnShowing(e -> {
            TreeSet<String> seen = new TreeSet<>();
            vm.rows().forEach(r -> seen.add(of.apply(r)));
            seen.remove("");
            box.getItems().setAll(seen);
            box.getItems().addFirst(any);
        });
        box.valueProperty().addListener((o, old, v) -> value.set(v == null || v.equals(any) ? null : v));
        value.addListener((o, old, v) -> {
            if (v == null && box.getValue() != null && !box.getValue().equals(any)) {
                box.setValue(null);
            }
        });
        return box;
    }

    private static TableColumn<EventRecord, String> column(String title, double width, Function<EventRecord, String> text) {
        TableColumn<EventRecord, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setSortable(false); // the screen's order is the model's: newest (or Warnings) first
        c.setCellValueFactory(d -> new SimpleStringProperty(text.apply(d.getValue())));
        return c;
    }

    private static TableColumn<EventRecord, EventRecord> typeColumn() {
        TableColumn<EventRecord, EventRecord> c = new TableColumn<>("Type");
        c.setPrefWidth(100);
        c.setSortable(false);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(d.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(EventRecord e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : e.type());
                setGraphic(empty || e == null ? null : e.warning() ? Icons.icon(Icons.EVENT_WARNING, Styles.PROBLEM)
                        : Icons.icon(Icons.INFO));
            }
        });
        return c;
    }

    public void focusTable() {
        table.requestFocus();
    }

    public void stop() {
        ages.stop();
    }
}
