package dev.flightdeck.app.secrets;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one redaction boundary: everything that leaves the process — standard output and error (the headless
 * commands' words and every log line), journal entries of every kind, exports, drill reports, and the text the
 * console lets a person copy or save — passes through here. Objects are redacted by their structure
 * ({@link SecretObjects}), text by its shapes and names ({@link SecretText}), and both by the exact secrets
 * this process holds ({@link KnownSecrets}). Redacting what is already redacted changes nothing.
 */
public final class Redaction {

    public static final String PLACEHOLDER = SecretText.PLACEHOLDER;

    private Redaction() {
    }

    public static String text(String text) {
        return SecretText.redact(text);
    }

    public static List<String> lines(List<String> lines) {
        return SecretText.redact(lines);
    }

    /** A redacted deep copy of {@code object}. */
    public static JsonNode json(JsonNode object) {
        return SecretObjects.redact(object).object();
    }

    /** A journal entry's or report's structured facts, each value redacted (a secret-named text whole). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> details(Map<String, Object> details) {
        if (details == null || details.isEmpty()) {
            return details;
        }
        return (Map<String, Object>) SecretObjects.value(new LinkedHashMap<>(details));
    }

    /** {@code target} behind the boundary: each line redacted before it is written (the same stream when it already is). */
    public static PrintStream stream(PrintStream target) {
        return target instanceof RedactingPrintStream ? target : new RedactingPrintStream(target);
    }

    /** Puts the process's standard output and error behind the boundary; call first thing in {@code main}. */
    public static void guardStandardStreams() {
        System.setOut(stream(System.out));
        System.setErr(stream(System.err));
    }
}
