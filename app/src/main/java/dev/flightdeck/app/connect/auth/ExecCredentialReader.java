package dev.flightdeck.app.connect.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads a plugin's stdout as an ExecCredential with client-go's rules: the apiVersion it answers
 * in must be the one the kubeconfig asked for, and its status must hold a token or a certificate
 * and key pair. What it printed is never quoted back: it may be a credential.
 */
final class ExecCredentialReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExecCredentialReader() {
    }

    static IssuedCredential read(byte[] stdout, String apiVersion, String plugin) {
        JsonNode doc;
        try {
            doc = JSON.readTree(stdout);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw bad(plugin, "printed " + stdout.length + " bytes that are not an ExecCredential (not JSON"
                    + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()) + ")");
        } catch (IOException e) {
            throw bad(plugin, "printed output that cannot be read: " + e.getClass().getSimpleName());
        }
        if (doc == null || doc.isMissingNode() || !doc.isObject()) {
            throw bad(plugin, "printed " + stdout.length + " bytes that are not an ExecCredential (no JSON object)");
        }
        String answered = doc.path("apiVersion").asText("");
        if (!answered.equals(apiVersion)) {
            throw bad(plugin, "answered in apiVersion '" + answered + "' but the kubeconfig asks for '" + apiVersion + "'");
        }
        if (!"ExecCredential".equals(doc.path("kind").asText(""))) {
            throw bad(plugin, "answered with kind '" + doc.path("kind").asText("") + "', not ExecCredential");
        }
        JsonNode status = doc.path("status");
        if (!status.isObject()) {
            throw bad(plugin, "returned an ExecCredential without a status");
        }
        Optional<Instant> expiry = expiry(status.path("expirationTimestamp"), plugin);
        String token = text(status.path("token"));
        String cert = text(status.path("clientCertificateData"));
        String key = text(status.path("clientKeyData"));
        if (token != null) {
            return new IssuedCredential(token, null, null, expiry);
        }
        if (cert != null && key != null) {
            return new IssuedCredential(null, cert, key, expiry);
        }
        if (cert != null || key != null) {
            throw bad(plugin, "returned a client " + (cert != null ? "certificate without its key" : "key without its certificate"));
        }
        throw bad(plugin, "returned neither a token nor a client certificate and key");
    }

    private static Optional<Instant> expiry(JsonNode node, String plugin) {
        if (node.isMissingNode() || node.isNull()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(node.asText()).toInstant());
        } catch (DateTimeParseException e) {
            throw bad(plugin, "returned an expirationTimestamp that is not an RFC 3339 time");
        }
    }

    private static String text(JsonNode n) {
        return n.isTextual() && !n.asText().isEmpty() ? n.asText() : null;
    }

    private static CredentialsUnavailable bad(String plugin, String what) {
        return new CredentialsUnavailable(plugin + " " + what);
    }
}
