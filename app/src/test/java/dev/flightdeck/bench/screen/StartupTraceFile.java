package dev.flightdeck.bench.screen;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The console's startup trace ({@code FLIGHTDECK_TRACE=FILE}): JSON lines
 * {@code {"t_ms": 1234, "event": "nodes-listed", "count": 7500}}, ms since the console's process started.
 */
final class StartupTraceFile {

    static final String[] EVENTS = {"launch", "window-shown", "cluster-connected", "nodes-list-sent",
            "nodes-first-answer", "first-nodes-on-screen", "nodes-listed", "pods-list-sent", "nodes-on-screen",
            "pods-synced", "gangs-on-screen"};

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Event(@JsonProperty("t_ms") long tMs, @JsonProperty("event") String name, @JsonProperty("count") long count) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private StartupTraceFile() {
    }

    /** The events written so far, first of each name; empty when there is no file (yet). */
    static Map<String, Event> read(Path file) {
        Map<String, Event> events = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return events;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank() || !line.endsWith("}")) {
                    continue; // a line still being written
                }
                Event e = JSON.readValue(line, Event.class);
                events.putIfAbsent(e.name(), e);
            }
        } catch (IOException e) {
            System.out.println("trace: " + file + " is not readable as the startup trace: " + e.getMessage());
        }
        return events;
    }
}
