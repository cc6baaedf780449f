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

    @Test
    void onlyTheTokenItsStarterWasGivenSwitchesAnything() {
        assertEquals(SandboxCluster.CONTROL_TOKEN_HEADER, LocalControl.TOKEN_HEADER, "the core sends what the sandbox reads");
        try (SandboxCluster sandbox = SandboxCluster.startQuiet(2); SandboxCluster other = SandboxCluster.startQuiet(1)) {
            LocalCluster local = ((ConnectionTarget.RunningSandbox) TestSandboxes.target(sandbox)).cluster();
            TestSandboxes.remembered(other);
            assertEquals(sandbox.controlToken(), local.controlToken(), "the starter carries it to the session");
            assertEquals(local.controlToken(), local.ownedElsewhere().controlToken());
            assertFalse(local.toString().contains(local.controlToken()), local.toString());
            assertFalse(new ConnectionTarget.RunningSandbox(local).toString().contains(local.controlToken()));

            for (String token : new String[]{null, other.controlToken()}) {
                LocalCluster stranger = new LocalCluster(local.url(), local.objectStorage(), local.metricsClock(), token,
                        null, () -> { });
                IllegalStateException refused = assertThrows(IllegalStateException.class,
                        () -> new SimulatedEpisodes(stranger).set("EVENT_FLOOD", true));
                assertEquals("could not start the episode EVENT_FLOOD: HTTP 401 " + (token == null ? "no" : "a wrong")
                        + " X-Flightdeck-Sandbox-Token: the sandbox's control surface needs the token its starter was given",
                        refused.getMessage());
                assertFalse(refused.getMessage().contains(sandbox.controlToken()));
                assertFalse(sandbox.pressure().isActive(Episode.EVENT_FLOOD), "nothing is switched");
            }
            new SimulatedEpisodes(local).set("EVENT_FLOOD", true);
            assertTrue(sandbox.pressure().isActive(Episode.EVENT_FLOOD));
        }
    }
}
