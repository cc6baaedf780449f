package dev.flightdeck.views.journal;

import dev.flightdeck.app.journal.Journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One read of the journal for a range, done off the FX thread: every entry in the range (the
 * screen filters in memory, so changing a filter needs no new read), newest first, and what the
 * empty screen needs to say.
 *
 * @param directory       where the journal lives, to tell people
 * @param lines           the range's entries, newest first
 * @param unreadableLines lines that could not be parsed (a torn last line after a crash)
 * @param journalEmpty    true when the journal has no entry at all, in any range
 */
record JournalLoad(TimeRange range, Path directory, List<JournalLine> lines, int unreadableLines,
                   boolean journalEmpty) {

    static final Comparator<JournalLine> NEWEST_FIRST =
            Comparator.comparing((JournalLine l) -> l.entry().at()).reversed();

    static JournalLoad read(Journal journal, TimeRange range) throws IOException {
        Journal.Read read = journal.read(range.from(), range.to(), e -> true);
        List<JournalLine> lines = read.entries().stream().map(JournalLine::of).sorted(NEWEST_FIRST).toList();
        boolean empty = lines.isEmpty() && read.unreadableLines() == 0 && !hasAnyEntry(journal.directory());
        return new JournalLoad(range, journal.directory(), lines, read.unreadableLines(), empty);
    }

    /** Any non-empty day file; entries outside the range count too, so "empty" means never used. */
    private static boolean hasAnyEntry(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".jsonl") && sizeOf(p) > 0);
        }
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 1; // there but unreadable: not "never used", the read will say what is wrong
        }
    }
}
