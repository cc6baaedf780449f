package dev.flightdeck.views.keys;

import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;

/** The {@code ?} card: the keys of the screen shown, then those of every table, then those of the whole window. */
public final class KeyList extends VBox {

    /** How a shortcut reads on this platform: Ctrl+K, ⌘K on macOS. */
    public static String shortcut(String key) {
        return KeyCombination.keyCombination("Shortcut+" + key).getDisplayText();
    }

    /** The keys every table has. */
    public static List<ScreenKeys.Help> tableKeys() {
        return List.of(new ScreenKeys.Help("j  k", "next row, previous row"),
                new ScreenKeys.Help("g  G", "first row, last row"));
    }

    /** The keys of the whole window. */
    public static List<ScreenKeys.Help> windowKeys() {
        return List.of(new ScreenKeys.Help(shortcut("K"), "command palette: go to or act on anything by name"),
                new ScreenKeys.Help(shortcut("F"), "the screen's search"),
                new ScreenKeys.Help(shortcut("L"), "the cluster switcher"),
                new ScreenKeys.Help("Tab", "the next control (Shift+Tab: the one before)"),
                new ScreenKeys.Help("?", "this list"),
                new ScreenKeys.Help("Esc", "close this list; on a screen, clear its search, then its filters"));
    }

    public KeyList(ScreenKeys screen) {
        setId("key-list");
        getStyleClass().add("key-list");
        setFocusTraversable(true); // it takes the focus while shown: letters typed then act on nothing behind it
        Label title = new Label("Keys — " + screen.title());
        title.setId("key-list-title");
        title.getStyleClass().add("key-list-title");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("key-list-grid");
        int row = 0;
        row = section(grid, row, "On this screen", screenKeys(screen));
        row = section(grid, row, "In every table", tableKeys());
        section(grid, row, "Anywhere", windowKeys());
        Label hint = new Label("Letters act on the selected row; they do nothing while a text field has the focus.");
        hint.getStyleClass().add("muted");
        getChildren().addAll(title, grid, hint);
    }

    /** What the screen adds: its search, Enter, its letters and what its own controls do. */
    static List<ScreenKeys.Help> screenKeys(ScreenKeys screen) {
        List<ScreenKeys.Help> keys = new ArrayList<>();
        if (screen.search() != null) {
            keys.add(new ScreenKeys.Help("/", "the search field"));
        }
        if (screen.enter() != null) {
            keys.add(screen.enter().help());
        }
        screen.letters().forEach(a -> keys.add(a.help()));
        keys.addAll(screen.notes());
        return keys;
    }

    private static int section(GridPane grid, int row, String title, List<ScreenKeys.Help> keys) {
        if (keys.isEmpty()) {
            return row;
        }
        Label heading = new Label(title);
        heading.getStyleClass().add("key-list-section");
        grid.add(heading, 0, row++, 2, 1);
        for (ScreenKeys.Help k : keys) {
            Label key = new Label(k.key());
            key.getStyleClass().add("keycap");
            key.setMinWidth(Region.USE_PREF_SIZE);
            Label what = new Label(k.what());
            what.setWrapText(true);
            grid.addRow(row++, key, what);
        }
        return row;
    }
}
