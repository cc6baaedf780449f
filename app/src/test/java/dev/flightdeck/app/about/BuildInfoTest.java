package dev.flightdeck.app.about;

import dev.flightdeck.app.cli.Headless;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One version from one place: what Maven wrote into the build (project version, the commit, the
 * build time) is what {@code --version}, the user agent and every journal entry say; {@code --version} ends
 * with the license, whose text the jar carries.
 */
class BuildInfoTest {

    @Test
    void theBuildKnowsItsVersionCommitAndTime() {
        BuildInfo b = BuildInfo.current();
        assertTrue(b.version().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), "the pom's version: " + b.version());
        // A clone has its commit; a source tarball without .git says "unknown" rather than failing the build.
        // .git is a directory in a clone and a file in a git worktree.
        boolean inGit = Files.exists(Path.of(System.getProperty("basedir", "."), "..", ".git"));
        assertTrue(inGit ? b.commit().matches("[0-9a-f]{7}(\\+dirty)?") : b.commit().equals("unknown"), b.commit());
        Instant built = Instant.parse(b.built());
        assertTrue(built.isBefore(Instant.now().plusSeconds(60)) && built.isAfter(Instant.now().minusSeconds(86_400 * 7)),
                "built by this test run's build: " + built);
    }

    @Test
    void versionPrintsTheBuildAndTheRuntimeAndTheUserAgentCarriesIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Headless.run(new String[]{"--version"}, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err, List.of("JavaFX 25"));
        assertEquals(0, code);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(BuildInfo.current().line(), lines.get(0));
        assertTrue(lines.get(0).startsWith("Flightdeck " + BuildInfo.current().version() + " (commit "), lines.get(0));
        assertTrue(lines.get(1).startsWith("Java " + System.getProperty("java.runtime.version")), lines.get(1));
        assertEquals("JavaFX 25", lines.get(2));
        assertEquals(List.of("Licensed under the Apache License, Version 2.0"), lines.subList(3, lines.size()),
                "one license line closes --version");
        assertTrue(SessionOptions.USER_AGENT.startsWith("flightdeck/" + BuildInfo.current().version()), SessionOptions.USER_AGENT);
    }

    @Test
    void theLicenseTextIsTheTopLevelLicenseFile() throws Exception {
        // The copy in the jar (app/pom.xml) is the repository's LICENSE, byte for byte: About shows this one.
        Path top = Path.of(System.getProperty("basedir", "."), "..", "LICENSE");
        assertEquals(Files.readString(top), License.text());
        assertTrue(License.text().contains("Apache License") && License.text().contains("Version 2.0, January 2004"),
                "the Apache License 2.0 text");
    }

    @Test
    void everyJournalEntrySaysWhichBuildWroteIt(@TempDir Path dir) throws Exception {
        Journal journal = new Journal(dir);
        journal.append(new JournalEntry(Instant.now(), "https://10.0.0.1:6443", "prod", "alice", "cordon", "outcome",
                "node/gpu-node-001", "cordoned", Map.of(), 12));
        String line = Files.readString(Files.list(dir).findFirst().orElseThrow());
        assertTrue(line.contains("\"version\":\"" + BuildInfo.current().token("flightdeck") + "\""), line);
        JournalEntry back = journal.read(Instant.now().minusSeconds(60), Instant.now().plusSeconds(60), e -> true)
                .entries().getFirst();
        assertEquals(BuildInfo.current().token("flightdeck"), back.version());
    }
}
