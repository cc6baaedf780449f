package dev.flightdeck.views.screen;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import org.kordamp.ikonli.Ikon;

/**
 * One screen of the main window (Nodes, Gangs, Events…), as the window lays it out: the navigation offers it by
 * {@link #id} (its button is {@code nav-ID}), {@link #title} and {@link #icon}, shows its {@link #view} in the
 * centre, tells it when it is {@link #shown}, moves the keyboard into it, and stops it with the window. Each screen
 * builds its own view and wires its own links; the window only places it.
 *
 * <p>The view is built the first time it is asked for, not with the screen: the screens not shown at start are built
 * when first opened (building them all, ten charts among them, was a third of the time to the first frame);
 * {@link LazyScreen} does that once for every screen.
 */
public interface Screen {

    String id();

    String title();

    Ikon icon();

    /** The screen's view: built on the first call (the first time the screen is shown), the same one after. */
    Node view();

    /** Run each time the screen is shown, after its view is in the window (a journal reads itself again). */
    default void shown() {
    }

    /** Whether the navigation offers the screen now (the Fleet screen: only with two clusters open). */
    default ObservableBooleanValue offered() {
        return Bindings.createBooleanBinding(() -> true);
    }

    /** Keyboard focus on the screen's main table (after the palette chose the screen or a cluster). */
    default void focusTable() {
        if (view().lookup(".table-view") instanceof TableView<?> table) {
            table.requestFocus();
        }
    }

    /** Keyboard focus on the screen's search field (Shortcut+F); false when the screen has none. */
    default boolean focusSearch() {
        return false;
    }

    /** The window closes: stop what the screen watches and draws (called once, whether or not it was built). */
    default void stop() {
    }
}
