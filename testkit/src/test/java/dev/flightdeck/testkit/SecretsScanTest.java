package dev.flightdeck.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scan that runs after the suite finds a remembered secret in an output, and says where without saying it. */
class SecretsScanTest {

    @Test
    void aSecretInAJournalOrALogIsAHitNamedByFileAndAKubeconfigIsNot(@TempDir Path dir) throws Exception {
        String secret = "tok-" + System.nanoTime() + "-canary";
        Path registry = Files.createDirectories(dir.resolve("secrets"));
        Files.writeString(registry.resolve("1.secrets"),
                Base64.getEncoder().encodeToString(secret.getBytes(StandardCharsets.UTF_8)) + "\n");
        Path out = Files.createDirectories(dir.resolve("out/journal"));
        Files.writeString(out.resolve("2026-11-24.jsonl"), "{\"step\":\"Authorization: Bearer " + secret + "\"}\n");
        Files.writeString(out.resolve("clean.jsonl"), "{\"step\":\"nothing here\"}\n");
        Files.writeString(dir.resolve("out/Some-output.txt"), "log line " + secret + "\n");
        Files.writeString(dir.resolve("out/admin.kubeconfig"), "token: " + secret + "\n"); // an input, not an output

        SecretsScan.Result r = SecretsScan.scan(registry, List.of(dir.resolve("out"), dir.resolve("missing")));

        assertEquals(1, r.secrets());
        assertEquals(3, r.files(), "the two journals and the log; not the kubeconfig");
        assertEquals(2, r.hits().size(), r.hits().toString());
        assertTrue(r.hits().stream().anyMatch(h -> h.contains("2026-11-24.jsonl")));
        assertTrue(r.hits().stream().anyMatch(h -> h.contains("Some-output.txt")));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        SecretsScan.report(r, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertFalse(printed.toString(StandardCharsets.UTF_8).contains(secret), "the report never repeats the secret");
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("2 hits"));
    }
}
