package dev.flightdeck.views.shell;

import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import org.kordamp.ikonli.Ikon;

import java.util.function.Supplier;

/**
 * One screen of the main window, as the navigation offers it: its id (the navigation button is
 * {@code nav-ID}), its title and icon, how its view is built (once, when first shown: building every
 * screen at start was a third of the time to the first frame), what showing it does besides, and
 * when it is offered at all.
 *
 * @param shown   run each time the screen is shown (a drill notes it, a journal refreshes)
 * @param offered whether the navigation shows the screen (the Fleet screen: only with two clusters open)
 */
public record Screen(String id, String title, Ikon icon, Supplier<? extends Node> view, Runnable shown,
                     ObservableBooleanValue offered) {

    /** A screen always offered, with nothing to do when shown but show its view. */
    public static Screen of(String id, String title, Ikon icon, Supplier<? extends Node> view) {
        return new Screen(id, title, icon, view, () -> { }, javafx.beans.binding.Bindings.createBooleanBinding(() -> true));
    }

    public Screen whenShown(Runnable then) {
        return new Screen(id, title, icon, view, then, offered);
    }

    public Screen offeredWhile(ObservableBooleanValue condition) {
        return new Screen(id, title, icon, view, shown, condition);
    }
}
