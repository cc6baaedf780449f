package dev.flightdeck.app.palette;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The palette's lines read from two open sandboxes: each cluster, its nodes (the same names in both, told apart by
 * the cluster they live in), its gangs and every rank with its pod; and the verbs typed first finding them.
 */
class PaletteEntriesSandboxTest {

    private static SandboxCluster sandbox(String gang) {
        return SandboxCluster.startForDrill(8, List.of(new SandboxCluster.DrillGang("training", gang, 4, 8,
                Duration.ofMinutes(30), Instant.now().minus(Duration.ofMinutes(20)), 1_000)));
    }

    @Test
    void theLinesOfTwoOpenClustersAndTheVerbsThatFindThem() throws Exception {
        try (SandboxCluster east = sandbox("pretrain-east"); SandboxCluster west = sandbox("pretrain-west");
             ClusterFleet fleet = new ClusterFleet(t -> ClusterSessions.openStarted(t, SessionOptions.DEFAULTS))) {
            ConnectionTarget e = TestSandboxes.target(east);
            ConnectionTarget w = TestSandboxes.target(west);
            fleet.keepOpen(List.of(e, w));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!fleet.clusters().stream().allMatch(PaletteEntriesSandboxTest::folded)) {
                assertTrue(System.nanoTime() < deadline, "timed out waiting for both sandboxes' nodes and gangs");
                Thread.sleep(50);
            }

            List<PaletteEntry> lines = PaletteEntries.of(fleet.clusters());
            assertTrue(lines.contains(PaletteEntry.goTo(new Target.Cluster(e.displayName()), e.displayName(), null,
                    "open")), "the cluster itself");
            PaletteIndex index = new PaletteIndex(lines);

            var nodes = index.rank("gpu-node-003", RecentChoices.Snapshot.NONE, 5);
            assertEquals(List.of(e.displayName(), w.displayName()),
                    nodes.subList(0, 2).stream().map(m -> m.entry().target().cluster()).toList(), "in each cluster");
            assertTrue(nodes.getFirst().entry().detail().endsWith(" · " + e.displayName()), nodes.getFirst().entry().detail());

            var logs = index.rank("logs training/pretrain-west rank 2", RecentChoices.Snapshot.NONE, 5).getFirst();
            assertEquals(Verb.LOGS, logs.entry().verb());
            Target.Rank rank = (Target.Rank) logs.entry().target();
            assertEquals(w.displayName(), rank.cluster());
            assertEquals("pretrain-west", rank.gang().name());
            assertEquals(2, rank.rank());
            assertNotNull(rank.pod(), "the rank's pod, for its YAML");
            String pod = rank.pod();
            assertEquals(rank, index.rank("yaml " + pod, RecentChoices.Snapshot.NONE, 5).getFirst().entry().target(),
                    "a rank by its pod's name");
            PaletteEntry resume = index.rank("resume pretrain-east", RecentChoices.Snapshot.NONE, 5).getFirst().entry();
            assertEquals(Verb.RESUME, resume.verb());
            assertTrue(resume.target() instanceof Target.Gang g && g.cluster().equals(e.displayName())
                    && g.gang().name().equals("pretrain-east"), resume.toString());
        }
    }

    private static boolean folded(OpenCluster c) {
        ClusterSession s = c.session();
        return s != null && s.model().gangs().size() == 1 && s.model().gangs().getFirst().ranks().size() == 4
                && s.model().node("gpu-node-003") != null;
    }
}
