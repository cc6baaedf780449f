package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.secrets.Redaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Search in a rank's lines and saving them to a file, as the Logs view does both. */
class LogSearchAndExportTest {

    private static final String TOKEN = dev.flightdeck.testkit.TestSecrets.remember("hf_" + "ExPoRtToKeN0a9s8d7f6g5h4j3k2l1zXcVb");
    private static final Instant T = Instant.parse("2026-11-24T14:02:11Z");

    private static final List<LogLine> LINES = List.of(
            new LogLine(T, "[rank3] step 10 | loss 2.71"),
            new LogLine(T.plusSeconds(1), "[rank3] export WANDB_API_KEY=" + TOKEN),
            new LogLine(T.plusSeconds(2), "[rank3]: Traceback (most recent call last):"),
            new LogLine(T.plusSeconds(3), "[rank3]:   File \"train.py\", line 1, in <module>"),
            new LogLine(T.plusSeconds(4), "[rank3]: RuntimeError: CUDA error: an illegal memory access was encountered"),
            new LogLine(T.plusSeconds(5), "[rank3] STEP 20 after restart"));

    @Test
    void searchByTextRegexAndErrors() {
        assertEquals(List.of(0, 5), LogSearch.text(LINES, "Step "));
        assertEquals(List.of(), LogSearch.text(LINES, "  "));
        assertEquals(List.of(4), LogSearch.regex(LINES, "illegal \\w+ access"));
        assertThrows(java.util.regex.PatternSyntaxException.class, () -> LogSearch.regex(LINES, "("));
        assertEquals(List.of(4), LogSearch.errors(LINES), "the traceback's exception line, once");
    }

    @Test
    void aSavedLogIsRedactedAndOwnerOnly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("saved/rank-3.log");
        LogExport.write(file, LINES, true);
        String saved = Files.readString(file);
        assertFalse(saved.contains(TOKEN));
        assertEquals("2026-11-24T14:02:12.000000000Z [rank3] export WANDB_API_KEY=" + Redaction.PLACEHOLDER,
                saved.lines().toList().get(1));
        if (Files.getFileAttributeView(file, java.nio.file.attribute.PosixFileAttributeView.class) != null) {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
    }
}
