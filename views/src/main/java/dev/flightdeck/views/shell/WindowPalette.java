package dev.flightdeck.views.shell;

import dev.flightdeck.views.keys.CommandPalette;
import dev.flightdeck.views.keys.OverlayLayer;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/** The command palette (Shortcut+K) over the window's overlay layer: built the first time it is opened. */
final class WindowPalette {

    /** Where the palette reads and ranks the open clusters' lines, one task at a time. */
    private final ExecutorService work = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("command-palette").daemon().unstarted(r));
    private final Supplier<PaletteChoices> choicesMaker;
    private OverlayLayer layer;
    private CommandPalette palette;
    private PaletteChoices choices;

    /** @param choices what the palette offers and what choosing a line does, made when the palette is first opened */
    WindowPalette(Supplier<PaletteChoices> choices) {
        this.choicesMaker = choices;
    }

    /** The layer the palette opens over (the window's scene's). */
    void over(OverlayLayer layer) {
        this.layer = layer;
    }

    /** The palette over the window, reading the open clusters afresh; nothing when it is open already or no scene. */
    void open() {
        if (layer == null || layer.showing("palette")) {
            return;
        }
        if (palette == null) {
            choices = choicesMaker.get();
            palette = new CommandPalette(choices::choose, work);
        }
        layer.show(palette, "palette", () -> { });
        palette.open(choices.lines(), layer::hide);
    }

    void stop() {
        work.shutdownNow();
    }
}
