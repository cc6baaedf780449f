package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.PlainResponse;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;

/** How the sandbox API server reads request bodies and parameters and writes its answers (JSON, text, Status). */
final class ApiAnswers {

    private ApiAnswers() {
    }

    static JsonNode parse(Buffer body) throws IOException {
        return SandboxJson.MAPPER.readTree(body.getBytes());
    }

    static void object(HttpServerResponse resp, int code, ObjectNode obj) throws IOException {
        json(resp, code, SandboxJson.MAPPER.writeValueAsString(obj));
    }

    static void json(HttpServerResponse resp, int code, String body) {
        resp.setStatusCode(code).putHeader("Content-Type", "application/json").end(body);
    }

    static void plain(HttpServerResponse resp, PlainResponse answer) {
        resp.setStatusCode(answer.status()).putHeader("Content-Type", answer.contentType())
                .putHeader("X-Content-Type-Options", "nosniff").end(Buffer.buffer(answer.body()));
    }

    static void status(HttpServerResponse resp, int code, String reason, String message) {
        json(resp, code, statusJson(code, reason, message));
    }

    static String statusJson(int code, String reason, String message) {
        ObjectNode s = SandboxJson.MAPPER.createObjectNode();
        s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        s.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
        return s.toString();
    }

    static boolean isTrue(String v) {
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true"));
    }

    static int parseInt(String v) {
        try {
            return v == null || v.isEmpty() ? 0 : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + v);
        }
    }
}
