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

    /**
     * Asks where to save {@code text} (a file chooser over {@code owner}, suggesting {@code name}), then writes it there,
     * redacted, off the FX thread; a write that fails is said in an alert. FX thread.
     */
    public static void saveAs(javafx.stage.Window owner, String title, String name, String text) {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(name.replaceAll("[^A-Za-z0-9._-]+", "-"));
        java.io.File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return;
        }
        Thread.ofVirtual().name("save-text").start(() -> {
            try {
                toFile(file.toPath(), text);
            } catch (IOException e) {
                javafx.application.Platform.runLater(() -> new javafx.scene.control.Alert(
                        javafx.scene.control.Alert.AlertType.ERROR, "could not save " + file + ": " + e.getMessage()).show());
            }
        });
    }

    /** Writes {@code text}, redacted, to {@code file} (UTF-8), replacing it; any thread but the FX one. */
    public static void toFile(Path file, String text) throws IOException {
        Files.writeString(file, Redaction.text(text), StandardCharsets.UTF_8);
    }
}
