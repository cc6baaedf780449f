package dev.flightdeck.testkit;

import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Every {@code @TempDir} of the suite under {@code target/test-tmp} (kept, see
 * junit-platform.properties), so that what the tests made Flightdeck write — journals, exports,
 * drill reports — is still there for {@link SecretsScan} after the run, and {@code mvn clean}
 * removes it.
 */
public final class TargetTempDirs implements TempDirFactory {

    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext extension) throws IOException {
        String root = System.getProperty("flightdeck.test.tmp");
        if (root == null) {
            return Files.createTempDirectory("junit");
        }
        Path parent = Files.createDirectories(Path.of(root));
        return Files.createTempDirectory(parent, extension.getRequiredTestClass().getSimpleName() + "-");
    }
}
