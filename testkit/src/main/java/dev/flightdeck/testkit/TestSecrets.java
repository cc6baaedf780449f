package dev.flightdeck.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;

/**
 * The tokens, keys and passwords the tests hand to Flightdeck, remembered (in
 * {@code target/test-secrets/}) so that {@link SecretsScan} can prove after the run that none of
 * them reached a log, a journal, an export or a report. Every test that gives Flightdeck a
 * credential says so here.
 */
public final class TestSecrets {

    private TestSecrets() {
    }

    /** Remembers {@code secret} (and returns it, so a constant can be declared through it). */
    public static String remember(String secret) {
        String dir = System.getProperty("flightdeck.test.secrets");
        if (dir == null || secret == null || secret.length() < 8) {
            return secret; // run outside Maven (an IDE): nothing will scan
        }
        try {
            Path d = Files.createDirectories(Path.of(dir));
            // Base64, one per line: the registry is the one file the scan must not read as output.
            Files.writeString(d.resolve(ProcessHandle.current().pid() + ".secrets"),
                    Base64.getEncoder().encodeToString(secret.getBytes(StandardCharsets.UTF_8)) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return secret;
    }

    /** Remembers the key material of a PEM private key: its first line of base64 is enough to find a leak. */
    public static void rememberKey(String pem) {
        pem.lines().filter(l -> !l.startsWith("-----") && l.length() >= 40).findFirst().ifPresent(TestSecrets::remember);
    }
}
