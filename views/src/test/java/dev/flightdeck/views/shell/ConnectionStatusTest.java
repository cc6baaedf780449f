package dev.flightdeck.views.shell;

import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConnectionStatusTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void saysThePhaseAndHowOldTheDataIs() {
        assertEquals("syncing · no data yet",
                ConnectionStatus.of(WatchHealth.syncing("prod"), NOW).text());
        assertEquals("live · data 3s old",
                ConnectionStatus.of(new WatchHealth("prod", WatchPhase.LIVE, 0, null, NOW.minusSeconds(3)), NOW).text());
        assertEquals("reconnecting (attempt 4): connection refused · data 7m old",
                ConnectionStatus.of(new WatchHealth("prod", WatchPhase.RECONNECTING, 4, "connection refused",
                        NOW.minusSeconds(420)), NOW).text());
        assertEquals("failed: 403 Forbidden: cannot watch pods · data 2h old",
                ConnectionStatus.of(new WatchHealth("prod", WatchPhase.FAILED, 9, "403 Forbidden: cannot watch pods",
                        NOW.minusSeconds(7200)), NOW).text());
    }

    @Test
    void namesTheWatcherInTheTooltip() {
        assertEquals("pods: live · data 0s old",
                ConnectionStatus.line(new WatchHealth("pods", WatchPhase.LIVE, 0, null, NOW), NOW));
    }
}
