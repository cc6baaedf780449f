package dev.flightdeck.app.journal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The journal is append-only JSON lines per UTC day, survives a torn last line, and exports a timeline. */
class JournalTest {

    @TempDir
    Path dir;

    private static JournalEntry entry(String at, String phase, String target, String message) {
        return new JournalEntry(Instant.parse(at), "https://10.0.0.1:6443", "prod-east", "alice@example.com", "drain",
                phase, target, message, Map.of("pods", 3), phase.equals("outcome") ? 64_500 : -1);
    }

    @Test
    void entriesComeBackInOrderAcrossDaysAndFilter() throws Exception {
        Journal j = new Journal(dir);
        j.append(entry("2026-11-21T23:59:58Z", "plan", "node/gpu-node-017", "plan: evict 3 pods, breaks 1 gang"));
        j.append(entry("2026-11-22T00:00:03Z", "confirm", "node/gpu-node-017", "confirmed by typing the node name"));
        j.append(entry("2026-11-22T00:01:08Z", "outcome", "node/gpu-node-017", "drained: 3 evicted"));
        j.append(entry("2026-11-22T00:02:00Z", "plan", "node/gpu-node-018", "plan: evict 1 pod"));
        assertTrue(Files.exists(dir.resolve("2026-11-21.jsonl")));
        assertEquals(3, Files.readAllLines(dir.resolve("2026-11-22.jsonl")).size());

        Journal.Read all = j.read(Instant.parse("2026-11-21T00:00:00Z"), Instant.parse("2026-11-23T00:00:00Z"), e -> true);
        assertEquals(4, all.entries().size());
        assertEquals(0, all.unreadableLines());
        assertEquals(entry("2026-11-22T00:01:08Z", "outcome", "node/gpu-node-017", "drained: 3 evicted"), all.entries().get(2));

        Journal.Read one = j.read(Instant.parse("2026-11-21T00:00:00Z"), Instant.parse("2026-11-23T00:00:00Z"),
                e -> e.target().equals("node/gpu-node-017"));
        assertEquals(3, one.entries().size());
        Journal.Read window = j.read(Instant.parse("2026-11-22T00:00:00Z"), Instant.parse("2026-11-22T00:02:00Z"), e -> true);
        assertEquals(2, window.entries().size(), "from inclusive, to exclusive");
    }

    @Test
    void aLineTornByACrashIsSkippedAndCountedAndLaterEntriesStillAppend() throws Exception {
        Journal j = new Journal(dir);
        j.append(entry("2026-11-22T10:00:00Z", "plan", "node/gpu-node-001", "plan"));
        Files.writeString(dir.resolve("2026-11-22.jsonl"), "{\"at\":\"2026-11-22T10:00:01Z\",\"clus",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        // The crash left no newline: the next entry must still start on a line of its own.
        j.append(entry("2026-11-22T10:00:05Z", "outcome", "node/gpu-node-001", "done"));
        Journal.Read r = j.read(Instant.parse("2026-11-22T00:00:00Z"), Instant.parse("2026-11-23T00:00:00Z"), e -> true);
        assertEquals(2, r.entries().size());
        assertEquals(1, r.unreadableLines());
    }

    @Test
    void timelineIsAMarkdownTableWithCellsEscaped() {
        List<JournalEntry> entries = List.of(
                entry("2026-11-22T10:00:00Z", "plan", "node/gpu-node-001", "plan | evict 2\npods"),
                entry("2026-11-22T10:01:04Z", "outcome", "node/gpu-node-001", "drained"));
        String md = IncidentTimeline.markdown("Drain of gpu-node-001", Instant.parse("2026-11-22T10:00:00Z"),
                Instant.parse("2026-11-22T11:00:00Z"), entries);
        assertEquals("""
                # Drain of gpu-node-001

                Flightdeck journal, 2026-11-22 10:00:00 to 2026-11-22 11:00:00 UTC, 2 entries.

                | time (UTC) | cluster | who | action | phase | target | what happened | took |
                |---|---|---|---|---|---|---|---|
                | 2026-11-22 10:00:00 | prod-east | alice@example.com | drain | plan | node/gpu-node-001 | plan \\| evict 2 pods |  |
                | 2026-11-22 10:01:04 | prod-east | alice@example.com | drain | outcome | node/gpu-node-001 | drained | 64.5 s |
                """, md);
    }

    @Test
    void theJournalIsReadableByItsOwnerOnlyAndAnOlderLooseFileIsTightened() throws Exception {
        Path journalDir = dir.resolve("journal");
        Journal j = new Journal(journalDir);
        j.append(entry("2026-11-22T00:00:03Z", "confirm", "node/gpu-node-017", "confirmed by typing the node name"));
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(journalDir)));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(journalDir.resolve("2026-11-22.jsonl"))));

        // A file an older version left world-readable is tightened at the first append of this one.
        Path older = journalDir.resolve("2026-11-21.jsonl");
        Files.writeString(older, "");
        Files.setPosixFilePermissions(older, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        j.append(entry("2026-11-21T10:00:00Z", "plan", "node/gpu-node-018", "plan: evict 1 pod"));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(older)));

        // A link someone made on purpose is written through, and its target's mode is left alone.
        Path target = Files.writeString(dir.resolve("elsewhere.jsonl"), "");
        Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        Files.createSymbolicLink(journalDir.resolve("2026-11-20.jsonl"), target);
        j.append(entry("2026-11-20T10:00:00Z", "plan", "node/gpu-node-019", "plan: evict 2 pods"));
        assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertTrue(Files.readString(target).contains("gpu-node-019"));
    }

    @Test
    void everyEntryIsRedactedOnTheWayInWhoeverBuiltIt() throws Exception {
        Journal j = new Journal(dir);
        String token = dev.flightdeck.app.secrets.TestTokens.GH_PAT;
        String password = dev.flightdeck.app.secrets.TestTokens.DB_PASSWORD;
        j.append(new JournalEntry(Instant.parse("2026-11-22T10:00:00Z"), "https://10.0.0.1:6443", "prod-east", "alice",
                "drain", "step", "node/gpu-node-017", "evicting with GH_PAT=" + token,
                Map.of("command", List.of("bash", "-c", "psql postgres://u:" + password + "@db/runs"), "token", password,
                        "object", dev.flightdeck.app.watch.KubeJson.MAPPER.readTree("{\"env\":[{\"name\":\"API_KEY\",\"value\":\""
                                + password + "\"}]}")), -1));
        String written = Files.readString(dir.resolve("2026-11-22.jsonl"));
        assertTrue(!written.contains(token) && !written.contains(password), "the journal holds a secret: "
                + written.replace(token, "#T#").replace(password, "#P#"));
        JournalEntry back = j.read(Instant.parse("2026-11-22T00:00:00Z"), Instant.parse("2026-11-23T00:00:00Z"), e -> true)
                .entries().getFirst();
        assertEquals("evicting with GH_PAT=" + dev.flightdeck.app.secrets.Redaction.PLACEHOLDER, back.message());
        assertEquals(dev.flightdeck.app.secrets.Redaction.PLACEHOLDER, back.details().get("token"));
    }
}
