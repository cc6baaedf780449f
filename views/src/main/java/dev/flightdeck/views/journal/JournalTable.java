package dev.flightdeck.views.journal;

import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.views.rows.TextCell;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The journal entries, newest first; a column click re-sorts (the view model's SortedList sorts,
 * the table only says by what). Outcome rows are bold, so where each action ended is easy to find.
 */
final class JournalTable extends TableView<JournalLine> {

    JournalTable(JournalViewModel vm) {
        super(vm.visibleLines());
        setId("journal-table");
        getStyleClass().add(Styles.JOURNAL_TABLE);
        setTableMenuButtonVisible(true);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);

        TableColumn<JournalLine, JournalEntry> time = column("Time (UTC)", 170, e -> EntryText.time(e.at()),
                Comparator.comparing(JournalEntry::at));
        getColumns().setAll(List.of(
                time,
                column("Context", 110, JournalEntry::context, text(JournalEntry::context)),
                column("User", 170, JournalEntry::user, text(JournalEntry::user)),
                column("Action", 80, JournalEntry::action, text(JournalEntry::action)),
                column("Phase", 75, JournalEntry::phase, text(JournalEntry::phase)),
                column("Target", 200, JournalEntry::target, text(JournalEntry::target)),
                tooltipped(column("Message", 560, JournalEntry::message, text(JournalEntry::message))),
                column("Took", 100, e -> EntryText.took(e.durationMs()), Comparator.comparingLong(JournalEntry::durationMs))));

        setSortPolicy(t -> true);
        // Start sorted by time, newest first, with the arrow showing it.
        time.setSortType(TableColumn.SortType.DESCENDING);
        getSortOrder().setAll(List.of(time));
        vm.userOrderProperty().bind(comparatorProperty());
        setRowFactory(t -> new OutcomeRow());

        getSelectionModel().selectedItemProperty().addListener((o, old, line) -> {
            if (line != null) {
                vm.selectedProperty().set(line.entry());
            }
        });
        vm.selectedProperty().addListener((o, old, entry) -> follow(entry));

        Label placeholder = new Label();
        placeholder.setId("journal-empty");
        placeholder.getStyleClass().add(Styles.MUTED);
        placeholder.setWrapText(true);
        placeholder.setMaxWidth(640);
        placeholder.textProperty().bind(vm.emptyTextProperty());
        setPlaceholder(placeholder);
    }

    /** Keeps the table's selection on the view model's (which may change after a refresh or a filter). */
    private void follow(JournalEntry entry) {
        if (entry == null) {
            getSelectionModel().clearSelection();
            return;
        }
        JournalLine current = getSelectionModel().getSelectedItem();
        if (current != null && current.entry() == entry) {
            return;
        }
        getItems().stream().filter(l -> l.entry() == entry).findFirst().ifPresent(l -> {
            getSelectionModel().select(l);
            scrollTo(l);
        });
    }

    private static Comparator<JournalEntry> text(Function<JournalEntry, String> field) {
        return Comparator.comparing(e -> field.apply(e) == null ? "" : field.apply(e), String.CASE_INSENSITIVE_ORDER);
    }

    private static TableColumn<JournalLine, JournalEntry> column(String title, double width,
                                                                 Function<JournalEntry, String> text,
                                                                 Comparator<JournalEntry> order) {
        TableColumn<JournalLine, JournalEntry> c = new TableColumn<>(title);
        c.setId("jcol-" + title.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "-").replaceAll("-$", ""));
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue().entry()));
        c.setComparator(order);
        c.setCellFactory(col -> new TextCell<>(text, false));
        return c;
    }

    /** Messages can be long; the whole one shows on hover. */
    private static TableColumn<JournalLine, JournalEntry> tooltipped(TableColumn<JournalLine, JournalEntry> c) {
        c.setCellFactory(col -> new TextCell<>(JournalEntry::message, true));
        return c;
    }

    private static final class OutcomeRow extends TableRow<JournalLine> {
        @Override
        protected void updateItem(JournalLine line, boolean empty) {
            super.updateItem(line, empty);
            getStyleClass().remove(Styles.JOURNAL_OUTCOME);
            if (!empty && line != null && "outcome".equals(line.entry().phase())) {
                getStyleClass().add(Styles.JOURNAL_OUTCOME);
            }
        }
    }
}
