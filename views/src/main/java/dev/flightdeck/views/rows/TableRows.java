package dev.flightdeck.views.rows;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

import java.util.Comparator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The rows of one table as every screen keeps them (Nodes, Gangs, Journal): the screen's own rows,
 * filtered by a predicate rebuilt whenever one of its filter inputs or the search text changes, and
 * sorted by the column the user picked first, the screen's own order breaking its ties. The table
 * binds to {@link #visible()}; FX thread only.
 *
 * @param <R> the row type
 */
public final class TableRows<R> {

    private final FilteredList<R> filtered;
    private final SortedList<R> sorted;
    private final ObjectProperty<Comparator<R>> userOrder = new SimpleObjectProperty<>(this, "userOrder");
    private final StringProperty searchText = new SimpleStringProperty(this, "searchText", "");
    /** The order in force: the user's column first, the screen's own breaking ties. */
    private final javafx.beans.value.ObservableValue<Comparator<R>> order;

    /**
     * @param rows         the screen's rows, all of them
     * @param defaultOrder the screen's order (worst first, newest first…), also the tie-breaker of the user's
     */
    public TableRows(ObservableList<R> rows, Comparator<R> defaultOrder) {
        this.filtered = new FilteredList<>(rows);
        this.sorted = new SortedList<>(filtered, defaultOrder);
        this.order = userOrder.map(c -> c.thenComparing(defaultOrder)).orElse(defaultOrder);
        sorted.comparatorProperty().bind(order);
    }

    /** Row changes at least this many are put in order with one sort (see {@link #change}). */
    public static final int MANY = 64;

    /**
     * Runs {@code change}, which adds or removes {@code rows} rows of the screen's own list. JavaFX's sorted list
     * places each added or removed row on its own and shifts its whole index for each: 7,500 rows into an empty
     * table are 28 million shifts, the FX thread's heaviest work on a first screen (JFR), and a switch back to a
     * cluster or a clear as much again. For {@link #MANY} rows or more the order is lifted while the change runs
     * (the rows are taken as they come) and put back with one sort; no pulse falls in between, so no one sees it.
     */
    public void change(int rows, Runnable change) {
        if (rows < MANY || sorted.getComparator() == null) {
            change.run();
            return;
        }
        sorted.comparatorProperty().unbind();
        sorted.setComparator(null);
        try {
            change.run();
        } finally {
            sorted.comparatorProperty().bind(order);
        }
    }

    /** Filters by what {@code filter} builds from the screen's filters; rebuilt when any of {@code inputs} or the search text changes. */
    public void filterBy(Supplier<Predicate<? super R>> filter, Observable... inputs) {
        Observable[] all = java.util.Arrays.copyOf(inputs, inputs.length + 1);
        all[inputs.length] = searchText;
        filtered.predicateProperty().bind(Bindings.createObjectBinding(filter::get, all));
    }

    /**
     * Whether a row changing from {@code current} to {@code next} (a stand-in for its next state, not in the list)
     * may take another place or enter or leave what is shown, under the order and filter in force. Only then must the
     * change be announced to the sorted and filtered lists: the cells observe their row and repaint without it. Under
     * churn most changes keep a node's place (a condition's heartbeat, a rank restarting), and announcing them made
     * the FX thread re-sort all day (64% of its time under churn on a real API server).
     */
    public boolean mayMove(R current, R next) {
        Comparator<? super R> order = sorted.getComparator();
        java.util.function.Predicate<? super R> filter = filtered.getPredicate();
        return order != null && order.compare(current, next) != 0
                || filter != null && filter.test(current) != filter.test(next);
    }

    /** The rows shown, filtered and in order. */
    public SortedList<R> visible() {
        return sorted;
    }

    /** The column order the user picked (null: the screen's own). */
    public ObjectProperty<Comparator<R>> userOrder() {
        return userOrder;
    }

    /** What the search box holds; every screen's filter matches it. */
    public StringProperty searchText() {
        return searchText;
    }
}
