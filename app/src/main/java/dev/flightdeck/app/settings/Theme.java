package dev.flightdeck.app.settings;

import java.util.Locale;

/**
 * How the console looks: light, dark, or whichever the operating system is set to ({@code "theme"} at the top of
 * the settings file). Light when the file says nothing, or something else.
 */
public enum Theme {
    LIGHT, DARK, SYSTEM;

    /** The word the settings file uses: {@code "light"}, {@code "dark"}, {@code "system"}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The theme a settings word names, or null when it names none. */
    public static Theme ofWord(String word) {
        for (Theme t : values()) {
            if (t.word().equals(word)) {
                return t;
            }
        }
        return null;
    }

    /** The theme read from the settings file, and in one line why it is light when the file asked for something else. */
    public record Chosen(Theme theme, String problem) {

        public static final Chosen DEFAULT = new Chosen(LIGHT, null);
    }
}
