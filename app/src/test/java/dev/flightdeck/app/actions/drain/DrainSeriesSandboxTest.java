package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.DrainLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several nodes drained as one decision, on the sandbox: the breaker judges them together, and the
 * first node that does not drain (here gpu-node-001, whose training rank a disruption budget holds)
 * stops the series, so the next node is never touched.
 */
class DrainSeriesSandboxTest {

    @TempDir
    Path dir;

    @Test
    void theFirstNodeThatDoesNotDrainStopsTheSeries() throws Exception {
        try (SandboxSession s = SandboxSession.open(64)) {
            Journal journal = new Journal(dir);
            ActionSession actions = new ActionSession(s.session, journal, null, new DrainLimits(8, 100), Clock.systemUTC());
            DrainSeries series = new DrainSeries(actions, () -> new DrainExecutor(actions.rest(), Clock.systemUTC(),
                    Duration.ofMillis(200)));
            DrainOptions options = new DrainOptions(true, true, false, false, Duration.ofSeconds(3));

            Map<String, DrainPlan> plans = series.plan(List.of("gpu-node-001", "gpu-node-049"), options);
            assertEquals(List.of("gpu-node-001", "gpu-node-049"), List.copyOf(plans.keySet()));
            assertTrue(plans.values().stream().allMatch(p -> p.breaker() == plans.get("gpu-node-001").breaker()),
                    "one verdict for both nodes together");
            // 4 GPU nodes of the seeded sandbox are out already; the two together make 6.
            assertTrue(plans.get("gpu-node-001").breaker().line().contains("after this drain 6 "), plans.get("gpu-node-001").breaker().line());

            List<String> heard = new CopyOnWriteArrayList<>();
            List<DrainOutcome> outcomes = series.run(plans, "rack 7 power work", options, new DrainSeries.Listener() {
                @Override
                public void event(String node, DrainEvent event) {
                }

                @Override
                public void finished(String node, DrainOutcome outcome) {
                    heard.add(node + " " + outcome.result());
                }

                @Override
                public void notStarted(String node, String why) {
                    heard.add(node + " not started: " + why);
                }
            });

            assertEquals(1, outcomes.size());
            assertEquals(List.of("gpu-node-001 TIMED_OUT",
                    "gpu-node-049 not started: gpu-node-001 did not drain (timed out): look at it before draining the next"), heard);
            assertTrue(!s.sandbox.store().get("nodes", null, "gpu-node-049").at("/spec/unschedulable").asBoolean(),
                    "the node after it was not even cordoned");
            List<JournalEntry> entries = journal.read(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1), e -> true)
                    .entries();
            assertTrue(entries.stream().noneMatch(e -> e.target().equals("node/gpu-node-049")), "nothing journaled for it");
            assertEquals(1, entries.stream().filter(e -> e.phase().equals("outcome")).count());
            assertTrue(entries.stream().anyMatch(e -> e.phase().equals("confirm") && e.message().contains("(one of 2 nodes)")));
        }
    }
}
