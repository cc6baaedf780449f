package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code flightdeck plan drain NODE} on the sandbox: the plan as text, nothing changed; bad input in one line. */
class PlanCommandTest {

    private record Run(int exit, List<String> out, String err) {
    }

    private static Run run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = PlanCommand.run(LaunchOptions.parse(args), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void planPrintsEvictionsSkipsBudgetsAndTheBrokenGang() throws Exception {
        Run r = run("plan", "drain", "gpu-node-004", "--sandbox", "--delete-emptydir-data");
        assertEquals(0, r.exit(), r.err());
        assertEquals("drain gpu-node-004: would cordon it and evict 6 pods", r.out().get(0));
        assertTrue(r.out().get(1).matches("circuit breaker: 4 GPU nodes \\(6\\.3% of GPUs\\) out of service now; after this "
                + "drain 5 \\(7\\.8%\\); limit 8 nodes or 10% of GPUs"), r.out().get(1));
        assertTrue(r.out().get(2).startsWith("breaks 1 gang, 256 GPUs, "), r.out().get(2));
        assertTrue(r.out().get(3).startsWith("  gang   training/llm-pretrain  Indexed Job  ranks [4] here  256 GPUs  checkpoint "));
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("  budget training/llm-pretrain  allows 0 disruption(s) now")));
        assertEquals(7, r.out().stream().filter(l -> l.startsWith("  skip   ")).count());
    }

    @Test
    void withoutConsentTheRankWithShmBlocks() throws Exception {
        Run r = run("plan", "drain", "gpu-node-004", "--sandbox");
        assertEquals("drain gpu-node-004: REFUSED before evicting anything: 1 pod(s) would be lost without consent", r.out().get(0));
        assertTrue(r.out().stream().anyMatch(l -> l.contains("BLOCKS training/llm-pretrain-4-")
                && l.endsWith("has emptyDir data that would be lost (dshm) (needs consent: delete emptyDir data)")));
    }

    @Test
    void anUnknownNodeIsOneLineAndExit3() throws Exception {
        Run r = run("plan", "drain", "gpu-node-999", "--sandbox");
        assertEquals(3, r.exit());
        assertTrue(r.err().endsWith("flightdeck: plan drain gpu-node-999: node gpu-node-999 does not exist\n"), r.err());
        assertTrue(r.out().isEmpty());
    }

    @Test
    void resumePlanShowsTheCheckpointAndTheDiffOfTheHaltedGang() throws Exception {
        Run r = run("plan", "resume", "training/rlhf-actor", "--sandbox");
        assertEquals(0, r.exit(), r.err());
        String all = String.join("\n", r.out());
        assertTrue(all.contains("RESUME_FROM"), all);
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("+") && l.contains("RESUME_FROM")), "a diff line adds it");
    }

    @Test
    void preflightPlanShowsTheValidationJobPinnedToTheNode() throws Exception {
        Run r = run("plan", "preflight", "gpu-node-031", "--sandbox");
        assertEquals(0, r.exit(), r.err());
        String all = String.join("\n", r.out());
        assertTrue(all.contains("gpu-node-031"), all);
        assertTrue(all.contains("nvidia.com/gpu"), all);
        assertTrue(all.contains("flightdeck.dev/preflight"), all);
    }

    @Test
    void resumingARunningGangIsRefusedInWords() throws Exception {
        Run r = run("plan", "resume", "research/bert-large", "--sandbox");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().getFirst().startsWith("cannot resume research/bert-large: the gang is running"), r.out().getFirst());
    }

    @Test
    void usageMistakesAreNamed() {
        assertEquals("cannot plan 'reboot': plannable are [drain, preflight, resume]",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("plan", "reboot", "n")).getMessage());
        assertEquals("plan drain needs a value",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("plan", "drain")).getMessage());
        assertEquals("action flags (--confirm, --reason, --force, --step, …) need an action, e.g. drain NODE",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("check", "--force")).getMessage());
        assertEquals("--delete-emptydir-data, --force and --timeout only go with drain",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("plan", "resume", "ns/g", "--force")).getMessage());
        assertEquals("--accept-redacted belongs to journal restore ENTRY",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("check", "--accept-redacted")).getMessage());
        assertTrue(assertDoesNotThrow(() -> LaunchOptions.parse("journal", "restore", "2026-11-24T22:41:03.123Z", "--confirm",
                "llama-sft", "--accept-redacted")).journal().acceptRedacted());
        assertEquals("--step only goes with resume",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("plan", "drain", "n", "--step", "3")).getMessage());
        assertEquals("--confirm and --reason go with executing an action, not with plan",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("plan", "drain", "n", "--confirm", "n")).getMessage());
        assertEquals("--check takes cuda (CUDA vectorAdd) or dcgm (dcgmi diag -r 1), not 'memtest'",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("preflight", "n", "--check", "memtest")).getMessage());
        assertEquals("--timeout needs a duration such as 15m, 90s or 1h, not 'soon'",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("drain", "n", "--timeout", "soon")).getMessage());
        assertEquals("resume needs NAMESPACE/GANG, not 'rlhf-actor'",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("resume", "rlhf-actor")).getMessage());
        assertEquals("one action at a time, not 'cordon' after 'drain'",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("drain", "a", "cordon", "b")).getMessage());
    }
}
