package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Workload fixtures and gangs as the cluster model would describe them, for planner tests. */
final class ResumeFixtures {

    static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

    private ResumeFixtures() {
    }

    static JsonNode json(String fixture) {
        try {
            return KubeJson.MAPPER.readTree(Fixtures.bytes(fixture));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Gang gang(GangSystem system, String ns, String name, GangVerdict verdict, int expected) {
        return new Gang(new GangKey(system, ns, name), expected, expected, expected - 1, 8, 8 * expected, expected,
                NOW.minusSeconds(3600), verdict, List.of("rank 1 Failed"), false, List.of(), Map.of());
    }
}
