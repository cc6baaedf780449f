package dev.flightdeck.views.rows;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;

/**
 * What an empty table says: one label whose text changes only when the screen goes from
 * "nothing at all" to "nothing matches the filters" and back. (A placeholder rebuilt on
 * every list change made the table lay itself out again on every batch of updates.)
 */
public final class EmptyTablePlaceholder {

    private EmptyTablePlaceholder() {
    }

    public static Label of(ObservableList<?> allRows, Label label, String whenNone, String whenFiltered) {
        BooleanBinding none = Bindings.isEmpty(allRows);
        label.setText(none.get() ? whenNone : whenFiltered);
        // A change listener hears only real changes of the boolean, not every update of the list.
        none.addListener((o, was, is) -> label.setText(is ? whenNone : whenFiltered));
        label.getProperties().put(EmptyTablePlaceholder.class, none); // keeps the binding as long as the label
        return label;
    }
}
