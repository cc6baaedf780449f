package dev.flightdeck.app.layout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flightdeck.app.threads.UiThreadGuard;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * window.json beside settings.json: the layout the console writes for itself, kept apart from the file a person
 * edits by hand so that a resized column never rewrites their settings. Written whole to a temporary file and
 * moved into place; a file that cannot be read or is not a layout is one line and no layout, never a stop.
 */
public final class WindowLayoutFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The layout read, and why it is {@link WindowLayout#NONE} when the file was unusable (else null). */
    public record Loaded(WindowLayout layout, String problem) { }

    private final Path file;

    public WindowLayoutFile(Path file) {
        this.file = file;
    }

    public static WindowLayoutFile standard() {
        return new WindowLayoutFile(dev.flightdeck.app.settings.AppDirectories.standard().windowFile());
    }

    public Path path() {
        return file;
    }

    public Loaded load() {
        UiThreadGuard.blocking("reading " + file);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Loaded(WindowLayout.NONE, null);
        } catch (IOException e) {
            return problem("cannot be read (" + e.getMessage() + ")");
        }
        try {
            return new Loaded(LayoutJson.read(JSON.readTree(bytes)), null);
        } catch (JsonProcessingException e) {
            return problem("is not valid JSON (line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            return problem("cannot be read (" + e.getMessage() + ")");
        } catch (IllegalArgumentException e) {
            return problem(e.getMessage());
        }
    }

    private Loaded problem(String why) {
        return new Loaded(WindowLayout.NONE, "window layout " + file + " " + why
                + "; the window opens as new and the file is replaced when the layout changes");
    }

    public void save(WindowLayout layout) throws IOException {
        UiThreadGuard.blocking("writing " + file);
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), "window", ".tmp");
        try {
            Files.write(tmp, LayoutJson.write(layout));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
