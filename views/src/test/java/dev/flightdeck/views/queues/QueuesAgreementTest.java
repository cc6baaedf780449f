package dev.flightdeck.views.queues;

import dev.flightdeck.app.cli.QueueReport;
import dev.flightdeck.app.queues.QueuesSnapshot;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check} and the Queues screen, fed the same model, say the same figures and the same reasons: every figure of a
 * screen row is found, in check's spelling, on check's line for it, and check lists no queued workload the screen does not.
 */
class QueuesAgreementTest {

    @Test
    void checksQueueLinesAndTheScreensRowsSayTheSame() throws Exception {
        try (KueueFleet fleet = new KueueFleet()) {
            QueuesSnapshot q = fleet.model.queues();
            List<String> check = QueueReport.lines(q, KueueFleet.NOW);
            QueuesTable screen = QueuesTable.of(q, true, KueueFleet.NOW);

            assertEquals("queues: " + screen.headline().replace(" · ", "; "), check.getFirst());
            for (QueuesTable.QueueRow row : screen.queues()) {
                String head = "ClusterQueue " + row.name() + (row.cohort() == null ? "" : "  cohort " + row.cohort())
                        + "  pending " + row.pending() + "  reserving " + row.reserving() + "  admitted " + row.admitted();
                assertTrue(check.stream().anyMatch(l -> l.startsWith(head)), head + " in " + check);
                for (QueuesTable.ResourceRow r : row.resources()) {
                    String line = "  " + r.resource() + "  flavor " + r.flavor() + "  quota " + r.quota() + "  reserved "
                            + r.reserved() + "  in use " + r.used() + "  borrowed " + r.borrowed()
                            + (r.borrowingLimit() == null ? "" : "  borrowing limit " + r.borrowingLimit())
                            + (r.lendingLimit() == null ? "" : "  lending limit " + r.lendingLimit());
                    assertTrue(check.contains(line), line + " in " + check);
                }
            }
            List<String> queuedLines = check.stream().filter(l -> l.startsWith("  queued ")).toList();
            assertEquals(screen.pending().size(), queuedLines.size());
            for (int i = 0; i < queuedLines.size(); i++) {
                QueuesTable.PendingRow r = screen.pending().get(i);
                assertEquals("  queued " + r.position() + "  " + r.job() + "  " + r.kind() + "  priority " + r.priority()
                        + "  " + r.gpus() + " GPUs  waiting " + r.waiting() + "  " + r.reason(), queuedLines.get(i));
            }
            assertTrue(screen.pending().size() >= 2, "a test of something: " + screen.pending());
        }
    }
}
