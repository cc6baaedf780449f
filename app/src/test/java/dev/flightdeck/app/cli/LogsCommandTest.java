package dev.flightdeck.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck logs} on the sandbox: a halted gang's first-failure summary and tails, one rank's log, any pod's
 * log, ranks followed until their containers end, and bad input in one line with exit 2 or 3.
 */
class LogsCommandTest {

    private static SandboxCluster sandbox;
    private static Path kubeconfig;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        sandbox = SandboxCluster.startQuiet(64);
        kubeconfig = dir.resolve("sandbox.yaml");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                current-context: sandbox
                clusters:
                - name: sandbox
                  cluster:
                    server: %s
                contexts:
                - name: sandbox
                  context:
                    cluster: sandbox
                    user: sre
                users:
                - name: sre
                  user: {}
                """.formatted(sandbox.url()));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    record Run(int exit, List<String> out, String err) {
    }

    /** The command as the launcher runs it: through Headless, so behind the redaction boundary. */
    static Run run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Headless.run(args, Map.of("HOME", System.getProperty("java.io.tmpdir")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    private static Run onSandbox(String... args) throws Exception {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                java.util.stream.Stream.of("--kubeconfig", kubeconfig.toString())).toArray(String[]::new);
        return run(all);
    }

    private static String rankPod(String job, int rank) throws Exception {
        return sandbox.store().list("pods", "training", l -> job.equals(l.get("batch.kubernetes.io/job-name"))
                && String.valueOf(rank).equals(l.get("batch.kubernetes.io/job-completion-index"))).getFirst()
                .path("metadata").path("name").asText();
    }

    @Test
    void aHaltedGangsSummaryNamesTheFirstFailureAndGroupsTheErrorsAcrossRanks() throws Exception {
        Run r = onSandbox("logs", "training/rlhf-actor");
        assertEquals(0, r.exit(), r.err());
        List<String> out = r.out();
        assertEquals("training/rlhf-actor · Indexed Job · 16 ranks · halted · times UTC", out.get(0));
        assertTrue(out.get(1).matches("first failure: rank 5 · pod rlhf-actor-5-\\w+ on gpu-node-\\d+ · NCCL error: unhandled "
                + "system error · Error, exit code 1 at "
                + "\\d\\d:\\d\\d:\\d\\d \\(its container ended first\\)"), out.get(1));
        assertEquals("errors by message across ranks:", out.get(2));
        assertTrue(out.get(3).matches("  rank 5: NCCL error: unhandled system error \\(first, \\d\\d:\\d\\d:\\d\\d\\)"), out.get(3));
        assertTrue(out.stream().anyMatch(l -> l.matches("  ranks 0–4, 6–15: Watchdog caught collective operation timeout "
                + "\\(\\d\\d:\\d\\d:\\d\\d\\)")), String.join("\n", out));
        assertTrue(out.stream().anyMatch(l -> l.matches("read 16 of 16 ranks · 1[67] log requests \\(at most [1-8] at once\\) · .*")),
                String.join("\n", out));
        int tails = out.indexOf("");
        assertTrue(out.get(tails + 1).startsWith("── rank 5 · failed · pod rlhf-actor-5-"), out.get(tails + 1));
        assertTrue(out.stream().anyMatch(l -> l.startsWith("[rank5]: torch.distributed.DistBackendError: NCCL error in: ")));
        int others = out.indexOf("── the other ranks, last lines of each");
        assertTrue(others > tails, "the others' compact tails come after the failed rank's");
        assertTrue(out.get(others + 1).startsWith("── rank 0 · running · pod rlhf-actor-0-"), out.get(others + 1));
        assertTrue(out.get(others + 2).startsWith("  [rank0] step "), out.get(others + 2));
        assertTrue(out.get(others + 6).startsWith("  [rank0]:[E"), "rank 0's last lines are its watchdog's: " + out.get(others + 6));
        assertTrue(out.get(others + 7).startsWith("── rank 1 · "), "a compact tail: five lines");
    }

    @Test
    void oneRanksLogWithTailAndTimestamps() throws Exception {
        Run r = onSandbox("logs", "training/rlhf-actor", "--rank", "5", "--tail", "4", "--timestamps");
        assertEquals(0, r.exit(), r.err());
        assertEquals(4, r.out().size(), String.join("\n", r.out()));
        assertTrue(r.out().stream().allMatch(l -> l.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z .*")), r.out().toString());
        assertTrue(r.err().contains("flightdeck: rank 5 of training/rlhf-actor · failed · pod rlhf-actor-5-"), r.err());
        Run previous = onSandbox("logs", "training/rlhf-actor", "--rank", "5", "--previous");
        assertEquals(3, previous.exit(), "it never restarted: no previous run");
        assertTrue(previous.err().contains("previous terminated container \"trainer\""), previous.err());
    }

    @Test
    void anyPodsLogByName() throws Exception {
        String pod = sandbox.store().list("pods", "research", l -> "log-shipper".equals(l.get("app"))).getFirst()
                .path("metadata").path("name").asText();
        Run r = onSandbox("logs", "research/" + pod, "--tail", "2");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, r.out().size());
        assertTrue(r.out().getLast().startsWith("log-shipper: healthy;"), r.out().toString());
    }

    @Test
    void ranksFollowedTogetherUntilTheirContainersEnd() throws Exception {
        String one = rankPod("eval-sweep", 1);
        String two = rankPod("eval-sweep", 2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (out) {
                    out.write(b);
                }
            }
        }, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> Headless.run(new String[]{"logs",
                "training/eval-sweep", "--rank", "1,2", "--follow", "--tail", "1", "--kubeconfig", kubeconfig.toString()},
                Map.of("HOME", System.getProperty("java.io.tmpdir")), print, new PrintStream(OutputStream.nullOutputStream())));
        awaitText(out, "[rank 2] [rank2] step ", 60);
        awaitText(out, "[rank 1] [rank1] step ", 5);
        for (String name : new String[]{one, two}) {
            ObjectNode pod = sandbox.store().get("pods", "training", name);
            ((ObjectNode) pod.path("status").path("containerStatuses").path(0)).putObject("state").putObject("terminated")
                    .put("exitCode", 0).put("reason", "Completed").put("finishedAt", java.time.Instant.now().toString());
            sandbox.store().replace("pods", "training", name, pod);
        }
        assertEquals(0, exit.get(20, TimeUnit.SECONDS), "the follow ends once both containers have");
        assertTrue(text(out).contains("[rank 1] [rank1] training complete"), text(out));
    }

    private static String text(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    private static void awaitText(ByteArrayOutputStream out, String text, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!text(out).contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no \"" + text + "\" within " + seconds + " s in:\n" + text(out));
            }
            Thread.sleep(50);
        }
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Run noTarget = run("logs");
        assertEquals(2, noTarget.exit());
        assertEquals("flightdeck: logs needs NAMESPACE/GANG or NAMESPACE/POD, e.g. logs training/llm-pretrain\n", noTarget.err());
        assertEquals(2, run("logs", "training").exit());
        Run since = run("logs", "training/x", "--since", "ten");
        assertEquals("flightdeck: --since needs a duration of a second or more, such as 10m, 90s or 1h30m, not 'ten'\n", since.err());
        assertEquals(2, run("logs", "training/x", "--follow", "--previous").exit());
        assertEquals(2, run("logs", "training/x", "--rank", "-1").exit());

        Run unknown = onSandbox("logs", "training/no-such-thing");
        assertEquals(3, unknown.exit());
        assertTrue(unknown.err().endsWith("flightdeck: logs training/no-such-thing: no gang and no pod training/no-such-thing "
                + "in the cluster (gangs as the console sees them; pods as the server has them)\n"), unknown.err());
        Run noRank = onSandbox("logs", "training/rlhf-actor", "--rank", "99");
        assertEquals(2, noRank.exit());
        assertTrue(noRank.err().endsWith("flightdeck: logs training/rlhf-actor: the gang has no rank 99 (it has ranks 0–15)\n"),
                noRank.err());
        Run wholeGang = onSandbox("logs", "training/rlhf-actor", "--follow");
        assertEquals(2, wholeGang.exit());
        assertTrue(wholeGang.err().contains("--follow streams one rank or a few: add --rank N"), wholeGang.err());
        Run rankOfPod = onSandbox("logs", "training/" + rankPod("rlhf-actor", 0), "--rank", "1");
        assertEquals(2, rankOfPod.exit());
        assertTrue(rankOfPod.err().contains("--rank belongs to a gang"), rankOfPod.err());
    }

    @Test
    void theCommandLineParsesItsOwnFlagsBesideTheCommonOnes() throws Exception {
        LaunchOptions o = LaunchOptions.parse("--context", "logs", "logs", "a/b", "--since", "1h30m", "--rank=3,5", "--tail", "50",
                "-f", "--timestamps", "--kubeconfig", "k.yaml");
        assertEquals(LaunchOptions.Command.LOGS, o.command());
        assertEquals("logs", o.context(), "a context may be called logs");
        assertEquals("k.yaml", o.kubeconfig().toString());
        assertEquals(List.of(3, 5), o.logs().ranks());
        assertEquals(java.time.Duration.ofMinutes(90), o.logs().since());
        assertEquals(50, o.logs().tail());
        assertTrue(o.logs().follow() && o.logs().timestamps() && !o.logs().previous());
        assertEquals(LaunchOptions.Command.HELP, LaunchOptions.parse("logs", "a/b", "--help").command());
        assertTrue(LaunchOptions.USAGE.contains("logs NS/GANG"));
    }
}
