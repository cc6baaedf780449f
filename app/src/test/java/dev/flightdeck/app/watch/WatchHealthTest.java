package dev.flightdeck.app.watch;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A cluster's combined health: the worst phase, and data as old as its stalest kind. */
class WatchHealthTest {

    private static final Instant NOW = Instant.parse("2026-11-25T07:00:00Z");

    private static WatchHealth live(String kind, long secondsAgo) {
        return new WatchHealth(kind, WatchPhase.LIVE, 0, null, NOW.minusSeconds(secondsAgo));
    }

    @Test
    void aStalledKindIsNotHiddenByTheOnesThatFlow() {
        WatchHealth c = WatchHealth.combine("prod-east", List.of(live("nodes", 1), live("pods", 0), live("jobs", 240)));
        assertEquals(WatchPhase.LIVE, c.phase());
        assertEquals(NOW.minusSeconds(240), c.newest(), "pods and nodes flowing must not make a silent jobs watch look fresh");
    }

    @Test
    void aRefusedKindHasNoDataToBeOldAndAKindWithoutDataYetMeansNoAge() {
        WatchHealth refused = new WatchHealth("mpijobs", WatchPhase.FAILED, 3, "403 Forbidden", null);
        WatchHealth c = WatchHealth.combine("prod-east", List.of(live("nodes", 5), refused));
        assertEquals(WatchPhase.FAILED, c.phase());
        assertEquals("403 Forbidden", c.reason());
        assertEquals(NOW.minusSeconds(5), c.newest());

        assertNull(WatchHealth.combine("prod-east", List.of(live("nodes", 5), WatchHealth.syncing("pods"))).newest());
        assertEquals(WatchPhase.SYNCING, WatchHealth.combine("prod-east", List.of()).phase());
    }
}
