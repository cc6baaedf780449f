package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads a Kubernetes Status body (or whatever a proxy sent instead) into a short message. */
public final class StatusBodies {

    private static final int MAX_BODY = 4096;

    private StatusBodies() {
    }

    static ApiStatusException fromResponse(int code, InputStream body, String what) {
        String text = "";
        try (InputStream in = body) {
            if (in != null) {
                text = new String(in.readNBytes(MAX_BODY), StandardCharsets.UTF_8);
            }
        } catch (IOException ignored) {
            // The code alone still says what happened.
        }
        return new ApiStatusException(code, what + ": HTTP " + code + describe(text));
    }

    static ApiStatusException fromStatus(JsonNode status, String what) {
        int code = status.path("code").asInt(500);
        String message = status.path("message").asText("");
        return new ApiStatusException(code, what + ": HTTP " + code + (message.isEmpty() ? "" : " " + message));
    }

    /** The server's own words from an error body: a Status's message, else its first line; "" when empty. */
    public static String message(byte[] body) {
        return body == null ? "" : describe(new String(body, 0, Math.min(body.length, MAX_BODY), StandardCharsets.UTF_8)).strip();
    }

    private static String describe(String text) {
        if (text.isBlank()) {
            return "";
        }
        try {
            JsonNode n = KubeJson.MAPPER.readTree(text);
            String msg = n.path("message").asText("");
            if (!msg.isEmpty()) {
                return " " + msg;
            }
        } catch (IOException notJson) {
            // fall through to the raw first line
        }
        String first = text.strip().lines().findFirst().orElse("");
        return " " + (first.length() > 200 ? first.substring(0, 200) + "…" : first);
    }
}
