package dev.flightdeck.views.nodes;

import javafx.beans.property.Property;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.ComboBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One entry of a filter drop-down; {@code value == null} is "all". Also wires a
 * drop-down to a view-model property both ways, so clearing the filters in the view
 * model (Escape) resets the drop-downs too.
 */
public record FilterChoice<T>(T value, String label) {

    @Override
    public String toString() {
        return label;
    }

    /**
     * Keeps {@code combo}'s entries at "all" + {@code values} and its choice in step with {@code target}.
     * A filter value that has left the fleet stays listed while chosen, so the filter never hides itself.
     */
    public static <T> void bind(ComboBox<FilterChoice<T>> combo, ObservableList<T> values, Property<T> target,
                                String allLabel, Function<T, String> label) {
        boolean[] syncing = {false};
        Runnable rebuild = () -> {
            syncing[0] = true;
            try {
                List<FilterChoice<T>> items = new ArrayList<>();
                items.add(new FilterChoice<>(null, allLabel));
                for (T v : values) {
                    items.add(new FilterChoice<>(v, label.apply(v)));
                }
                T current = target.getValue();
                if (current != null && !values.contains(current)) {
                    items.add(new FilterChoice<>(current, label.apply(current)));
                }
                combo.getItems().setAll(items);
                combo.setValue(items.stream().filter(c -> Objects.equals(c.value(), current)).findFirst()
                        .orElse(items.getFirst()));
            } finally {
                syncing[0] = false;
            }
        };
        values.addListener((ListChangeListener<T>) c -> rebuild.run());
        target.addListener((obs, old, now) -> {
            if (!syncing[0]) {
                rebuild.run();
            }
        });
        combo.valueProperty().addListener((obs, old, now) -> {
            if (!syncing[0] && now != null) {
                syncing[0] = true;
                try {
                    target.setValue(now.value());
                } finally {
                    syncing[0] = false;
                }
            }
        });
        rebuild.run();
    }
}
