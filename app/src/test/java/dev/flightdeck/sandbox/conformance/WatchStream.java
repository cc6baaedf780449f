package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
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
        List<Event> events = new ArrayList<>();
        if (a.code() == 200) {
            for (String line : new String(a.body(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode e = KubeJson.MAPPER.readTree(line);
                JsonNode o = e.path("object");
                String name = "ERROR".equals(e.path("type").asText()) ? o.path("code").asText() + " " + o.path("reason").asText()
                        : o.at("/metadata/name").asText("");
                events.add(new Event(e.path("type").asText(), name, o));
            }
        }
        return new Result(a.code(), events, millis);
    }
}
