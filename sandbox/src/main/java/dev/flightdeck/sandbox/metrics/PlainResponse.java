package dev.flightdeck.sandbox.metrics;

import java.nio.charset.StandardCharsets;

/** An HTTP answer of the simulated endpoints, independent of the HTTP server that sends it. */
public record PlainResponse(int status, String contentType, byte[] body) {

    static final String TEXT = "text/plain; charset=utf-8";

    static PlainResponse text(int status, String body) {
        return new PlainResponse(status, TEXT, body.getBytes(StandardCharsets.UTF_8));
    }
}
