package dev.flightdeck.views.shell;

import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

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
    void aClusterIsAsFreshAsItsFreshestKindAndNamesAKindWithNoNews() {
        WatchHealth nodes = new WatchHealth("nodes", WatchPhase.LIVE, 0, null, NOW.minusSeconds(1));
        WatchHealth pods = new WatchHealth("pods", WatchPhase.LIVE, 0, null, NOW);
        WatchHealth jobs = new WatchHealth("jobs.batch", WatchPhase.LIVE, 0, null, NOW.minusSeconds(97));
        List<WatchHealth> flowing = List.of(nodes, pods, jobs);
        assertEquals("live · data 0s old", ConnectionStatus.of(WatchHealth.combine("prod", flowing), flowing, NOW).text(),
                "97 s without a Job changing is no reason to call the pods' data old");
        WatchHealth silentJobs = new WatchHealth("jobs.batch", WatchPhase.LIVE, 0, null, NOW.minusSeconds(180));
        List<WatchHealth> oneSilent = List.of(nodes, pods, silentJobs);
        assertEquals("live · data 0s old · no news from jobs.batch for 3m",
                ConnectionStatus.of(WatchHealth.combine("prod", oneSilent), oneSilent, NOW).text());
        List<WatchHealth> listing = List.of(nodes, WatchHealth.syncing("pods"));
        assertEquals("syncing · data 1s old", ConnectionStatus.of(WatchHealth.combine("prod", listing), listing, NOW).text());
        List<WatchHealth> nothing = List.of(WatchHealth.syncing("nodes"), WatchHealth.syncing("pods"));
        assertEquals("syncing · no data yet", ConnectionStatus.of(WatchHealth.combine("prod", nothing), nothing, NOW).text());
    }

    @Test
    void saysWhatIsStillLoading() {
        java.util.Map<String, dev.flightdeck.app.watch.ListProgress> underWay = new java.util.LinkedHashMap<>();
        assertEquals("", LoadingWords.describe(underWay));
        underWay.put("pods", new dev.flightdeck.app.watch.ListProgress(41_000, 59_000, false));
        assertEquals(" · loading pods 41,000 of ~100,000", LoadingWords.describe(underWay));
        underWay.put("pods", new dev.flightdeck.app.watch.ListProgress(500, -1, false));
        underWay.put("nodes", dev.flightdeck.app.watch.ListProgress.NOT_STARTED);
        assertEquals(" · loading pods 500 so far, nodes…", LoadingWords.describe(underWay));
    }

    @Test
    void namesTheWatcherInTheTooltip() {
        assertEquals("pods: live · data 0s old",
                ConnectionStatus.line(new WatchHealth("pods", WatchPhase.LIVE, 0, null, NOW), NOW));
    }
}
