package dev.flightdeck.views.keys;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

import java.util.function.Supplier;

/**
 * The window's single-key commands, k9s-style: j/k/g/G move the table with the focus (else the screen's main
 * table, which then takes the focus), {@code /} focuses the screen's search, Enter on the main table runs the
 * screen's Enter, a letter runs the screen's action on the selection, {@code ?} lists them. None fires while a
 * text field has the focus, with Ctrl, Alt or ⌘ held, or while a card (the palette, the list) is shown. Characters
 * are read from KEY_TYPED, so {@code ?} and {@code G} are the characters typed on any keyboard layout.
 */
public final class KeyDispatcher {

    private KeyDispatcher() {
    }

    /**
     * @param screen the keys of the screen shown
     * @param view   the view of the screen shown (where its main table is looked up)
     */
    public static void install(Scene scene, OverlayLayer layer, Supplier<ScreenKeys> screen, Supplier<Node> view) {
        scene.addEventHandler(KeyEvent.KEY_TYPED, e -> {
            if (quiet(scene, layer, e)) {
                return;
            }
            ScreenKeys keys = screen.get();
            if (keys != null && handle(e.getCharacter(), keys, scene, layer, view.get())) {
                e.consume();
            }
        });
        // Enter is a key press, not a character; the tables that open a row on Enter themselves consume it first.
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() != KeyCode.ENTER || quiet(scene, layer, e)) {
                return;
            }
            ScreenKeys keys = screen.get();
            if (keys != null && keys.enter() != null && scene.getFocusOwner() instanceof TableView<?> t
                    && keys.table().equals(t.getId())) {
                keys.enter().run().run();
                e.consume();
            }
        });
    }

    private static boolean quiet(Scene scene, OverlayLayer layer, KeyEvent e) {
        return layer.showing() || e.isShortcutDown() || e.isControlDown() || e.isAltDown() || e.isMetaDown()
                || scene.getFocusOwner() instanceof TextInputControl;
    }

    private static boolean handle(String c, ScreenKeys keys, Scene scene, OverlayLayer layer, Node view) {
        switch (c) {
            case "?" -> layer.show(new KeyList(keys), "key-list", () -> { });
            case "j" -> moveIn(scene, keys, view, t -> TableKeys.move(t, 1));
            case "k" -> moveIn(scene, keys, view, t -> TableKeys.move(t, -1));
            case "g" -> moveIn(scene, keys, view, TableKeys::first);
            case "G" -> moveIn(scene, keys, view, TableKeys::last);
            case "/" -> {
                if (keys.search() == null) {
                    return false;
                }
                keys.search().run();
            }
            default -> {
                ScreenKeys.Action a = keys.letter(c);
                if (a == null) {
                    return false;
                }
                a.run().run();
            }
        }
        if ("?".equals(c) && layer.lookup("#key-list") instanceof Node list) {
            list.requestFocus();
        }
        return true;
    }

    /** The table with the focus, else the screen's main table, given the focus. */
    private static void moveIn(Scene scene, ScreenKeys keys, Node view,
                               java.util.function.Consumer<TableView<?>> move) {
        if (scene.getFocusOwner() instanceof TableView<?> focused) {
            move.accept(focused);
            return;
        }
        if (view != null && keys.table() != null && view.lookup("#" + keys.table()) instanceof TableView<?> main) {
            main.requestFocus();
            move.accept(main);
        }
    }
}
