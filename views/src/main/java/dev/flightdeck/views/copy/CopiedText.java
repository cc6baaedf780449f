package dev.flightdeck.views.copy;

import dev.flightdeck.app.secrets.Redaction;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Text the console lets a person take out of it — onto the clipboard or into a file — passes the redaction
 * boundary here, and only here (the views' ArchitectureTest holds every other class to it).
 */
public final class CopiedText {

    private CopiedText() {
    }

    /** Puts {@code text}, redacted, on the system clipboard (FX thread). */
    public static void toClipboard(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(Redaction.text(text));
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** Writes {@code text}, redacted, to {@code file} (UTF-8), replacing it; any thread but the FX one. */
    public static void toFile(Path file, String text) throws IOException {
        Files.writeString(file, Redaction.text(text), StandardCharsets.UTF_8);
    }
}
