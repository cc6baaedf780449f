package dev.flightdeck.app.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The startup trace: one JSON line per milestone, the first time only, in milliseconds since the process started. */
class StartupTraceTest {

    @AfterEach
    void forget() {
        StartupTrace.uninstall();
    }

    @Test
    void writesEachMilestoneOnceAsAJsonLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("trace.jsonl");
        StartupTrace.install(Map.of(StartupTrace.ENV, file.toString()));
        assertTrue(StartupTrace.on());
        StartupTrace.mark("nodes-listed", 7_500);
        StartupTrace.mark("nodes-listed", 7_501); // a second cluster, or a relist: not a startup
        StartupTrace.mark("pods-synced", 100_000);
        assertTrue(StartupTrace.done("nodes-listed"));
        assertFalse(StartupTrace.done("gangs-on-screen"));
        List<String> lines = Files.readAllLines(file);
        assertEquals(3, lines.size(), String.join("\n", lines));
        ObjectMapper json = new ObjectMapper();
        JsonNode launch = json.readTree(lines.get(0));
        JsonNode nodes = json.readTree(lines.get(1));
        JsonNode pods = json.readTree(lines.get(2));
        assertEquals("launch", launch.get("event").asText());
        assertEquals("nodes-listed", nodes.get("event").asText());
        assertEquals(7_500, nodes.get("count").asLong());
        assertEquals(100_000, pods.get("count").asLong());
        assertTrue(launch.get("t_ms").asLong() > 0, "counted from the process start, not from install");
        assertTrue(nodes.get("t_ms").asLong() >= launch.get("t_ms").asLong());
    }

    @Test
    void withoutTheVariableNothingIsTracedOrWritten() {
        StartupTrace.install(Map.of());
        assertFalse(StartupTrace.on());
        StartupTrace.mark("launch", 0); // a no-op, not a failure
        assertTrue(StartupTrace.done("launch"), "nothing to wait for when nothing is traced");
    }

    @Test
    void anUnwritableFileStartsWithoutATrace(@TempDir Path dir) {
        StartupTrace.install(Map.of(StartupTrace.ENV, dir.resolve("no/such/dir/trace.jsonl").toString()));
        assertFalse(StartupTrace.on());
    }
}
