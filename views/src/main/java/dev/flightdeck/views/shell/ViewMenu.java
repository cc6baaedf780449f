package dev.flightdeck.views.shell;

import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.settings.Theme;
import dev.flightdeck.views.theme.Themes;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.scene.control.MenuButton;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import dev.flightdeck.views.theme.Icons;
import javafx.application.ColorScheme;
import org.kordamp.ikonli.javafx.FontIcon;

import java.io.IOException;
import java.util.function.Supplier;

/**
 * The top bar's View menu: light, dark, or following the operating system. A choice takes effect in every window
 * at once and is remembered at the top of settings.json (written off the FX thread; a failure is said in the notice
 * banner, and the theme stays as chosen for this run).
 */
final class ViewMenu extends MenuButton {

    private final ToggleGroup themes = new ToggleGroup();
    private final Supplier<SettingsFile> settings;
    private final StringProperty notice;

    /** @param settings the file the choice is remembered in (the standard one; a test's own) */
    ViewMenu(Supplier<SettingsFile> settings, StringProperty notice) {
        super("View", new FontIcon(Icons.THEME));
        this.settings = settings;
        this.notice = notice;
        setId("view-menu");
        setTooltip(new Tooltip("Light or dark, or as the operating system is set"));
        RadioMenuItem system = item(Theme.SYSTEM, "Follow the system");
        getItems().setAll(item(Theme.LIGHT, "Light"), item(Theme.DARK, "Dark"), system);
        // Says what "the system" makes now, so choosing it is no surprise.
        system.textProperty().bind(Themes.systemSchemeProperty()
                .map(s -> "Follow the system (now " + (s == ColorScheme.DARK ? "dark" : "light") + ")"));
        Themes.chosenProperty().subscribe(this::showChosen);
    }

    private RadioMenuItem item(Theme theme, String text) {
        RadioMenuItem item = new RadioMenuItem(text);
        item.setId("theme-" + theme.word());
        item.setUserData(theme);
        item.setToggleGroup(themes);
        item.setOnAction(e -> choose(theme));
        return item;
    }

    private void showChosen(Theme theme) {
        themes.getToggles().forEach(t -> t.setSelected(t.getUserData() == theme));
    }

    /** Applies {@code theme} now and remembers it. */
    void choose(Theme theme) {
        Themes.choose(theme);
        SettingsFile file = settings.get();
        Thread.ofVirtual().name("save-theme").start(() -> {
            try {
                file.saveTheme(theme);
            } catch (IOException e) {
                Platform.runLater(() -> notice.set("could not remember the theme: " + e.getMessage()));
            }
        });
    }
}
