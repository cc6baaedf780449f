package dev.flightdeck.views.shell;

import dev.flightdeck.views.keys.KeyDispatcher;
import dev.flightdeck.views.keys.OverlayLayer;
import javafx.scene.Scene;
import javafx.scene.input.KeyCombination;

/** The main window's keyboard shortcuts. */
final class WindowKeys {

    private WindowKeys() {
    }

    /**
     * Shortcut+K: the command palette; Shortcut+F: the search of the screen shown; Shortcut+L: the cluster
     * switcher; and the single keys of each screen (j/k/g/G, /, Enter, its letters, ?), as {@link ScreenKeyMaps}
     * describes them.
     */
    static void install(Scene scene, OverlayLayer layer, ScreenNav screens, ScreenKeyMaps keys, Runnable openPalette,
                        Runnable focusSearch, Runnable focusSwitcher) {
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+K"), openPalette);
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+F"), () -> {
            layer.hide();
            focusSearch.run();
        });
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+L"), () -> {
            layer.hide();
            focusSwitcher.run();
        });
        KeyDispatcher.install(scene, layer, keys::shown, () -> screens.view(screens.shown()));
    }
}
