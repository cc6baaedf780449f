package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.secrets.KnownSecrets;
import dev.flightdeck.app.settings.PrometheusSettings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;

/**
 * The {@code Authorization} header a configured Prometheus is sent: a bearer token or basic auth, read from the files
 * the settings name at each request (so a rotated token takes effect at the next refresh, as Prometheus's own
 * {@code bearer_token_file} does). Every value read, and the header made from it, is registered with the redaction
 * boundary before it is used, so it never leaves the process.
 */
final class PrometheusCredentials {

    private final Path tokenFile;
    private final String username;
    private final Path passwordFile;

    PrometheusCredentials(PrometheusSettings settings) {
        this.tokenFile = settings.bearerTokenFile();
        this.username = settings.username();
        this.passwordFile = settings.passwordFile();
    }

    /** The header's value, or null when the settings name no credential. */
    String authorization() throws IOException {
        if (tokenFile != null) {
            String token = read(tokenFile, "bearer token file");
            KnownSecrets.register(token);
            return "Bearer " + token;
        }
        if (username != null) {
            String password = read(passwordFile, "password file");
            String basic = Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
            KnownSecrets.register(password, basic);
            return "Basic " + basic;
        }
        return null;
    }

    /** What is sent, in words: never the secret itself. */
    String describe() {
        return tokenFile != null ? "bearer token from " + tokenFile
                : username != null ? "basic auth as " + username + " (password from " + passwordFile + ")" : "no credentials";
    }

    private static String read(Path file, String what) throws IOException {
        try {
            String v = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (v.isEmpty()) {
                throw new IOException("the Prometheus " + what + " " + file + " is empty");
            }
            return v;
        } catch (NoSuchFileException e) {
            throw new IOException("the Prometheus " + what + " " + file + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new IOException("the Prometheus " + what + " " + file + " cannot be read: permission denied", e);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new IOException("the Prometheus " + what + " " + file + " is not text", e);
        }
    }
}
