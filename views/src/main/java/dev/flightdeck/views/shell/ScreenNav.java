package dev.flightdeck.views.shell;

import dev.flightdeck.views.screen.Screen;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The main window's left navigation: one button per {@link Screen}, one screen shown at a time. A
 * screen's view is built the first time it is shown and kept (by the screen). Clicking the screen
 * already shown keeps it shown (the window is never left blank).
 */
final class ScreenNav extends VBox {

    private final Map<String, Screen> screens = new LinkedHashMap<>();
    private final Map<String, ToggleButton> buttons = new HashMap<>();
    private final ToggleGroup group = new ToggleGroup();
    private final List<BiConsumer<String, Node>> shownListeners = new ArrayList<>();

    /** @param show puts a screen's view in the window (the centre of its layout) */
    ScreenNav(List<Screen> all, String first, Consumer<Node> show) {
        getStyleClass().add(Styles.NAV);
        for (Screen s : all) {
            ToggleButton b = new ToggleButton(s.title(), new FontIcon(s.icon()));
            b.setId("nav-" + s.id());
            b.getStyleClass().add(Styles.NAV_ITEM);
            b.setToggleGroup(group);
            b.setUserData(s.id());
            b.visibleProperty().bind(s.offered());
            b.managedProperty().bind(b.visibleProperty());
            screens.put(s.id(), s);
            buttons.put(s.id(), b);
            getChildren().add(b);
        }
        group.selectedToggleProperty().addListener((o, old, now) -> {
            if (now == null && old != null) {
                old.setSelected(true);
            } else if (now != null) {
                Screen s = screens.get((String) now.getUserData());
                Node view = view(s.id());
                show.accept(view);
                s.shown();
                shownListeners.forEach(l -> l.accept(s.id(), view));
            }
        });
        buttons.get(first).setSelected(true);
    }

    /** Shows the screen {@code id} (as a click on its button does). */
    void show(String id) {
        ToggleButton b = buttons.get(id);
        if (b == null) {
            throw new IllegalArgumentException("no screen " + id);
        }
        b.setSelected(true);
    }

    /** The view of screen {@code id}, built now if it never was. */
    Node view(String id) {
        return screens.get(id).view();
    }

    /** Whether screen {@code id} is the one shown. */
    boolean showing(String id) {
        var now = group.getSelectedToggle();
        return now != null && id.equals(now.getUserData());
    }

    /** The id of the screen shown. */
    String shown() {
        var now = group.getSelectedToggle();
        return now == null ? null : (String) now.getUserData();
    }

    /** The screen shown. */
    Screen current() {
        return screens.get(shown());
    }

    /** The screens the navigation offers now, in its order (the Fleet screen only with two clusters open). */
    List<Screen> offered() {
        return screens.values().stream().filter(s -> s.offered().get()).toList();
    }

    /** Told each time a screen is shown (with its view), starting with the one shown now. */
    void onShown(BiConsumer<String, Node> listener) {
        shownListeners.add(listener);
        var now = group.getSelectedToggle();
        if (now != null) {
            listener.accept((String) now.getUserData(), view((String) now.getUserData()));
        }
    }

    /** Whether screen {@code id} exists and is offered now (the Fleet screen only with two clusters open). */
    boolean offered(String id) {
        Screen s = screens.get(id);
        return s != null && s.offered().get();
    }
}
