package dev.flightdeck.app.journal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.flightdeck.app.secrets.Redaction;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The append-only action journal: JSON lines, one file per UTC day ({@code 2026-11-22.jsonl}),
 * in the app-data directory. Each entry is one write of a whole line followed by an fsync, so
 * after a crash the file holds every entry that was acknowledged and at most one torn last line,
 * which reading skips and counts. Existing lines are never rewritten. The directory and its files
 * are readable by their owner only ({@link OwnerOnlyFiles}), and no entry carries a secret: every one
 * passes the redaction boundary on its way in ({@link Redaction}).
 */
public final class Journal {

    static final ObjectMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    private static final System.Logger LOG = System.getLogger(Journal.class.getName());

    private final Path dir;
    /** Files made owner-only by this process (checked once each, not on every append). */
    private final java.util.Set<Path> restricted = new java.util.HashSet<>();

    public Journal(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /**
     * Appends one entry durably, its secrets taken out on the way in ({@link Redaction}: its words, its target
     * and every detail, whoever built it); returns once it is on disk.
     */
    public synchronized void append(JournalEntry e) throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("writing the journal");
        byte[] line = (JSON.writeValueAsString(redacted(e)) + "\n").getBytes(StandardCharsets.UTF_8);
        Path file = fileFor(e.at());
        if (restricted.add(file)) {
            // Owner-only before the first byte goes in (and a file an older version wrote, tightened).
            Files.createDirectories(dir);
            try {
                OwnerOnlyFiles.directory(dir);
                OwnerOnlyFiles.file(file);
            } catch (IOException | UnsupportedOperationException notRestricted) {
                // A file system without owners or modes (FAT, some network shares) still keeps the journal.
                LOG.log(System.Logger.Level.WARNING, "journal " + file + " could not be made readable by its owner only: "
                        + notRestricted.getMessage());
            }
        }
        // A crash may have left a torn last line without its newline: start a fresh line so this
        // entry is not glued onto it (the torn one stays unreadable, this one does not).
        if (endsTorn(file)) {
            byte[] withBreak = new byte[line.length + 1];
            withBreak[0] = '\n';
            System.arraycopy(line, 0, withBreak, 1, line.length);
            line = withBreak;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ByteBuffer buf = ByteBuffer.wrap(line);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(false);
        }
    }

    private static JournalEntry redacted(JournalEntry e) {
        return new JournalEntry(e.at(), Redaction.text(e.cluster()), e.context(), e.user(), e.action(), e.phase(),
                Redaction.text(e.target()), Redaction.text(e.message()), Redaction.details(e.details()), e.durationMs(),
                e.version());
    }

    private static boolean endsTorn(Path file) throws IOException {
        if (!Files.exists(file)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() == 0) {
                return false;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            ch.read(last, ch.size() - 1);
            return last.get(0) != '\n';
        }
    }

    /** The file that holds the entries written at {@code at} (one per UTC day). */
    public Path fileFor(Instant at) {
        return dir.resolve(LocalDate.ofInstant(at, ZoneOffset.UTC) + ".jsonl");
    }

    /** What a read found: the entries, and how many lines could not be read (a torn last line after a crash). */
    public record Read(List<JournalEntry> entries, int unreadableLines) {
    }

    /** Entries with {@code from <= at < to} that match {@code filter}, oldest first. */
    public Read read(Instant from, Instant to, Predicate<JournalEntry> filter) throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("reading the journal");
        List<JournalEntry> out = new ArrayList<>();
        int bad = 0;
        if (!Files.isDirectory(dir)) {
            return new Read(out, 0);
        }
        LocalDate first = LocalDate.ofInstant(from, ZoneOffset.UTC);
        LocalDate last = LocalDate.ofInstant(to, ZoneOffset.UTC);
        List<Path> days;
        try (Stream<Path> files = Files.list(dir)) {
            days = files.filter(p -> p.getFileName().toString().matches("\\d{4}-\\d{2}-\\d{2}\\.jsonl"))
                    .filter(p -> {
                        LocalDate d = LocalDate.parse(p.getFileName().toString().substring(0, 10));
                        return !d.isBefore(first) && !d.isAfter(last);
                    }).sorted().toList();
        }
        for (Path day : days) {
            for (String line : Files.readAllLines(day, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JournalEntry e;
                try {
                    e = JSON.readValue(line, JournalEntry.class);
                } catch (JsonProcessingException torn) {
                    bad++;
                    continue;
                }
                if (!e.at().isBefore(from) && e.at().isBefore(to) && filter.test(e)) {
                    out.add(e);
                }
            }
        }
        out.sort(java.util.Comparator.comparing(JournalEntry::at));
        return new Read(out, bad);
    }

    /** An object as JSON, for saving what an action replaces (the whole object, before it is touched). */
    public static JsonNode snapshot(Object o) {
        return JSON.valueToTree(o);
    }
}
