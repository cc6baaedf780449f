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
 * reviewer without a display) can see the screen a test drove. Files go under the
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
        return write(() -> scene.snapshot(null), name);
    }

    /** Snapshots one node (a popup's list, which a window's scene does not hold) and writes it as {@link #write(Scene, String)}. */
    public static Path write(javafx.scene.Node node, String name) throws Exception {
        return write(() -> node.snapshot(null, null), name);
    }

    private static Path write(java.util.function.Supplier<WritableImage> snapshot, String name) throws Exception {
        CompletableFuture<WritableImage> shot = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                shot.complete(snapshot.get());
            } catch (RuntimeException e) {
                shot.completeExceptionally(e);
            }
        });
        WritableImage image = shot.get(30, TimeUnit.SECONDS);
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
}
