package dev.flightdeck.app.palette;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The palette's choices, most recent first: what was chosen lately comes first when nothing is typed, and ranks
 * higher among lines that match alike. Kept for the session only. Any thread: the palette ranks in the
 * background while the FX thread records a choice.
 */
public final class RecentChoices {

    /** One choice: its object, and what was done to it (null: gone to). */
    public record Choice(Verb verb, Target target) {
        public static Choice of(PaletteEntry e) {
            return new Choice(e.verb(), e.target());
        }
    }

    /** How many are kept: the list shown with nothing typed is a screenful. */
    public static final int KEPT = 30;
    /** The bonus of the latest choice; older ones get less, never below {@link #MIN_BONUS}. */
    static final int MAX_BONUS = 30;
    static final int MIN_BONUS = 12;

    private final List<Choice> choices = new ArrayList<>();

    public synchronized void chose(PaletteEntry e) {
        Choice c = Choice.of(e);
        choices.remove(c);
        choices.addFirst(c);
        if (choices.size() > KEPT) {
            choices.removeLast();
        }
    }

    /** The choices now, most recent first: a copy the ranking reads without locking. */
    public synchronized Snapshot snapshot() {
        Map<Choice, Integer> at = new HashMap<>();
        Set<Target> targets = new HashSet<>();
        for (int i = 0; i < choices.size(); i++) {
            at.put(choices.get(i), i);
            targets.add(choices.get(i).target());
        }
        return new Snapshot(List.copyOf(choices), at, targets);
    }

    /** The recent choices at one moment. */
    public record Snapshot(List<Choice> choices, Map<Choice, Integer> positions, Set<Target> targets) {

        public static final Snapshot NONE = new Snapshot(List.of(), Map.of(), Set.of());

        /** What having chosen {@code verb} on {@code target} lately adds to its score: the later, the more; 0 if never. */
        public int bonus(Verb verb, Target target) {
            if (!targets.contains(target)) {
                return 0; // the cheap test first: it runs for every line that matches
            }
            Integer at = positions.get(new Choice(verb, target));
            return at == null ? 0 : Math.max(MIN_BONUS, MAX_BONUS - at);
        }
    }
}
