package dev.flightdeck.views;

import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Writes what a scene looks like to a PNG, headless included, so a person (or a
 * reviewer without a display) can see the screen a test drove, and every text it shows
 * to {@code <name>.txt} beside it, where the secrets scan reads it. Files go under the
 * module's {@code target/screenshots/}.
 */
public final class Screenshots {

    private Screenshots() {
    }

    public static Path dir() {
        return Path.of(System.getProperty("basedir", "."), "target", "screenshots");
    }

    /** Snapshots {@code scene} on the FX thread and writes {@code target/screenshots/<name>.png}. */
    public static Path write(Scene scene, String name) throws Exception {
        return write(() -> scene.snapshot(null), scene.getRoot(), name);
    }

    /**
     * Writes {@code <name>.png} in the light theme and {@code <name>-dark.png} in the dark one, then puts the light
     * theme back: both looks of a screen, for a person to look at and the README to show.
     */
    public static Path writeBothThemes(Scene scene, String name) throws Exception {
        Path light = write(scene, name);
        FxWait.onFx(() -> {
            dev.flightdeck.views.theme.Themes.choose(dev.flightdeck.app.settings.Theme.DARK);
            return null;
        });
        try {
            write(scene, name + "-dark");
        } finally {
            FxWait.onFx(() -> {
                dev.flightdeck.views.theme.Themes.choose(dev.flightdeck.app.settings.Theme.LIGHT);
                return null;
            });
        }
        return light;
    }

    /** Snapshots one node (a popup's list, which a window's scene does not hold) and writes it as {@link #write(Scene, String)}. */
    public static Path write(javafx.scene.Node node, String name) throws Exception {
        return write(() -> node.snapshot(null, null), node, name);
    }

    private static Path write(java.util.function.Supplier<WritableImage> snapshot, javafx.scene.Node shown, String name)
            throws Exception {
        CompletableFuture<WritableImage> shot = new CompletableFuture<>();
        StringBuilder text = new StringBuilder();
        Platform.runLater(() -> {
            try {
                WritableImage image = snapshot.get();
                // Before completing: the test thread writes the texts as soon as the image is handed over.
                texts(shown, text);
                shot.complete(image);
            } catch (RuntimeException e) {
                shot.completeExceptionally(e);
            }
        });
        WritableImage image = shot.get(30, TimeUnit.SECONDS);
        Files.createDirectories(dir());
        Files.writeString(dir().resolve(name + ".txt"), text, java.nio.charset.StandardCharsets.UTF_8);
        BufferedImage png = SwingFXUtils.fromFXImage(image, null);
        Path file = dir().resolve(name + ".png");
        try {
            Files.createDirectories(file.getParent());
            if (!ImageIO.write(png, "png", file.toFile())) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /** Every text the node and its descendants show: labels, cells, buttons, fields, text areas, text nodes. */
    private static void texts(javafx.scene.Node node, StringBuilder out) {
        String t = switch (node) {
            case javafx.scene.control.Labeled l -> l.getText();
            case javafx.scene.control.TextInputControl input -> input.getText();
            case javafx.scene.text.Text shown -> shown.getText();
            default -> null;
        };
        if (t != null && !t.isBlank()) {
            out.append(t).append('\n');
        }
        // A label's skin draws its text again as a Text node, and a field's skin its text: not twice. A label may
        // still hold more (a graphic, a table row's cells, a titled pane's content).
        if (node instanceof javafx.scene.Parent p && !(node instanceof javafx.scene.control.TextInputControl)) {
            for (javafx.scene.Node child : p.getChildrenUnmodifiable()) {
                boolean drawnAgain = node instanceof javafx.scene.control.Labeled l && child instanceof javafx.scene.text.Text shown
                        && java.util.Objects.equals(shown.getText(), l.getText());
                if (!drawnAgain) {
                    texts(child, out);
                }
            }
        }
    }
}
