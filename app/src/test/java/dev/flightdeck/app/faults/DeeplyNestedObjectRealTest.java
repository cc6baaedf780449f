package dev.flightdeck.app.faults;

import dev.flightdeck.app.controlplane.PyTorchOperatorStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A custom resource with preserved unknown fields can hold JSON nested far deeper than a JSON
 * library's default limit (Jackson's is 1,000), and the real API server stores it: one such
 * gang object must not break its kind's LIST and watch for the console.
 */
@ExtendWith(RealKube.class)
class DeeplyNestedObjectRealTest {

    @Test
    void aGangObjectNestedAsDeepAsTheServerStoresIsReadAndItsKindStaysLive(RealCluster real) throws Exception {
        PyTorchOperatorStandIn.installCrd(real);
        String ns = real.namespace("deep");
        String path = "/apis/kubeflow.org/v1/namespaces/" + ns + "/pytorchjobs";
        int stored = 0;
        for (int depth : new int[]{2_000, 9_000, 10_500}) {
            var r = real.plane().adminSend("POST", path, "application/json", job("deep-" + depth, depth));
            System.out.println("figure: a PyTorchJob nested " + depth + " levels deep: the API server answered "
                    + r.statusCode() + (r.statusCode() == 201 ? "" : " (" + r.body().lines().findFirst().orElse("")
                    .replaceAll("(.{200}).*", "$1…") + ")"));
            if (r.statusCode() == 201) {
                stored = Math.max(stored, depth);
            }
        }
        assertTrue(stored >= 2_000, "the server stores JSON nested 2,000 deep");
        try (ClusterSession session = ClusterSessions.openStarted(real.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            WatchHealth jobs = session.watcherHealth().stream().filter(h -> h.resource().contains("pytorchjobs"))
                    .findFirst().orElseThrow();
            assertEquals(WatchPhase.LIVE, jobs.phase(), jobs.describe());
            assertTrue(session.skippedObjects().isEmpty(), "read, not skipped: " + session.skippedObjects());
        }
    }

    private static String job(String name, int depth) {
        return "{\"apiVersion\":\"kubeflow.org/v1\",\"kind\":\"PyTorchJob\",\"metadata\":{\"name\":\"" + name + "\"},"
                + "\"spec\":{\"pytorchReplicaSpecs\":{\"Master\":{\"replicas\":1,\"template\":{\"spec\":{\"containers\":"
                + "[{\"name\":\"pytorch\",\"image\":\"busybox\"}]}}}},\"notes\":" + "[".repeat(depth) + "]".repeat(depth)
                + "}}";
    }
}
