package dev.flightdeck.views.theme;

import java.util.Objects;

/** What the console looks like now: light or dark (a "system" theme is one of the two, whichever the OS says). */
public enum Look {
    LIGHT("theme-light.css"), DARK("theme-dark.css");

    private final String file;

    Look(String file) {
        this.file = file;
    }

    /** The stylesheet holding this look's palette, for {@code scene.getStylesheets()}. */
    public String stylesheet() {
        return Objects.requireNonNull(Look.class.getResource(file), file).toExternalForm();
    }

    /** Its file name beside flightdeck.css, for the tests that read the palette. */
    public String file() {
        return file;
    }
}
