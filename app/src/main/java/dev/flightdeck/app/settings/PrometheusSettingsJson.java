package dev.flightdeck.app.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;

/**
 * A cluster's {@code "prometheus"} block in the settings file:
 * <pre>{"url": "https://prom.lab", "bearerTokenFile": "prom.token", "caFile": "/etc/ssl/lab-ca.pem"}</pre>
 * A bad value is refused in one line naming the field. Relative files are read from the settings file's directory,
 * so a settings folder can be copied whole. An inline secret ({@code bearerToken}, {@code password}) is refused: the
 * settings file is not a secret store, and what it holds may be shown.
 */
final class PrometheusSettingsJson {

    private static final Set<String> FIELDS = Set.of("url", "bearerTokenFile", "username", "passwordFile", "caFile",
            "insecureSkipTlsVerify");

    private PrometheusSettingsJson() {
    }

    /** The block's settings; null when there is no block (look for a Prometheus instead). */
    static PrometheusSettings read(JsonNode block, Path settingsDir) {
        if (block == null || block.isNull() || block.isMissingNode()) {
            return null;
        }
        if (!block.isObject()) {
            throw new IllegalArgumentException("prometheus must be an object such as {\"url\": \"https://prom.lab\"}");
        }
        for (Iterator<String> names = block.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.equals("bearerToken") || name.equals("password")) {
                throw new IllegalArgumentException("prometheus." + name + " is not read: put it in a file and name the file in "
                        + "prometheus." + name + "File");
            }
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException("prometheus." + name + " is not a setting (known: url, bearerTokenFile, "
                        + "username, passwordFile, caFile, insecureSkipTlsVerify)");
            }
        }
        JsonNode insecure = block.get("insecureSkipTlsVerify");
        if (insecure != null && !insecure.isBoolean()) {
            throw new IllegalArgumentException("prometheus.insecureSkipTlsVerify must be true or false");
        }
        return new PrometheusSettings(url(text(block, "url")), file(block, "bearerTokenFile", settingsDir),
                text(block, "username"), file(block, "passwordFile", settingsDir), file(block, "caFile", settingsDir),
                insecure != null && insecure.asBoolean());
    }

    static void write(ObjectNode cluster, PrometheusSettings p, Path settingsDir) {
        ObjectNode o = cluster.putObject("prometheus").put("url", p.url().toString());
        putFile(o, "bearerTokenFile", p.bearerTokenFile(), settingsDir);
        if (p.username() != null) {
            o.put("username", p.username());
        }
        putFile(o, "passwordFile", p.passwordFile(), settingsDir);
        putFile(o, "caFile", p.caFile(), settingsDir);
        if (p.insecureSkipTlsVerify()) {
            o.put("insecureSkipTlsVerify", true);
        }
    }

    private static URI url(String text) {
        if (text == null) {
            return null; // PrometheusSettings says it is needed
        }
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("prometheus.url \"" + text + "\" is not a URL (" + e.getReason() + ")");
        }
    }

    private static Path file(JsonNode block, String field, Path settingsDir) {
        String text = text(block, field);
        if (text == null) {
            return null;
        }
        try {
            Path p = Path.of(text);
            return p.isAbsolute() || settingsDir == null ? p : settingsDir.resolve(p).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("prometheus." + field + " \"" + text + "\" is not a file name");
        }
    }

    /** Kept as written when it is under the settings directory, so the file stays portable. */
    private static void putFile(ObjectNode o, String field, Path file, Path settingsDir) {
        if (file != null) {
            o.put(field, settingsDir != null && file.startsWith(settingsDir) ? settingsDir.relativize(file).toString()
                    : file.toString());
        }
    }

    private static String text(JsonNode block, String field) {
        JsonNode v = block.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("prometheus." + field + " must be a string");
        }
        return v.asText().isBlank() ? null : v.asText().strip();
    }
}
