package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.checkpoints.CheckpointAnnotations;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.GangKindsWatched;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gang CRD missing at connect time is no error; installed later, it is picked up by a
 * refresh without reconnecting, and its gang gains what only the object says.
 */
class GangKindsDiscoveryTest {

    private static final String MPIJOBS = "kubeflow.org/mpijobs";

    @Test
    void aCrdInstalledAfterConnectingIsWatchedOnRefresh() throws Exception {
        try (SandboxCluster sandbox = SandboxCluster.startQuiet(64)) {
            ObjectNode bertLarge = sandbox.store().get(MPIJOBS, "research", "bert-large");
            assertEquals(1, sandbox.store().undefine(MPIJOBS), "the MPI Operator's CRD uninstalled with its one object");

            try (ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox),
                    SessionOptions.DEFAULTS)) {
                assertTrue(session.awaitSynced(30, TimeUnit.SECONDS));
                GangKindsWatched before = session.gangKinds();
                assertNull(before.problem(), "a CRD that is not installed is not a problem");
                assertEquals(7, before.watched().size());
                assertEquals(MPIJOBS.replace('/', ' '), before.notServed().getFirst().group() + " "
                        + before.notServed().getFirst().resource());
                assertEquals("gang objects: 7 of 8 kinds served and watched", before.describe());

                GangKey key = new GangKey(GangSystem.MPIJOB, "research", "bert-large");
                SandboxSession.eventually("bert-large formed from its pods' labels", () -> session.model().gang(key) != null);
                assertTrue(session.model().gang(key).annotations().isEmpty(), "no MPIJob object, so no annotations");

                // The operator installs the CRD again and the MPIJob is re-applied.
                sandbox.store().define(MPIJOBS, "MPIJob", "kubeflow.org/v2beta1");
                bertLarge.with("metadata").remove("resourceVersion");
                sandbox.store().create(MPIJOBS, bertLarge);
                GangKindsWatched after = session.refreshGangObjects();
                assertEquals(8, after.watched().size());
                assertTrue(after.notServed().isEmpty());
                SandboxSession.eventually("bert-large reads its MPIJob object", () ->
                        session.model().gang(key).annotations().containsKey(CheckpointAnnotations.PREFIX));
                assertNotNull(session.gangKinds().at());
            }
        }
    }

    @Test
    void aRefreshAfterTheSessionClosedStartsNoWatcher() throws Exception {
        try (SandboxCluster sandbox = SandboxCluster.startQuiet(64)) {
            ObjectNode bertLarge = sandbox.store().get(MPIJOBS, "research", "bert-large");
            sandbox.store().undefine(MPIJOBS);
            ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
            assertTrue(session.awaitSynced(30, TimeUnit.SECONDS));
            session.close();
            // The CRD comes back, and a refresh (the 10-minute one, or a person's) runs after the close:
            // before, it asked the closed client (IllegalStateException) or, had discovery been under way
            // at the close, started a watcher on the closed connection.
            sandbox.store().define(MPIJOBS, "MPIJob", "kubeflow.org/v2beta1");
            bertLarge.with("metadata").remove("resourceVersion");
            sandbox.store().create(MPIJOBS, bertLarge);
            session.refreshGangObjects();
            assertTrue(session.watcherHealth().stream().allMatch(h -> h.phase() == dev.flightdeck.app.watch.WatchPhase.STOPPED),
                    session.watcherHealth().toString());
            assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.isAlive()
                    && t.getName().equals("watch-mpijobs.kubeflow.org")), "no watcher thread for the closed session");
        }
    }
}
