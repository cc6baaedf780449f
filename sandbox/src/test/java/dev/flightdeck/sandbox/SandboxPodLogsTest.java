package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's pods/log as the kubelet serves it behind the API server: training ranks print steps, the failed rank
 * of the standard fleet's halted gang its NCCL error and the other ranks their watchdog timeouts ten minutes later;
 * CUDA OOM, the kernel's OOM kill, an Xid and a crash each end a run in their own words; tailLines, limitBytes,
 * previous, timestamps, sinceSeconds and follow behave as the kubelet's.
 */
class SandboxPodLogsTest {

    private static SandboxCluster sandbox;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(64);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static HttpResponse<String> log(String ns, String pod, String query) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url() + "/api/v1/namespaces/" + ns + "/pods/" + pod + "/log"
                + (query.isEmpty() ? "" : "?" + query))).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The pod of {@code job}'s rank {@code rank} in the sandbox's training namespace. */
    private static String rankPod(String ns, String job, int rank) throws Exception {
        return sandbox.store().list("pods", ns, l -> job.equals(l.get("batch.kubernetes.io/job-name"))
                        && String.valueOf(rank).equals(l.get("batch.kubernetes.io/job-completion-index")))
                .getFirst().path("metadata").path("name").asText();
    }

    @Test
    void theHaltedGangsFailedRankLogsItsNcclErrorAndTheOthersTheirWatchdogTimeouts() throws Exception {
        HttpResponse<String> failed = log("training", rankPod("training", "rlhf-actor", 5), "tailLines=30&timestamps=true");
        assertEquals(200, failed.statusCode(), failed.body());
        String body = failed.body();
        assertTrue(body.contains("NCCL WARN socketProgress: Connection closed by remote peer"), body);
        assertTrue(body.contains("[rank5]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/"
                + "distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled system error (run with NCCL_DEBUG=INFO for details)"), body);
        assertTrue(body.contains("[rank5]: Traceback (most recent call last):"));
        assertTrue(body.lines().allMatch(l -> l.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z .*")),
                "every line has the kubelet's timestamp, nine digits of nanoseconds");
        Instant lastLine = Instant.parse(body.lines().toList().getLast().substring(0, 30));
        ObjectNode pod = sandbox.store().get("pods", "training", rankPod("training", "rlhf-actor", 5));
        Instant finished = Instant.parse(pod.path("status").path("containerStatuses").path(0).path("state").path("terminated")
                .path("finishedAt").asText());
        assertTrue(!lastLine.isAfter(finished) && lastLine.isAfter(finished.minusSeconds(2)),
                "its last words come just before its container's end: " + lastLine + " / " + finished);

        String other = log("training", rankPod("training", "rlhf-actor", 3), "tailLines=5").body();
        assertTrue(other.contains("[rank3]:[E") && other.contains("[Rank 3] Watchdog caught collective operation timeout: "
                + "WorkNCCL(SeqNum="), other);
        assertTrue(other.contains("Timeout(ms)=600000) ran for 6000"));
        List<String> before = other.lines().filter(l -> l.contains("step ")).toList();
        assertFalse(before.isEmpty(), "steps up to the failure, then nothing until the watchdog: " + other);
    }

    @Test
    void tailLinesLimitBytesSinceSecondsAndTimestampsAsTheKubeletHasThem() throws Exception {
        String pod = rankPod("training", "llm-pretrain", 0);
        String tail = log("training", pod, "tailLines=3").body();
        assertEquals(3, tail.lines().count(), tail);
        assertTrue(tail.lines().allMatch(l -> l.startsWith("[rank0] step ")), tail);
        assertEquals(10, log("training", pod, "tailLines=200&limitBytes=10").body().getBytes(StandardCharsets.UTF_8).length,
                "cut at limitBytes, mid-line");
        String recent = log("training", pod, "sinceSeconds=10&timestamps=true").body();
        Instant tenAgo = Instant.now().minusSeconds(12);
        assertTrue(recent.lines().count() >= 2 && recent.lines().count() <= 5, recent);
        assertTrue(recent.lines().allMatch(l -> Instant.parse(l.substring(0, 30)).isAfter(tenAgo)), recent);
        String whole = log("training", pod, "").body();
        assertTrue(whole.startsWith("[rank0] initializing torch.distributed: backend=nccl rank=0 world_size=32\n"), whole.substring(0, 200));
        assertEquals(400, log("training", pod, "tailLines=x").statusCode());
        HttpResponse<String> noPrevious = log("training", pod, "previous=true");
        assertEquals(400, noPrevious.statusCode());
        assertTrue(noPrevious.body().contains("previous terminated container \\\"trainer\\\" in pod \\\"" + pod + "\\\" not found"),
                noPrevious.body());
        assertEquals(400, log("training", pod, "container=sidecar").statusCode());
        assertEquals(404, log("training", "no-such-pod", "").statusCode());
    }

    @Test
    void aRestartedRanksPreviousRunEndsInItsCrashAndItsCurrentRunResumes() throws Exception {
        String name = rankPod("training", "eval-sweep", 2);
        ObjectNode pod = sandbox.store().get("pods", "training", name);
        ObjectNode cs = (ObjectNode) pod.path("status").path("containerStatuses").path(0);
        PodTemplates.restarted(cs, Instant.now().minusSeconds(120).truncatedTo(ChronoUnit.SECONDS));
        ((ObjectNode) cs.path("lastState").path("terminated")).put("message", "CUDA out of memory");
        sandbox.store().replace("pods", "training", name, pod);
        String previous = log("training", name, "previous=true&tailLines=3").body();
        assertTrue(previous.contains("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB."), previous);
        String current = log("training", name, "tailLines=400").body();
        assertTrue(current.contains("resuming from checkpoint s3://checkpoints/eval-sweep/latest/"), current);
        assertFalse(current.contains("OutOfMemoryError"), "the crash is in the previous run only");
    }

    @Test
    void eachWayARunEndsHasItsOwnLastWords() throws Exception {
        Instant end = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS);
        Map<String, String[]> cases = Map.of(
                "oom-cuda", new String[]{"Error", "CUDA out of memory", "torch.OutOfMemoryError: CUDA out of memory."},
                "oom-kernel", new String[]{"OOMKilled", "", "step "},
                "xid", new String[]{"Error", "Xid 79 on GPU 5: GPU has fallen off the bus",
                        "NVRM: Xid (PCI:0000:9b:00): 79, pid="},
                "crash", new String[]{"Error", "", "RuntimeError: CUDA error: an illegal memory access was encountered"});
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            String job = "ends-" + c.getKey();
            ObjectNode p = PodTemplates.indexedJobRank("research", job, 0, "gpu-node-001", 8, end.minusSeconds(3600));
            PodTemplates.failed(p, "trainer", c.getValue()[0], c.getValue()[0].equals("OOMKilled") ? 137 : 1, c.getValue()[1], end);
            sandbox.store().create("pods", p);
            String last = log("research", p.path("metadata").path("name").asText(), "tailLines=12").body();
            assertTrue(last.contains(c.getValue()[2]), c.getKey() + ": " + last);
            if (c.getKey().equals("oom-kernel")) {
                assertTrue(last.lines().toList().getLast().contains("step "), "the kernel's kill leaves no last words: " + last);
            }
        }
    }

    @Test
    void aFollowedLogStreamsNewLinesAndEndsWhenTheContainerStops() throws Exception {
        String name = rankPod("training", "eval-sweep", 5);
        HttpResponse<InputStream> r = HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url()
                + "/api/v1/namespaces/training/pods/" + name + "/log?follow=true&tailLines=1&timestamps=true")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        BlockingQueue<String> lines = new ArrayBlockingQueue<>(100);
        Thread reader = Thread.ofVirtual().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = in.readLine()) != null) {
                    lines.add(l);
                }
                lines.add("<end>");
            } catch (java.io.IOException e) {
                lines.add("<error " + e + ">");
            }
        });
        String first = lines.poll(10, TimeUnit.SECONDS);
        assertNotNull(first, "the tail at once");
        String next = lines.poll(15, TimeUnit.SECONDS);
        assertNotNull(next, "a new step line within a few seconds");
        assertTrue(Instant.parse(next.substring(0, 30)).isAfter(Instant.parse(first.substring(0, 30))), first + " / " + next);
        ObjectNode pod = sandbox.store().get("pods", "training", name);
        PodTemplates.failed(pod, "trainer", "Error", 1, "NCCL error: remote process exited or there was a network error");
        sandbox.store().replace("pods", "training", name, pod);
        String line;
        boolean sawError = false;
        do {
            line = lines.poll(15, TimeUnit.SECONDS);
            assertNotNull(line, "the stream ends once the container has stopped");
            sawError |= line.contains("remote process exited or there was a network error");
        } while (!line.equals("<end>"));
        assertTrue(sawError, "its last words came before the end");
        reader.join(5000);
    }
}
