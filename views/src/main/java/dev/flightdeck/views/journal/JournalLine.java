package dev.flightdeck.views.journal;

import dev.flightdeck.app.journal.JournalEntry;

import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One journal entry as the screen holds it, with the lower-case text the search looks in (made
 * once, on the reading thread, because a resume's saved objects make some entries large).
 */
record JournalLine(JournalEntry entry, String haystack) {

    static JournalLine of(JournalEntry e) {
        String text = Stream.of(e.context(), e.cluster(), e.user(), e.action(), e.phase(), e.target(), e.message(),
                        e.details().isEmpty() ? null : DetailsText.compactJson(e.details()))
                .filter(s -> s != null && !s.isEmpty())
                .collect(Collectors.joining("\n"));
        return new JournalLine(e, text.toLowerCase(Locale.ROOT));
    }
}
