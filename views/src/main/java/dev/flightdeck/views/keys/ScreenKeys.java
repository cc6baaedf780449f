package dev.flightdeck.views.keys;

import java.util.List;

/**
 * The keys of one screen, beyond those every table has (j/k/g/G): which table they move, what {@code /} and
 * Enter do there, and one letter per action on the selection. The same description drives the keys and the
 * {@code ?} list, so the list cannot promise a key that does nothing.
 *
 * @param table   the css id of the screen's main table, moved by j/k/g/G when focus is not in another table
 * @param search  focuses the screen's search field, or null when it has none
 * @param enter   what Enter on the main table does ("opens the details"), or null when the table does it itself
 * @param letters the actions on the selection, one letter each
 * @param notes   keys the screen's own controls handle, listed in {@code ?} only
 */
public record ScreenKeys(String title, String table, Runnable search, Action enter, List<Action> letters,
                         List<Help> notes) {

    /** A key and what it does, run on the FX thread. */
    public record Action(String key, String what, Runnable run) {
        public Help help() {
            return new Help(key, what);
        }
    }

    /** A key and what it does, as the {@code ?} list shows it. */
    public record Help(String key, String what) { }

    public ScreenKeys {
        letters = List.copyOf(letters);
        notes = List.copyOf(notes);
    }

    /** The letter action bound to {@code key}, or null. */
    public Action letter(String key) {
        for (Action a : letters) {
            if (a.key().equals(key)) {
                return a;
            }
        }
        return null;
    }
}
