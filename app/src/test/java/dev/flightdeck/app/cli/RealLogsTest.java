package dev.flightdeck.app.cli;

import dev.flightdeck.app.controlplane.KubeletStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.secrets.Redaction;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck logs} against the real kube-apiserver 1.32, the logs coming from the kubelet stand-in through the
 * server's pods/log proxy: a four-rank Indexed Job whose rank 1 fails with an NCCL error while the others log their
 * watchdog timeouts; its summary names rank 1 first, groups the timeouts of ranks 0, 2 and 3, and a token its log
 * printed comes out redacted; one rank, a pod's previous run, and a followed rank that ends with its container.
 */
@ExtendWith(RealKube.class)
class RealLogsTest {

    /** What a launcher echoed into rank 1's log: must never come out. */
    private static final String TOKEN = dev.flightdeck.testkit.TestSecrets.remember("hf_" + "LoGsToKeN9x8c7v6b5n4m3q2w1e0rTyUiOp");

    private static RealCluster real;
    private static String ns;

    @BeforeAll
    static void gang(RealCluster cluster) throws Exception {
        real = cluster;
        ns = real.namespace("logs-gang");
        for (int i = 0; i < 4; i++) {
            real.kubelet().registerGpuNode(RealCluster.unique(ns + "-node"), 8, Map.of("flightdeck-test", ns));
        }
        real.kubelet().script(p -> !ns.equals(p.getMetadata().getNamespace()) ? null : script(p));
        real.admin().batch().v1().jobs().inNamespace(ns).resource(new JobBuilder().withNewMetadata().withName("llm")
                .endMetadata().withNewSpec().withCompletionMode("Indexed").withCompletions(4).withParallelism(4)
                .withBackoffLimitPerIndex(0).withNewTemplate().withNewSpec().withRestartPolicy("Never")
                .withNodeSelector(Map.of("flightdeck-test", ns)).addNewContainer().withName("trainer").withImage("trainer:1")
                .withNewResources().withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer()
                .endSpec().endTemplate().endSpec().build()).create();
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("crashy").endMetadata()
                .withNewSpec().withNodeSelector(Map.of("flightdeck-test", ns)).addNewContainer().withName("app")
                .withImage("app:1").endContainer().endSpec().build()).create();
        awaitPhases(List.of("Failed", "Running", "Running", "Running", "Running"));
    }

    /** Rank 1 fails with an NCCL error; the other ranks wait at the collective until their watchdog speaks. */
    private static KubeletStandIn.Script script(Pod p) {
        if (p.getMetadata().getName().equals("crashy")) {
            return KubeletStandIn.Script.run("app: started again\n").afterCrash("app: serving\nFATAL: out of file descriptors\n");
        }
        String rank = p.getMetadata().getLabels().get("batch.kubernetes.io/job-completion-index");
        String node = p.getSpec().getNodeName();
        String start = "[rank" + rank + "] initializing torch.distributed: backend=nccl rank=" + rank + " world_size=4\n"
                + "[rank" + rank + "] step 10 | loss 2.7100\n[rank" + rank + "] step 20 | loss 2.6412\n";
        if ("1".equals(rank)) {
            return KubeletStandIn.Script.exit(1, "[rank1] launcher: export HF_TOKEN=" + TOKEN + "\n" + start
                    + node + ":4411:4498 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer "
                    + "10.0.3.7<42830>\n"
                    + "[rank1]: Traceback (most recent call last):\n"
                    + "[rank1]:   File \"/workspace/train.py\", line 412, in <module>\n"
                    + "[rank1]:     main()\n"
                    + "[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                    + "ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n");
        }
        return KubeletStandIn.Script.run(start + "[rank" + rank + "]:[E1124 14:12:12.12345678" + rank + " 77 ProcessGroupNCCL.cpp:616] "
                + "[Rank " + rank + "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, "
                + "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 60001" + rank + " milliseconds before timing out.\n");
    }

    private static void awaitPhases(List<String> phases) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<String> seen = List.of();
        while (System.nanoTime() < deadline) {
            seen = real.admin().pods().inNamespace(ns).list().getItems().stream().map(p -> p.getStatus().getPhase()).sorted().toList();
            if (seen.equals(phases.stream().sorted().toList())) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("pods of " + ns + " are " + seen + ", not " + phases);
    }

    private static LogsCommandTest.Run logs(String... args) throws Exception {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
                "--kubeconfig", real.plane().adminKubeconfig().toString())).toArray(String[]::new);
        return LogsCommandTest.run(all);
    }

    private static String rankPod(int rank) {
        return real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-completion-index", String.valueOf(rank))
                .list().getItems().getFirst().getMetadata().getName();
    }

    @Test
    void theGangsSummaryNamesRankOneFirstAndGroupsTheOthersTimeouts() throws Exception {
        LogsCommandTest.Run r = logs("logs", ns + "/llm");
        assertEquals(0, r.exit(), r.err());
        List<String> out = r.out();
        String text = String.join("\n", out);
        assertTrue(out.get(0).startsWith(ns + "/llm · Indexed Job · 4 ranks · "), text);
        assertTrue(out.get(1).matches("first failure: rank 1 · pod " + rankPod(1) + " on " + ns + "-node-\\d+ · NCCL error: "
                + "unhandled system error · Error, exit code 1 "
                + "at \\d\\d:\\d\\d:\\d\\d \\(its container ended first\\)"), text);
        assertTrue(out.get(3).matches("  rank 1: NCCL error: unhandled system error \\(first, \\d\\d:\\d\\d:\\d\\d\\)"), text);
        assertTrue(out.stream().anyMatch(l -> l.matches("  ranks 0, 2, 3: Watchdog caught collective operation timeout \\(.*\\)")), text);
        assertTrue(out.contains("  rank 1: NCCL WARN socketProgress: Connection closed by remote peer <peer>")
                || out.stream().anyMatch(l -> l.startsWith("  rank 1: NCCL WARN socketProgress: Connection closed by remote peer <peer> (")),
                text);
        assertTrue(out.stream().anyMatch(l -> l.matches("read 4 of 4 ranks · 4 log requests \\(at most [1-4] at once\\) · .*")), text);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("── rank 1 · failed · pod " + rankPod(1))), text);
        assertTrue(out.contains("[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                + "ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5"), text);
        assertFalse(text.contains(TOKEN), "the token rank 1 printed does not come out");
        assertTrue(out.contains("[rank1] launcher: export HF_TOKEN=" + Redaction.PLACEHOLDER), text);
    }

    @Test
    void oneRankAPodsPreviousRunAndBadInput() throws Exception {
        LogsCommandTest.Run rank = logs("logs", ns + "/llm", "--rank", "2", "--tail", "1");
        assertEquals(0, rank.exit(), rank.err());
        assertEquals(1, rank.out().size());
        assertTrue(rank.out().getFirst().startsWith("[rank2]:[E1124 14:12:12.123456782 77 ProcessGroupNCCL.cpp:616] [Rank 2] Watchdog"));

        LogsCommandTest.Run previous = logs("logs", ns + "/crashy", "--previous");
        assertEquals(0, previous.exit(), previous.err());
        assertEquals(List.of("app: serving", "FATAL: out of file descriptors"), previous.out());
        LogsCommandTest.Run current = logs("logs", ns + "/crashy", "--timestamps");
        assertEquals(1, current.out().size());
        assertTrue(current.out().getFirst().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z app: started again"),
                current.out().toString());

        LogsCommandTest.Run missing = logs("logs", ns + "/nothing-here");
        assertEquals(3, missing.exit());
        assertTrue(missing.err().endsWith("no gang and no pod " + ns + "/nothing-here in the cluster (gangs as the console sees "
                + "them; pods as the server has them)\n"), missing.err());
    }

    @Test
    void aFollowedRankEndsWhenItsContainerDoes() throws Exception {
        String pod = rankPod(3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (out) {
                    out.write(b);
                }
            }
        }, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> Headless.run(new String[]{"logs", ns + "/llm",
                "--rank", "3", "--follow", "--tail", "1", "--kubeconfig", real.plane().adminKubeconfig().toString()},
                Map.of("HOME", System.getProperty("java.io.tmpdir")), print, new PrintStream(OutputStream.nullOutputStream())));
        awaitText(out, "Watchdog caught collective operation timeout");
        real.kubelet().appendLog(ns, pod, "[rank3] terminate called after throwing an instance of 'c10::DistBackendError'");
        awaitText(out, "terminate called after throwing");
        real.kubelet().endLog(ns, pod);
        assertEquals(0, exit.get(30, TimeUnit.SECONDS), "the follow ends with the container's log");
    }

    private static void awaitText(ByteArrayOutputStream out, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            String now;
            synchronized (out) {
                now = out.toString(StandardCharsets.UTF_8);
            }
            if (now.contains(text)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no \"" + text + "\" within 120 s in:\n" + now);
            }
            Thread.sleep(50);
        }
    }
}
