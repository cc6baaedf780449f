package dev.flightdeck.views.rows;

import javafx.collections.ObservableList;

/**
 * Style-class changes that happen only when something changed. Table cells are updated on
 * every batch under churn; removing and re-adding the same class each time makes JavaFX
 * redo the CSS of the cell, which was a tenth of the FX thread at 1,000 events/s.
 */
public final class StyleClasses {

    private StyleClasses() {
    }

    /** Leaves exactly one class starting with {@code prefix}: {@code wanted} (or none when null). */
    public static void setOnly(ObservableList<String> classes, String prefix, String wanted) {
        boolean ok = wanted == null || classes.contains(wanted);
        for (String c : classes) {
            if (c.startsWith(prefix) && !c.equals(wanted)) {
                ok = false;
                break;
            }
        }
        if (ok) {
            return;
        }
        classes.removeIf(c -> c.startsWith(prefix) && !c.equals(wanted));
        if (wanted != null && !classes.contains(wanted)) {
            classes.add(wanted);
        }
    }

    /** Adds or removes one class, touching the list only when that changes it. */
    public static void toggle(ObservableList<String> classes, String styleClass, boolean on) {
        if (on != classes.contains(styleClass)) {
            if (on) {
                classes.add(styleClass);
            } else {
                classes.remove(styleClass);
            }
        }
    }
}
