package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill sandbox's flapping NIC: the rank on that host fails with no word of its own (no termination message, no
 * node condition), its log alone carries NCCL's IB completion error; the gang's other ranks hang in the collective
 * until their watchdog (PyTorch's ten minutes divided by the pace) ends them, and their logs say so. A rank placed
 * on that host again fails again.
 */
class SandboxFabricTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aFlappingNicShowsOnlyInItsRanksLogAndTheOthersEndByTheirWatchdog() throws Exception {
        Instant now = Instant.now();
        try (SandboxCluster c = SandboxCluster.startForDrill(4, List.of(new SandboxCluster.DrillGang("training", "pretrain", 4, 8,
                Duration.ofMinutes(10), now.minus(Duration.ofMinutes(3)), 1000)))) {
            awaitRunning(c, 4);
            long pace = 600;
            c.trainers().pace(pace, Instant.now()); // the watchdog's ten minutes in one second
            c.trainers().pass(Instant.now()); // every rank runs: the gang is whole
            String node = rank(c, 3).path("spec").path("nodeName").asText();
            c.fabric().flaps(node, Instant.now());
            Instant collapsed = Instant.now();
            c.trainers().pass(collapsed);

            JsonNode ended = rank(c, 3).path("status").path("containerStatuses").path(0).path("state").path("terminated");
            assertEquals("Error", ended.path("reason").asText(), ended.toString());
            assertEquals(1, ended.path("exitCode").asInt());
            assertFalse(ended.has("message"), "the container wrote no termination message: " + ended);
            for (int r = 0; r < 3; r++) {
                assertEquals("Running", rank(c, r).path("status").path("phase").asText(), "rank " + r + " hangs, still Running");
            }
            String flapped = log(c, rank(c, 3));
            assertTrue(flapped.contains("NCCL WARN NET/IB : Got completion from peer ") && flapped.contains("status=12"), flapped);
            assertTrue(flapped.contains("ncclRemoteError"), flapped);
            assertEquals(List.of("Ready"), trueConditions(c, node), "no condition raised on " + node);

            // The trainers' time is what each pass says it is: the next pass comes past the paced watchdog timeout.
            c.trainers().pass(collapsed.plus(SandboxRankLogs.NCCL_TIMEOUT.dividedBy(pace)).plusMillis(100));
            for (int r = 0; r < 3; r++) {
                JsonNode t = rank(c, r).path("status").path("containerStatuses").path(0).path("state").path("terminated");
                assertEquals(1, t.path("exitCode").asInt(), "rank " + r + " ended by its watchdog: " + t);
                assertFalse(t.has("message"), t.toString());
                String waited = log(c, rank(c, r));
                assertTrue(waited.contains("Watchdog caught collective operation timeout"), waited);
                assertTrue(waited.contains("To avoid data inconsistency, we are taking the entire process down."), waited);
                assertFalse(waited.contains("NET/IB") || waited.contains("illegal memory access"), "only the watchdog: " + waited);
            }
        }
    }

    private static void awaitRunning(SandboxCluster c, int ranks) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (c.store().list("pods", "training", l -> "pretrain".equals(l.get("batch.kubernetes.io/job-name"))).stream()
                .filter(p -> p.path("status").path("phase").asText().equals("Running")).count() < ranks) {
            assertTrue(System.nanoTime() < deadline, "the gang's ranks never all ran");
            Thread.sleep(100);
        }
    }

    private static ObjectNode rank(SandboxCluster c, int rank) throws StoreException {
        return c.store().list("pods", "training", l -> "pretrain".equals(l.get("batch.kubernetes.io/job-name"))
                && String.valueOf(rank).equals(l.get("batch.kubernetes.io/job-completion-index"))).getFirst();
    }

    private static List<String> trueConditions(SandboxCluster c, String node) throws StoreException {
        List<String> out = new java.util.ArrayList<>();
        c.store().get("nodes", null, node).path("status").path("conditions").forEach(k -> {
            if (k.path("status").asText().equals("True")) {
                out.add(k.path("type").asText());
            }
        });
        return out;
    }

    private static String log(SandboxCluster c, ObjectNode pod) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(c.url() + "/api/v1/namespaces/training/pods/"
                + pod.path("metadata").path("name").asText() + "/log?tailLines=40")).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
