package dev.flightdeck.views.shell;

import dev.flightdeck.app.watch.ListProgress;

import java.util.Map;
import java.util.StringJoiner;

/**
 * The status bar's words for the LISTs under way, so a screen that fills while a large cluster lists says what is
 * still coming: {@code " · loading pods 41,000 of ~100,000"}. The count ahead is the server's own estimate
 * (remainingItemCount), hence the tilde; a LIST that has not yet answered says only its kind.
 */
final class LoadingWords {

    private LoadingWords() {
    }

    static String describe(Map<String, ListProgress> underWay) {
        if (underWay.isEmpty()) {
            return "";
        }
        StringJoiner all = new StringJoiner(", ", " · loading ", "");
        underWay.forEach((kind, p) -> {
            long expected = p.expected();
            if (p.soFar() == 0 && expected < 0) {
                all.add(kind + "…");
            } else if (expected < 0) {
                all.add("%s %,d so far".formatted(kind, p.soFar()));
            } else {
                all.add("%s %,d of ~%,d".formatted(kind, p.soFar(), expected));
            }
        });
        return all.toString();
    }
}
