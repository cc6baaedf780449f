package dev.flightdeck.views.journal;

import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.journal.JournalIdentity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A journal as an on-call shift leaves it, written through {@link Journal#append} so the lines
 * are the real format: a drain of gpu-node-017 (plan, confirm, steps, outcome with its duration),
 * a re-preflight of gpu-node-031 that failed, a resume of training/rlhf-actor on another context
 * whose save entry holds the whole Job and its pods, a cordon yesterday and an uncordon four days ago.
 */
final class TestJournal {

    /** "Now" for the tests: five minutes after the resume's outcome. */
    static final Instant NOW = Instant.parse("2026-11-22T14:20:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    static final JournalIdentity PROD_EAST = new JournalIdentity("https://api.prod-east.example.net:6443", "prod-east",
            "alice@example.com");
    static final JournalIdentity PROD_WEST = new JournalIdentity("https://api.prod-west.example.net:6443", "prod-west",
            "bob@example.com");

    static final String DRAIN_OUTCOME = "drained gpu-node-017: 3 pods evicted, node cordoned";

    private TestJournal() {
    }

    static Journal write(Path dir) throws IOException {
        Journal j = new Journal(dir);
        for (JournalEntry e : entries()) {
            j.append(e);
        }
        return j;
    }

    /** Adds a line cut short, as a crash in the middle of a write leaves it, to {@code at}'s file. */
    static void tear(Journal j, Instant at) throws IOException {
        Files.writeString(j.fileFor(at), "{\"at\":\"2026-11-22T14:11:00Z\",\"cluster\":\"https://api.prod-e",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    static List<JournalEntry> entries() {
        return List.of(
                PROD_EAST.entry(ago(Duration.ofDays(4)), "uncordon", "outcome", "node/gpu-node-017",
                        "uncordoned gpu-node-017 after the RMA", Map.of(), 310),
                PROD_EAST.entry(ago(Duration.ofHours(20)), "cordon", "outcome", "node/gpu-node-017",
                        "cordoned gpu-node-017: XID 79 seen twice", Map.of("reason", "XID 79"), 420),
                PROD_EAST.entry(at("13:58:10"), "drain", "plan", "node/gpu-node-017",
                        "drain gpu-node-017: evict 3 pods, 1 gang loses a rank",
                        Map.of("plan", List.of("drain gpu-node-017: evict 3 pods, 1 gang loses a rank",
                                "evict training/llm-pretrain-worker-12 (gang training/llm-pretrain, rank 12)",
                                "evict inference/embed-7f9c-2", "evict monitoring/dcgm-exporter-x2 (DaemonSet: skipped)"
                        )), -1),
                PROD_EAST.entry(at("13:58:40"), "drain", "confirm", "node/gpu-node-017",
                        "confirmed: drain gpu-node-017 — XID 79 on GPU 3",
                        Map.of("reason", "XID 79 on GPU 3", "deleteEmptyDirData", true, "gracePeriodSeconds", 30), -1),
                PROD_EAST.entry(at("13:58:41"), "drain", "step", "node/gpu-node-017", "cordoned gpu-node-017",
                        Map.of(), 85),
                PROD_EAST.entry(at("13:58:45"), "drain", "step", "node/gpu-node-017",
                        "evicted training/llm-pretrain-worker-12", Map.of(), 3_900),
                PROD_EAST.entry(at("13:59:31"), "drain", "step", "node/gpu-node-017",
                        "evicted inference/embed-7f9c-2", Map.of(), 46_000),
                PROD_EAST.entry(at("14:00:02"), "drain", "outcome", "node/gpu-node-017", DRAIN_OUTCOME,
                        Map.of("result", "DRAINED", "evicted", 3, "skipped", List.of("monitoring/dcgm-exporter-x2")),
                        112_000),
                PROD_EAST.entry(at("14:03:00"), "preflight", "plan", "node/gpu-node-031",
                        "re-preflight gpu-node-031: validation Job on the node, gate taint until it passes", Map.of(), -1),
                PROD_EAST.entry(at("14:03:12"), "preflight", "confirm", "node/gpu-node-031",
                        "confirmed: re-preflight gpu-node-031", Map.of("reason", "back from RMA"), -1),
                PROD_EAST.entry(at("14:03:13"), "preflight", "step", "node/gpu-node-031",
                        "created Job gpu-operator/flightdeck-preflight-gpu-node-031", Map.of(), 240),
                PROD_EAST.entry(at("14:07:24"), "preflight", "outcome", "node/gpu-node-031",
                        "preflight failed on gpu-node-031: dcgmi diag level 2 failed (GPU 5 PCIe replay count); node stays gated",
                        Map.of("result", "FAILED", "job", "gpu-operator/flightdeck-preflight-gpu-node-031",
                                "exitCode", 1), 251_000),
                PROD_WEST.entry(at("14:12:00"), "resume", "plan", "gang/training/rlhf-actor",
                        "resume Job training/rlhf-actor from s3://ckpt/rlhf-actor/step-4200", Map.of(), -1),
                PROD_WEST.entry(at("14:12:30"), "resume", "confirm", "gang/training/rlhf-actor",
                        "confirmed: resume training/rlhf-actor", Map.of("reason", "rank 3 hung after NCCL timeout"), -1),
                PROD_WEST.entry(at("14:12:31"), "resume", "step", "gang/training/rlhf-actor",
                        "saved Job training/rlhf-actor and its 2 pods before deleting them, to resume from s3://ckpt/rlhf-actor/step-4200",
                        saved(), -1),
                PROD_WEST.entry(at("14:12:33"), "resume", "step", "gang/training/rlhf-actor",
                        "deleted Job training/rlhf-actor (propagation Foreground)", Map.of(), 1_900),
                PROD_WEST.entry(at("14:15:00"), "resume", "outcome", "gang/training/rlhf-actor",
                        "resumed training/rlhf-actor from step 4200: 2 of 2 pods running",
                        Map.of("result", "RESUMED", "uid", "5d1c0a7e-2f8b-4c2e-9a51-7b3e0c9d2f11"), 150_000));
    }

    /** What a resume saves before it deletes: the whole Job as the API server returned it, and its pods. */
    static Map<String, Object> saved() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("kind", "Job");
        d.put("workload", job());
        d.put("pods", List.of(pod(0), pod(1)));
        d.put("checkpoint", "s3://ckpt/rlhf-actor/step-4200");
        return d;
    }

    static Map<String, Object> job() {
        return Map.of("apiVersion", "batch/v1", "kind", "Job",
                "metadata", Map.of("name", "rlhf-actor", "namespace", "training",
                        "uid", "0f6e4c1a-93b2-4d7e-b1a8-2c5d9e7f3a40", "resourceVersion", "88123904",
                        "labels", Map.of("app", "rlhf-actor", "kueue.x-k8s.io/queue-name", "training")),
                "spec", Map.of("parallelism", 2, "completions", 2, "completionMode", "Indexed",
                        "template", Map.of("spec", Map.of("containers", List.of(Map.of("name", "actor",
                                "image", "registry.example.net/rlhf/actor:2026.11.3",
                                "resources", Map.of("limits", Map.of("nvidia.com/gpu", 8))))))),
                "status", Map.of("active", 2));
    }

    private static Map<String, Object> pod(int i) {
        return Map.of("apiVersion", "v1", "kind", "Pod",
                "metadata", Map.of("name", "rlhf-actor-" + i + "-x7k2p", "namespace", "training"),
                "spec", Map.of("nodeName", "gpu-node-" + (40 + i)));
    }

    static Instant at(String utcTime) {
        return Instant.parse("2026-11-22T" + utcTime + "Z");
    }

    private static Instant ago(Duration d) {
        return NOW.minus(d);
    }
}
