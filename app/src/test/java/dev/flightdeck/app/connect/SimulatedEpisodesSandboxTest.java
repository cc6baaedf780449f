package dev.flightdeck.app.connect;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.metrics.Episode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox's pressure episodes, offered and switched over its control surface as the pressure screen does. */
class SimulatedEpisodesSandboxTest {

    @Test
    void theSandboxOffersItsEpisodesAndSwitchesThemOverHttp() {
        try (SandboxCluster sandbox = SandboxCluster.startQuiet(2)) {
            LocalCluster local = ((ConnectionTarget.RunningSandbox) TestSandboxes.target(sandbox)).cluster();
            SimulatedEpisodes episodes = new SimulatedEpisodes(local);

            List<SimulatedEpisodes.Episode> offered = episodes.list();
            assertEquals(List.of("APF_429_STORM", "SERVER_ERRORS_5XX", "READYZ_FAILING", "EVENT_FLOOD"),
                    offered.stream().map(SimulatedEpisodes.Episode::name).toList());
            assertEquals("Failing readyz check (etcd)", offered.get(2).title());
            assertFalse(offered.stream().anyMatch(SimulatedEpisodes.Episode::on));

            episodes.set("READYZ_FAILING", true);
            assertTrue(sandbox.pressure().isActive(Episode.READYZ_FAILING), "the sandbox's own state");
            assertTrue(episodes.list().get(2).on(), "and as read back");
            episodes.set("READYZ_FAILING", false);
            assertFalse(sandbox.pressure().isActive(Episode.READYZ_FAILING));

            IllegalStateException unknown = assertThrows(IllegalStateException.class, () -> episodes.set("QUAKE", true));
            assertTrue(unknown.getMessage().startsWith("could not start the episode QUAKE: HTTP 400 no episode QUAKE; "),
                    unknown.getMessage());
        }
    }
}
