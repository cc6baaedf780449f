package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.Identity;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.DrainLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drain run leaves a complete record: plan, confirmation with the consents given, each step and
 * the outcome with its duration in the journal, and a FlightdeckDrain Event on the node in the
 * sandbox — under the identity the API server reports, with no credential anywhere.
 */
class DrainRunJournalTest {

    @TempDir
    Path dir;

    private static final DrainOptions OPTIONS = new DrainOptions(true, true, false, false, Duration.ofSeconds(20));

    /** A drain of {@code node} planned and journaled as the console does, ready to execute. */
    private record Planned(DrainPlan plan, ActionRun<DrainPlan, DrainEvent, DrainOutcome> run) {
    }

    private static Planned planned(SandboxSession s, Journal journal, String node) throws Exception {
        ActionSession actions = new ActionSession(s.session, journal, null, DrainLimits.DEFAULTS, Clock.systemUTC());
        ActionRun<DrainPlan, DrainEvent, DrainOutcome> run = new ActionRun<>(actions, new DrainOperation(actions, node, OPTIONS,
                new DrainExecutor(actions.rest(), Clock.systemUTC(), Duration.ofMillis(200))));
        return new Planned(run.plan(), run);
    }

    @Test
    void everyPhaseIsJournaledAndTheNodeGetsAnEvent() throws Exception {
        try (SandboxSession s = SandboxSession.open(64)) {
            KubeRest rest = new KubeRest(s.session.connection().api());
            String user = Identity.who(rest, s.session.connection().user());
            assertEquals("sandbox-admin", user);
            Journal journal = new Journal(dir);
            Planned p = planned(s, journal, "gpu-node-049");
            DrainOutcome o = p.run().execute(p.plan(), "Xid 48 on GPU 2", e -> { });
            assertEquals(DrainOutcome.Result.DRAINED, o.result(), o.summary());

            List<JournalEntry> entries = journal.read(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1),
                    e -> e.target().equals("node/gpu-node-049")).entries();
            List<String> phases = entries.stream().map(JournalEntry::phase).distinct().toList();
            assertEquals(List.of("plan", "confirm", "step", "outcome"), phases);
            assertTrue(entries.stream().allMatch(e -> e.user().equals("sandbox-admin") && e.context().equals(s.session.displayName())));
            JournalEntry confirm = entries.stream().filter(e -> e.phase().equals("confirm")).findFirst().orElseThrow();
            assertEquals(true, confirm.details().get("deleteEmptyDirData"));
            assertEquals(List.of("training/eval-sweep"), confirm.details().get("brokenGangs"));
            JournalEntry outcome = entries.getLast();
            assertEquals("outcome", outcome.phase());
            assertTrue(outcome.durationMs() >= 0);
            assertEquals("recorded", outcome.details().get("event"));
            assertTrue(entries.stream().anyMatch(e -> e.message().equals("cordoned gpu-node-049")));

            List<ObjectNode> events = s.sandbox.store().list("events", "default", l -> true);
            ObjectNode ev = events.stream().filter(e -> e.path("reason").asText().equals("FlightdeckDrain")).findFirst().orElseThrow();
            assertEquals("gpu-node-049", ev.at("/involvedObject/name").asText());
            assertEquals("Node", ev.at("/involvedObject/kind").asText());
            assertEquals("flightdeck", ev.path("reportingComponent").asText());
            assertTrue(ev.path("message").asText().startsWith("gpu-node-049 drained: "), ev.path("message").asText());
            assertTrue(ev.path("message").asText().endsWith("(by sandbox-admin)"));

            String all = Files.readString(Files.list(dir).findFirst().orElseThrow());
            assertTrue(!all.toLowerCase().contains("token") && !all.contains("BEGIN CERTIFICATE"), "no credentials");
        }
    }

    @Test
    void aRunThatThrowsStillEndsWithOneOutcome() throws Exception {
        try (SandboxSession s = SandboxSession.open(64)) {
            KubeRest rest = new KubeRest(s.session.connection().api());
            Journal journal = new Journal(dir);
            Planned p = planned(s, journal, "gpu-node-050");
            DrainPlan plan = p.plan();
            ActionRun<DrainPlan, DrainEvent, DrainOutcome> run = p.run();
            // What shows the progress breaks at the first event (a view touching FX state off its thread
            // throws so): before, the run ended there with a confirmation and no outcome.
            RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> run.execute(plan, "Xid 48", ev -> {
                        throw new IllegalStateException("Not on FX application thread");
                    }));

            List<JournalEntry> entries = journal.read(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1),
                    x -> true).entries();
            assertEquals(List.of("plan", "confirm", "outcome"), entries.stream().map(JournalEntry::phase).toList());
            JournalEntry outcome = entries.getLast();
            assertTrue(outcome.message().startsWith("failed: ") && outcome.message().contains("check the target's state"),
                    outcome.message());
            assertEquals("ENDED_UNEXPECTEDLY", outcome.details().get("result"));
            assertTrue(outcome.message().contains(dev.flightdeck.app.watch.Problems.describe(e)), outcome.message());

            // Nothing more after the one outcome: the run is over, and stopping it now writes nothing.
            run.cancel();
            assertEquals(3, journal.read(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1), x -> true).entries().size());
        }
    }
}
