package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill sandbox's hung collective: the stalled gang's ranks stay Running while their logs stop at the last step
 * and their trainer saves no checkpoint; a gang beside it logs and saves on.
 */
class SandboxStalledGangTest {

    @Test
    void aStalledGangLogsAndSavesNothingMoreWhileItsNeighbourGoesOn() throws Exception {
        Instant start = Instant.now();
        try (SandboxCluster c = SandboxCluster.startForDrill(4, List.of(
                new SandboxCluster.DrillGang("training", "hung", 2, 8, Duration.ofMinutes(10), start.minus(Duration.ofMinutes(3)), 1000),
                new SandboxCluster.DrillGang("training", "busy", 2, 8, Duration.ofMinutes(10), start.minus(Duration.ofMinutes(3)), 500)))) {
            awaitRunning(c, "hung", 2);
            awaitRunning(c, "busy", 2);
            c.trainers().pass(Instant.now()); // both gangs whole
            Instant before = Instant.now();
            c.gpuFaults().stallGang("training", "hung");
            Instant after = Instant.now();

            Instant later = after.plus(Duration.ofMinutes(11)); // past both gangs' next save
            c.trainers().pass(later);
            assertEquals(1000, c.trainers().newestComplete("training", "hung").step(), "no progress, nothing saved");
            assertTrue(c.trainers().newestComplete("training", "busy").step() > 500, "the neighbour saved");
            assertEquals("Running", rank(c, "hung", 1).path("status").path("phase").asText(), "still Running");

            SandboxRankLogs logs = new SandboxRankLogs(c.store(), c.fabric(), c.gpuFaults());
            SandboxLogRun hung = logs.run(rank(c, "hung", 1), false, later);
            SandboxLogRun.Line last = hung.line(hung.size() - 1);
            assertTrue(last.text().contains(" step "), last.text());
            assertTrue(!last.at().isAfter(after) && last.at().isAfter(before.minus(SandboxLogRun.STEP).minusSeconds(1)),
                    "the last line is the step before the hang: " + last.at() + ", stalled between " + before + " and " + after);
            SandboxLogRun busy = logs.run(rank(c, "busy", 1), false, later);
            assertTrue(busy.line(busy.size() - 1).at().isAfter(later.minus(SandboxLogRun.STEP).minusSeconds(1)),
                    "a working rank logs up to now");
        }
    }

    private static void awaitRunning(SandboxCluster c, String job, int ranks) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (c.store().list("pods", "training", l -> job.equals(l.get("batch.kubernetes.io/job-name"))).stream()
                .filter(p -> p.path("status").path("phase").asText().equals("Running")).count() < ranks) {
            assertTrue(System.nanoTime() < deadline, job + "'s ranks never all ran");
            Thread.sleep(100);
        }
    }

    private static ObjectNode rank(SandboxCluster c, String job, int rank) throws StoreException {
        return c.store().list("pods", "training", l -> job.equals(l.get("batch.kubernetes.io/job-name"))
                && String.valueOf(rank).equals(l.get("batch.kubernetes.io/job-completion-index"))).getFirst();
    }
}
