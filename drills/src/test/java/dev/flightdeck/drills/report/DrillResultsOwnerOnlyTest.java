package dev.flightdeck.drills.report;

import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Kept drill reports and {@code results.jsonl} are readable by their owner only, like the journal:
 * a report names the cluster, its nodes and gangs, and who did what. Directories 0700, files 0600 —
 * also a results file an older version left readable by others, and an export's files (the folder the
 * person chose is theirs, left as it is).
 */
class DrillResultsOwnerOnlyTest {

    private static DrillReport report() {
        Instant start = Instant.parse("2026-11-25T10:00:00Z");
        return new DrillReport("rank-crash", "A rank crashes", Scenario.Level.WARM_UP, Duration.ofMinutes(10), 1, start,
                start.plusSeconds(90), DrillReport.Outcome.RECOVERED, "recovered", "brief", List.of(), 0, 0, List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of(), "runbook.sh", List.of(),
                "16 virtual GPU nodes on context staging", List.of(), "test");
    }

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void keptReportsAndTheResultsFileAreOwnerOnly(@TempDir Path home) throws Exception {
        assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
        Path drills = home.resolve("data").resolve("drills");
        Files.createDirectories(drills, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        // A results file an older version wrote, readable by everyone.
        Path results = drills.resolve("results.jsonl");
        Files.writeString(results, "");
        Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rw-r--r--"));

        DrillResults.Kept k = new DrillResults(drills).keep(report());

        assertEquals("rwx------", mode(drills));
        assertEquals("rwx------", mode(drills.resolve("reports")));
        assertEquals("rw-------", mode(results));
        assertTrue(Files.readString(results).contains("\"scenarioId\":\"rank-crash\""), Files.readString(results));
        for (Path f : List.of(k.markdown(), k.html(), k.json(), k.chart())) {
            assertTrue(Files.size(f) > 0, f + " written");
            assertEquals("rw-------", mode(f), f.toString());
        }
        try (Stream<Path> all = Files.list(drills.resolve("reports"))) {
            assertEquals(4, all.count(), "the four files of one report");
        }
    }

    @Test
    void anExportsFilesAreOwnerOnlyAndItsFolderIsLeftAsThePersonHasIt(@TempDir Path home) throws Exception {
        assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
        Path desktop = Files.createDirectories(home.resolve("Desktop"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        DrillResults.Kept k = DrillResults.export(report(), desktop, "drill-rank-crash");
        assertEquals("rwxr-xr-x", mode(desktop));
        for (Path f : List.of(k.markdown(), k.html(), k.json(), k.chart())) {
            assertEquals("rw-------", mode(f), f.toString());
        }
    }
}
