package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.AppDirectories;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The headless actions on the sandbox (each run starts its own): without {@code --confirm} naming
 * the target they print the plan, change nothing and exit 2; confirmed, they run as the console
 * does, with progress on stderr, the outcome on stdout and every step in the journal. The real
 * control plane's lane runs them end to end against kube-apiserver (see RealActionsTest).
 */
class ActCommandTest {

    record Run(int exit, List<String> out, String err) {
    }

    static Run run(Map<String, String> env, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ActCommand.run(LaunchOptions.parse(args), env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    /** A command against the cluster of {@code kubeconfig}, with HOME elsewhere and no KUBECONFIG, as a runbook runs it. */
    static Run against(java.nio.file.Path kubeconfig, String... args) throws Exception {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
                "--kubeconfig", kubeconfig.toString())).toArray(String[]::new);
        return run(Map.of("HOME", System.getProperty("java.io.tmpdir")), all);
    }

    /** This run's journal entries for {@code target}, oldest first. */
    static List<JournalEntry> journal(Instant since, String target) throws Exception {
        Journal j = new Journal(AppDirectories.standard().data().resolve("journal"));
        return j.read(since, Instant.now().plusSeconds(1), e -> e.target().equals(target)).entries();
    }

    @Test
    void withoutConfirmationADrainPrintsThePlanAndExits2() throws Exception {
        Instant t0 = Instant.now();
        Run r = run(Map.of(), "drain", "gpu-node-004", "--sandbox", "--delete-emptydir-data", "--reason", "Xid 79");
        assertEquals(2, r.exit(), r.err());
        assertEquals("drain gpu-node-004: would cordon it and evict 6 pods", r.out().getFirst());
        assertTrue(r.err().endsWith("flightdeck: not executed: run it again with --confirm gpu-node-004 --reason WHY\n"), r.err());
        assertTrue(journal(t0, "node/gpu-node-004").isEmpty(), "nothing is journaled for a plan that was only shown");
    }

    @Test
    void aConfirmationNamingAnotherNodeIsNotOne() throws Exception {
        Run r = run(Map.of(), "cordon", "gpu-node-004", "--sandbox", "--confirm", "gpu-node-005", "--reason", "x");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--confirm gpu-node-005 does not name gpu-node-004"), r.err());
    }

    @Test
    void aConfirmedCordonWithoutAReasonIsAUsageError() throws Exception {
        Run r = run(Map.of(), "cordon", "gpu-node-004", "--sandbox", "--confirm", "gpu-node-004");
        assertEquals(2, r.exit());
        assertEquals("flightdeck: cordon needs --reason WHY: it is journaled and written on the node for teammates\n", r.err());
    }

    @Test
    void aConfirmedCordonIsJournaledWithItsReason() throws Exception {
        Instant t0 = Instant.now();
        Run r = run(Map.of(), "cordon", "gpu-node-009", "--sandbox", "--confirm", "gpu-node-009", "--reason", "RMA 4411");
        assertEquals(0, r.exit(), r.err());
        assertEquals("gpu-node-009 cordoned: RMA 4411", r.out().getLast());
        List<JournalEntry> entries = journal(t0, "node/gpu-node-009");
        assertEquals(List.of("plan", "confirm", "outcome"), entries.stream().map(JournalEntry::phase).toList());
        assertTrue(entries.getFirst().message().startsWith("cordon gpu-node-009: would mark it unschedulable"),
                entries.getFirst().message());
        assertEquals("cordon gpu-node-009 — RMA 4411", entries.get(1).message());
        assertEquals("sandbox-admin", entries.getLast().user());
    }

    @Test
    void aConfirmedDrainCordonsEvictsAndEndsDrained() throws Exception {
        Instant t0 = Instant.now();
        Run r = run(Map.of(), "drain", "gpu-node-040", "--sandbox", "--confirm", "gpu-node-040", "--reason", "NVLink flaps",
                "--delete-emptydir-data", "--timeout", "60s");
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        assertTrue(r.out().getLast().startsWith("gpu-node-040 drained: "), r.out().getLast());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("cordoned gpu-node-040")), r.err());
        List<String> phases = journal(t0, "node/gpu-node-040").stream().map(JournalEntry::phase).distinct().toList();
        assertEquals(List.of("plan", "confirm", "step", "outcome"), phases);
    }

    @Test
    void aConfirmedResumeRecreatesTheHaltedGang() throws Exception {
        Run r = run(Map.of(), "resume", "training/rlhf-actor", "--sandbox", "--confirm", "rlhf-actor");
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        assertTrue(r.out().getLast().startsWith("resumed training/rlhf-actor"), r.out().getLast());
    }

    @Test
    void aResumeOfARunningGangIsRefusedWith4() throws Exception {
        Run r = run(Map.of(), "resume", "research/bert-large", "--sandbox", "--confirm", "bert-large");
        assertEquals(4, r.exit(), r.err());
        assertTrue(r.out().getFirst().startsWith("cannot resume research/bert-large: the gang is running"), r.out().getFirst());
    }
}
