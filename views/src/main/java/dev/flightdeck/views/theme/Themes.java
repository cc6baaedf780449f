package dev.flightdeck.views.theme;

import dev.flightdeck.app.settings.Theme;
import javafx.application.ColorScheme;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Window;

import java.util.function.Consumer;

/**
 * The console's theme, one for every window: the one chosen (light, dark, or the system's), the {@link Look} that
 * makes now, and its {@link Palette}. A window {@link #install installs} flightdeck.css and the look's palette
 * stylesheet; a change of look swaps that one stylesheet in every open window, and what is drawn in Java
 * {@link #paint repaints}. With "system", a change of the OS's colour scheme is followed as it happens. FX thread only.
 */
public final class Themes {

    private static final ObjectProperty<Theme> CHOSEN = new SimpleObjectProperty<>(Themes.class, "theme", Theme.LIGHT);
    private static final ReadOnlyObjectWrapper<Look> LOOK = new ReadOnlyObjectWrapper<>(Themes.class, "look", Look.LIGHT);
    private static final ReadOnlyObjectWrapper<Palette> PALETTE =
            new ReadOnlyObjectWrapper<>(Themes.class, "palette", Palette.of(Look.LIGHT));
    /** The OS's colour scheme: bound to the platform's preferences; a test stands in for the OS by unbinding it. */
    private static final ObjectProperty<ColorScheme> OS_SCHEME = new SimpleObjectProperty<>(Themes.class, "osScheme");
    private static boolean following;

    private Themes() {
    }

    /** The theme chosen (the settings file's, or the View menu's). */
    public static ObjectProperty<Theme> chosenProperty() {
        follow();
        return CHOSEN;
    }

    /** Chooses {@code theme}: every open window takes its look at once. */
    public static void choose(Theme theme) {
        chosenProperty().set(theme == null ? Theme.LIGHT : theme);
    }

    public static ReadOnlyObjectProperty<Look> lookProperty() {
        follow();
        return LOOK.getReadOnlyProperty();
    }

    public static Look look() {
        return lookProperty().get();
    }

    public static ReadOnlyObjectProperty<Palette> paletteProperty() {
        follow();
        return PALETTE.getReadOnlyProperty();
    }

    public static Palette palette() {
        return paletteProperty().get();
    }

    /** The colour scheme the operating system says now (light when it says none). */
    public static ObservableValue<ColorScheme> systemSchemeProperty() {
        follow();
        return OS_SCHEME;
    }

    /** The OS's scheme as this class sees it, for a test to play the OS (unbind, set, bind again). */
    static ObjectProperty<ColorScheme> osScheme() {
        follow();
        return OS_SCHEME;
    }

    /** The look a theme makes while the OS says {@code scheme} (null when the platform does not say: light). */
    public static Look lookOf(Theme theme, ColorScheme scheme) {
        return switch (theme) {
            case LIGHT -> Look.LIGHT;
            case DARK -> Look.DARK;
            case SYSTEM -> scheme == ColorScheme.DARK ? Look.DARK : Look.LIGHT;
        };
    }

    /** Wires the look to the choice and the OS's colour scheme, once, when the toolkit is there to ask. */
    private static void follow() {
        if (following) {
            return;
        }
        following = true;
        // Observable since JavaFX 22: a person switching the OS to dark at dusk sees the console follow at once.
        OS_SCHEME.bind(Platform.getPreferences().colorSchemeProperty());
        Runnable update = () -> {
            Look look = lookOf(CHOSEN.get(), OS_SCHEME.get());
            if (look != LOOK.get()) {
                LOOK.set(look);
                PALETTE.set(Palette.of(look));
                Window.getWindows().forEach(w -> restyle(w.getScene()));
            }
        };
        CHOSEN.addListener((o, a, b) -> update.run());
        OS_SCHEME.addListener((o, a, b) -> update.run());
        update.run();
    }

    /** The console's stylesheets on {@code scene}: flightdeck.css and the palette of the look now. */
    public static void install(Scene scene) {
        install(scene.getStylesheets());
    }

    /** The same on a parent (a dialog's pane, whose scene is the dialog's own). */
    public static void install(Parent parent) {
        install(parent.getStylesheets());
    }

    private static void install(ObservableList<String> sheets) {
        if (!sheets.contains(Styles.stylesheet())) {
            sheets.add(Styles.stylesheet());
        }
        swap(sheets, look());
    }

    /** Calls {@code paint} with the palette now, and again whenever the look changes while {@code node} is in a scene. */
    public static void paint(Node node, Consumer<Palette> paint) {
        // when(): listens to the palette only while the node is in a scene, so a canvas gone from the screen is not
        // kept alive by this class's property; coming back after a change, it is painted with the new one.
        paletteProperty().when(node.sceneProperty().map(s -> Boolean.TRUE).orElse(false)).subscribe(paint);
    }

    private static void restyle(Scene scene) {
        if (scene == null) {
            return;
        }
        swap(scene.getStylesheets(), look());
        if (scene.getRoot() != null) {
            swap(scene.getRoot().getStylesheets(), look());
            // A Dialog's pane is the scene's root's child, with its own stylesheets.
            scene.getRoot().getChildrenUnmodifiable().forEach(n -> {
                if (n instanceof Parent p) {
                    swap(p.getStylesheets(), look());
                }
            });
        }
    }

    /** Replaces another look's stylesheet in {@code sheets} with {@code look}'s, right after flightdeck.css. */
    private static void swap(ObservableList<String> sheets, Look look) {
        if (!sheets.contains(Styles.stylesheet())) {
            return; // not one of ours
        }
        for (Look other : Look.values()) {
            if (other != look) {
                sheets.remove(other.stylesheet());
            }
        }
        if (!sheets.contains(look.stylesheet())) {
            sheets.add(sheets.indexOf(Styles.stylesheet()) + 1, look.stylesheet());
        }
    }
}
