package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The log of any sandbox pod's container, made from the pod as it stands: a training rank prints its steps, and the
 * way its run ended (from its container's end: {@link SandboxFailureLines.Flavour}); once its gang's first rank has
 * failed it stops stepping, and ten minutes later (PyTorch's default NCCL timeout) its watchdog logs the collective
 * timeout. A rank that crashed and restarted has the crashed run as its previous log and resumes from a checkpoint.
 * Other pods print a service's start and heartbeat.
 */
final class SandboxRankLogs {

    /** PyTorch's default timeout for an NCCL collective, after which every waiting rank's watchdog speaks. */
    static final Duration NCCL_TIMEOUT = Duration.ofMinutes(10);

    private final ObjectStore store;
    private final SandboxGangFailures gangs;
    private final SandboxFabric fabric;
    private final SandboxGpuFaults gpuFaults;

    SandboxRankLogs(ObjectStore store, SandboxFabric fabric, SandboxGpuFaults gpuFaults) {
        this.gpuFaults = gpuFaults;
        this.store = store;
        this.gangs = new SandboxGangFailures(store);
        this.fabric = fabric;
    }

    /** The container's current run, or with {@code previous} the run before its last restart (null when it has none). */
    SandboxLogRun run(ObjectNode pod, boolean previous, Instant now) throws StoreException {
        JsonNode status = pod.path("status").path("containerStatuses").path(0);
        JsonNode state = status.path("state");
        JsonNode last = status.path("lastState").path("terminated");
        String name = pod.path("metadata").path("name").asText();
        long seed = name.hashCode();
        Instant created = firstNonNull(time(pod.path("metadata").path("creationTimestamp")), now.minusSeconds(3600));
        Instant podStart = firstNonNull(time(pod.path("status").path("startTime")), created);
        SandboxGangFailures.Gang gang = gangs.of(pod);
        String container = pod.path("spec").path("containers").path(0).path("name").asText("app");
        if (gang == null) {
            Instant start = firstNonNull(time(state.path("running").path("startedAt")), podStart);
            return new SandboxLogRun(start, List.of(container + ": starting (" + pod.path("spec").path("containers").path(0)
                    .path("image").asText("") + ")", container + ": ready"), now, SandboxLogRun.service(container), List.of());
        }
        int rank = SandboxGangFailures.rank(pod);
        String node = pod.path("spec").path("nodeName").asText("node");
        // The node it lost: the first failed rank's, or, for that rank itself, its ring neighbour's.
        String peer = gang.firstFailedNode() != null && !gang.firstFailedNode().equals(node) ? gang.firstFailedNode()
                : gang.neighbour(rank, node);
        boolean xidOnNode = xidOn(node);
        Instant lastEnd = last.isMissingNode() ? null : time(last.path("finishedAt"));
        if (previous) {
            if (last.isMissingNode()) {
                return null;
            }
            Instant end = firstNonNull(lastEnd, now);
            SandboxFailureLines.Flavour f = SandboxFailureLines.flavour(last.path("reason").asText(), last.path("message").asText(""),
                    xidOnNode, fabric.flapping(node));
            List<SandboxLogRun.Line> closing = timed(SandboxFailureLines.ending(f, rank, node, peer, gpu(rank), seed,
                    last.path("message").asText("")), end);
            return new SandboxLogRun(podStart, banner(rank, gang.ranks(), false, gang.name()), end.minusSeconds(1),
                    SandboxLogRun.training(rank, created, seed), closing);
        }
        JsonNode ended = state.path("terminated");
        Instant start = firstNonNull(time(state.path("running").path("startedAt")), time(ended.path("startedAt")), podStart);
        if (lastEnd != null && lastEnd.isAfter(start)) {
            start = lastEnd.plusSeconds(10); // the kubelet restarted it after its crash
        }
        Instant end = ended.isMissingNode() ? null : firstNonNull(time(ended.path("finishedAt")), now);
        boolean endedBadly = end != null && ended.path("exitCode").asInt(0) != 0;
        // Work is logged up to the container's end, not short of it: a log only grows, and a follow that already sent
        // the steps of the last second must find them still there when the container ends (else it sends nothing more).
        Instant workUntil = end != null ? end : now;
        // A stalled rank hangs in its collective: it logs nothing after its last step.
        Instant stalledAt = gpuFaults.stalledAt(pod.path("metadata").path("uid").asText());
        if (stalledAt != null && stalledAt.isBefore(workUntil)) {
            workUntil = stalledAt;
        }
        boolean gangStopped = gang.failed() && !name.equals(gang.firstFailedPod());
        if (gangStopped && gang.firstFailedAt().isBefore(workUntil)) {
            workUntil = gang.firstFailedAt();
        }
        List<SandboxLogRun.Line> closing = new ArrayList<>();
        String message = ended.path("message").asText("");
        // A rank that ended with no word of its own after its gang stopped was ended by its watchdog: at its end, so
        // the job's timeout was that long (shorter than PyTorch's default, or a drill's faster pace).
        boolean endedByWatchdog = endedBadly && gangStopped && message.isBlank() && !"OOMKilled".equals(ended.path("reason").asText())
                && !end.isBefore(gang.firstFailedAt());
        Instant watchdogAt = null;
        long timeoutMs = NCCL_TIMEOUT.toMillis();
        if (endedByWatchdog) {
            watchdogAt = end.minusSeconds(1);
            timeoutMs = Math.max(1000, Duration.between(gang.firstFailedAt(), watchdogAt).toSeconds() * 1000);
        } else if (gangStopped) {
            watchdogAt = gang.firstFailedAt().plus(NCCL_TIMEOUT).plusMillis(Math.floorMod(seed, 900));
        }
        if (watchdogAt != null && !watchdogAt.isAfter(end != null ? end : now)) {
            long seq = Duration.between(created, gang.firstFailedAt()).toMillis() / SandboxLogRun.STEP.toMillis() * 3;
            List<String> said = new ArrayList<>(SandboxFailureLines.watchdog(rank, watchdogAt, seed, seq, timeoutMs));
            if (endedByWatchdog) {
                said.addAll(SandboxFailureLines.watchdogTeardown(rank, watchdogAt, seed));
            }
            for (int i = 0; i < said.size(); i++) {
                closing.add(new SandboxLogRun.Line(watchdogAt.plusMillis(1 + i), said.get(i))); // the kubelet stamps it just after glog did
            }
        }
        if (endedBadly && !endedByWatchdog) {
            SandboxFailureLines.Flavour f = SandboxFailureLines.flavour(ended.path("reason").asText(), message, xidOnNode,
                    fabric.flapping(node));
            closing.addAll(timed(SandboxFailureLines.ending(f, rank, node, peer, gpu(rank), seed, message), end));
        } else if (end != null && !endedBadly) {
            closing.add(new SandboxLogRun.Line(end.minusMillis(100), "[rank" + rank + "] training complete"));
        }
        return new SandboxLogRun(start, banner(rank, gang.ranks(), lastEnd != null, gang.name()), workUntil,
                SandboxLogRun.training(rank, created, seed), closing);
    }

    /** Whether the pod's container is running (a followed log goes on only while it is). */
    static boolean running(ObjectNode pod) {
        return !pod.path("status").path("containerStatuses").path(0).path("state").path("running").isMissingNode()
                && !pod.path("metadata").has("deletionTimestamp");
    }

    private static List<String> banner(int rank, int world, boolean resumed, String job) {
        List<String> b = new ArrayList<>();
        b.add("[rank" + rank + "] initializing torch.distributed: backend=nccl rank=" + rank + " world_size=" + Math.max(world, 1));
        b.add("[rank" + rank + "] NCCL version 2.21.5+cuda12.4");
        if (resumed) {
            b.add("[rank" + rank + "] resuming from checkpoint s3://checkpoints/" + job + "/latest/");
        }
        b.add("[rank" + rank + "] model ready: FSDP full shard, bf16, micro-batch 1, gradient accumulation 8");
        return b;
    }

    /** Lines a process printed just before {@code end}, a millisecond apart, the last one 50 ms before it. */
    private static List<SandboxLogRun.Line> timed(List<String> lines, Instant end) {
        List<SandboxLogRun.Line> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            out.add(new SandboxLogRun.Line(end.minusMillis(50L + lines.size() - i), lines.get(i)));
        }
        return out;
    }

    private boolean xidOn(String node) throws StoreException {
        try {
            for (JsonNode c : store.get("nodes", null, node).path("status").path("conditions")) {
                if ("SysLogsXIDError".equals(c.path("type").asText()) && "True".equals(c.path("status").asText())) {
                    return true;
                }
            }
        } catch (StoreException gone) {
            // a node deleted since: no condition to read
        }
        return false;
    }

    private static int gpu(int rank) {
        return Math.floorMod(rank, 8);
    }

    static Instant time(JsonNode v) {
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(v.asText());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    @SafeVarargs
    private static <T> T firstNonNull(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
