package dev.flightdeck.views.rows;

import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

import java.util.function.Function;

/**
 * A table cell that shows one value as text. With {@code tooltip}, long cells (reasons,
 * taints) that the column width cuts off show whole on hover.
 */
public final class TextCell<R, T> extends TableCell<R, T> {

    private final Function<T, String> text;
    private final boolean tooltip;
    private Tooltip tip; // one per cell, its text replaced: a new Tooltip per update cost CSS work on every batch

    public TextCell(Function<T, String> text, boolean tooltip) {
        this.text = text;
        this.tooltip = tooltip;
    }

    @Override
    protected void updateItem(T value, boolean empty) {
        super.updateItem(value, empty);
        String s = empty || value == null ? null : text.apply(value);
        setText(s);
        if (tooltip && s != null && !s.isEmpty()) {
            if (tip == null) {
                tip = new Tooltip();
            }
            tip.setText(s);
            setTooltip(tip);
        } else {
            setTooltip(null);
        }
    }
}
