package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.journal.OwnerOnlyFiles;
import dev.flightdeck.app.secrets.Redaction;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Saving a rank's lines to a file ("save to a file" in the Logs view): through the redaction boundary like everything
 * that leaves the process, so a token a training script printed is not written out, and readable by its owner only.
 */
public final class LogExport {

    private LogExport() {
    }

    /** Writes {@code lines} (with the kubelet's timestamps when {@code timestamps}) to {@code file}, redacted. */
    public static void write(Path file, List<LogLine> lines, boolean timestamps) throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("save a log to " + file);
        List<String> text = new ArrayList<>(lines.size());
        for (LogLine l : lines) {
            text.add(l.render(timestamps));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OwnerOnlyFiles.file(file); // owner-only before a line is in it
        Files.write(file, Redaction.lines(text), StandardCharsets.UTF_8);
    }
}
