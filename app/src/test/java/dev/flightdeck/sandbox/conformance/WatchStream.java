package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.StreamedAnswer;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole watch, read until the server ends it ({@code timeoutSeconds} in the path), as the
 * events it carried. The server closing the stream is part of what is compared, so the path must
 * carry a timeout under the REST client's 30 s.
 */
final class WatchStream {

    /** One event: its type, the object's name (or the Status code and reason of an ERROR), and the raw object. */
    record Event(String type, String name, JsonNode object) {
    }

    /** The events, and how long the server kept the stream open. */
    record Result(int status, List<Event> events, long millis) {
    }

    private WatchStream() {
    }

    static List<Event> read(ApiSide side, String path, int expectedSeconds) throws IOException {
        Result r = open(side, path);
        if (r.status() != 200) {
            throw new IOException(side.name() + ": watch answered " + r.status());
        }
        return r.events();
    }

    static Result open(ApiSide side, String path) throws IOException {
        long t0 = System.nanoTime();
        KubeRest.Answer a = side.rest().get(path);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        return new Result(a.code(), a.code() == 200 ? events(a.body()) : List.of(), millis);
    }

    /**
     * Opens the watch and returns once the server has answered it: both servers register the watch before they
     * send the status line, so a change made after this returns reaches the watch as it happens, not as a replay.
     */
    static Open opened(ApiSide side, ApiPath path) throws IOException {
        long t0 = System.nanoTime();
        return new Open(side.rest().stream(path), t0);
    }

    /** A watch the server has answered; {@link #toEnd} reads it until the server ends it. */
    static final class Open implements AutoCloseable {
        private final StreamedAnswer answer;
        private final long t0;

        private Open(StreamedAnswer answer, long t0) {
            this.answer = answer;
            this.t0 = t0;
        }

        Result toEnd() throws IOException {
            byte[] body = answer.body().readAllBytes();
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Result(answer.code(), answer.ok() ? events(body) : List.of(), millis);
        }

        @Override
        public void close() {
            answer.close();
        }
    }

    private static List<Event> events(byte[] body) throws IOException {
        List<Event> events = new ArrayList<>();
        for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode e = KubeJson.MAPPER.readTree(line);
            JsonNode o = e.path("object");
            String name = "ERROR".equals(e.path("type").asText()) ? o.path("code").asText() + " " + o.path("reason").asText()
                    : o.at("/metadata/name").asText("");
            events.add(new Event(e.path("type").asText(), name, o));
        }
        return events;
    }
}
