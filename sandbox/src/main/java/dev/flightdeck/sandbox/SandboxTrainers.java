package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Simulated, for drill sandboxes only: the training programs inside a drill's gangs, as far as
 * checkpoints and collectives go. A gang whose Indexed Job exists with every rank Running saves a
 * PyTorch DCP checkpoint ({@code step-N/} shards, then {@code .metadata}) each interval into the
 * sandbox's object storage; a halted or deleted gang saves nothing, and a resumed one carries on from
 * its last step. Saves fail while the store is unreachable. {@link #stopCheckpointing} is the drill's
 * "checkpoints went stale" fault. When a gang that had all its ranks running loses one (failed,
 * evicted, deleted), the others fail at their next collective with NCCL's error, as a real job does:
 * one dead rank halts the gang, and only a restart from a checkpoint brings it back. Ranks on a node
 * that stopped reporting are left as the API shows them (their kubelet cannot post a status). A rank on a
 * host whose NIC flaps ({@link SandboxFabric}) fails at its first collective with no word of its own (the IB
 * error is only in its log); its gang's other ranks then hang on the collective until their NCCL watchdog
 * ends them, PyTorch's ten minutes divided by the drill's pace.
 */
public final class SandboxTrainers {

    /** One gang's trainer: where it saves, how often, and how far it got. */
    record Trainer(String namespace, String name, int ranks, String prefix, Duration every, long stepsPerSave) { }

    private static final class Progress {
        /** When the next save is due: saves follow the drill's schedule, so a faster pace saves sooner. */
        volatile Instant nextSave;
        volatile long step;
        volatile boolean stopped;
        /** The incarnation (the Job's uid) last seen, whether all its ranks ran, and whether it collapsed. */
        String uid;
        boolean wasComplete;
        boolean collapsed;
        /** A rank of this incarnation was lost to a flapping NIC: the others hang until their watchdog, then end. */
        boolean lostOnFabric;
        Instant hangsUntil;
    }

    /** How long a rank runs before its first collective (where a flapping NIC fails it). */
    private static final Duration FIRST_COLLECTIVE = Duration.ofSeconds(5);

    private final ObjectStore store;
    private final SandboxBuckets buckets;
    private final BooleanSupplier storeReachable;
    private final Map<String, Trainer> trainers = new ConcurrentHashMap<>();
    private final Map<String, Progress> progress = new ConcurrentHashMap<>();

    private final SandboxFabric fabric;
    private final SandboxGpuFaults gpuFaults;

    SandboxTrainers(ObjectStore store, SandboxBuckets buckets, BooleanSupplier storeReachable, SandboxFabric fabric,
                    SandboxGpuFaults gpuFaults) {
        this.gpuFaults = gpuFaults;
        this.store = store;
        this.buckets = buckets;
        this.storeReachable = storeReachable;
        this.fabric = fabric;
    }

    private volatile double pace = 1;

    /**
     * How much faster than real time the drill's schedule runs: the next save comes after what is
     * left of the interval divided by it, later saves every interval divided by it.
     */
    public void pace(double pace, Instant now) {
        double before = this.pace;
        this.pace = pace;
        progress.values().forEach(p -> p.nextSave = now.plus(scaled(Duration.between(now, p.nextSave), before / pace)));
    }

    private static Duration scaled(Duration d, double factor) {
        return Duration.ofMillis(Math.max(0, (long) (d.toMillis() * factor)));
    }

    /** Registers a gang whose newest complete checkpoint is {@code step}, saved at {@code lastSave}. */
    void add(Trainer t, Instant lastSave, long step) {
        trainers.put(t.namespace() + "/" + t.name(), t);
        Progress p = new Progress();
        p.nextSave = lastSave.plus(t.every());
        p.step = step;
        progress.put(t.namespace() + "/" + t.name(), p);
    }

    /** One pass: a gang that lost a rank collapses; every running gang whose interval has passed saves a checkpoint. */
    synchronized void pass(Instant now) {
        trainers.forEach((key, t) -> {
            Progress p = progress.get(key);
            boolean running = collectives(t, p, now);
            if (p.stopped || now.isBefore(p.nextSave) || !running) {
                return;
            }
            if (!storeReachable.getAsBoolean()) {
                return; // the save fails; the trainer tries again until the store answers
            }
            long step = p.step + t.stepsPerSave();
            String folder = t.prefix() + "step-" + step + "/";
            buckets.put(SandboxS3Server.BUCKET, folder + "__0_0.distcp", "shard", now.minusSeconds(20));
            buckets.put(SandboxS3Server.BUCKET, folder + ".metadata", "dcp-metadata step " + step, now);
            p.step = step;
            p.nextSave = now.plus(scaled(t.every(), 1 / pace));
        });
    }

    /**
     * The drill's fault: the gang's saves have been failing silently since {@code since} (their
     * shards are there, their {@code .metadata} never written) and go on failing.
     */
    public void stopCheckpointing(String namespace, String name, Instant since) {
        Trainer t = trainers.get(namespace + "/" + name);
        Progress p = progress.get(namespace + "/" + name);
        if (t == null) {
            throw new IllegalArgumentException("no trainer for " + namespace + "/" + name);
        }
        p.stopped = true;
        buckets.bucket(SandboxS3Server.BUCKET).ifPresent(b -> b.keySet().removeIf(k -> k.startsWith(t.prefix())
                && k.endsWith("/.metadata") && !b.get(k).lastModified().isBefore(since)));
    }

    /** The newest complete checkpoint's step and save time of a gang, as its bucket holds it (for the drill's judge). */
    public record Saved(long step, String uri, Instant at) { }

    public Saved newestComplete(String namespace, String name) {
        Trainer t = trainers.get(namespace + "/" + name);
        if (t == null) {
            return null;
        }
        Saved best = null;
        for (Map.Entry<String, SandboxBuckets.StoredBlob> e : buckets.bucket(SandboxS3Server.BUCKET)
                .map(Map::entrySet).orElse(java.util.Set.of())) {
            String k = e.getKey();
            if (k.startsWith(t.prefix() + "step-") && k.endsWith("/.metadata")) {
                String folder = k.substring(0, k.length() - ".metadata".length());
                long step = Long.parseLong(folder.substring(t.prefix().length() + "step-".length(), folder.length() - 1));
                if (best == null || step > best.step()) {
                    best = new Saved(step, "s3://" + SandboxS3Server.BUCKET + "/" + folder, e.getValue().lastModified());
                }
            }
        }
        return best;
    }

    /** Whether every rank of the gang's current incarnation runs; fails the survivors of one that lost a rank. */
    private boolean collectives(Trainer t, Progress p, Instant now) {
        String uid;
        try {
            uid = store.get("batch/jobs", t.namespace(), t.name()).path("metadata").path("uid").asText();
        } catch (StoreException gone) {
            return false;
        }
        if (!uid.equals(p.uid)) {
            if (p.uid != null) {
                // A restarted job (a resume) saves one interval after it started, not at once.
                p.nextSave = Instant.now().plus(scaled(t.every(), 1 / pace));
            }
            p.uid = uid;
            p.wasComplete = false;
            p.collapsed = false;
            p.lostOnFabric = false;
            p.hangsUntil = null;
        }
        List<StoredObject> running = new java.util.ArrayList<>(store.table("pods").list(o -> t.namespace().equals(o.namespace())
                && "Running".equals(o.phase()) && t.name().equals(o.labels().get("batch.kubernetes.io/job-name")), null, 0)
                .items());
        for (java.util.Iterator<StoredObject> it = running.iterator(); it.hasNext(); ) {
            StoredObject o = it.next();
            if (fabric.flapping(o.nodeName()) && pastFirstCollective(o, now) && end(o, null, now)) {
                it.remove(); // the NIC dropped its send: NCCL's IB error, which only its log tells
                p.lostOnFabric = true;
            }
        }
        if (running.size() >= t.ranks()) {
            p.wasComplete = true;
            return running.stream().noneMatch(this::stalled); // a hung collective makes no progress to save
        }
        if (p.wasComplete && !p.collapsed) {
            p.collapsed = true;
            if (p.lostOnFabric) {
                p.hangsUntil = now.plus(scaled(SandboxRankLogs.NCCL_TIMEOUT, 1 / pace));
            } else {
                running.forEach(o -> end(o, "NCCL error: remote process exited or there was a network error (a peer rank was lost)", now));
            }
        }
        if (p.hangsUntil != null && !now.isBefore(p.hangsUntil)) {
            p.hangsUntil = null;
            running.forEach(o -> end(o, null, now)); // the watchdog takes the process down: no message of its own
        }
        return false;
    }

    private boolean stalled(StoredObject pod) {
        try {
            return gpuFaults.stalled(ObjectStore.parse(pod.json()).path("metadata").path("uid").asText());
        } catch (StoreException unreadable) {
            return false;
        }
    }

    private static boolean pastFirstCollective(StoredObject o, Instant now) {
        try {
            Instant started = SandboxRankLogs.time(ObjectStore.parse(o.json()).path("status").path("startTime"));
            return started == null || !started.plus(FIRST_COLLECTIVE).isAfter(now);
        } catch (StoreException unreadable) {
            return false;
        }
    }

    /** Ends a running rank's container at {@code at} with exit 1 ({@code message} null: it wrote none); false if it could not be. */
    private boolean end(StoredObject o, String message, Instant at) {
        try {
            if (o.nodeName() != null && !nodeReady(o.nodeName())) {
                return false; // its kubelet is gone: nothing posts this pod's end
            }
            ObjectNode pod = ObjectStore.parse(o.json());
            if (pod.path("metadata").has("deletionTimestamp")) {
                return false;
            }
            pod.with("metadata").put("resourceVersion", Long.toString(o.resourceVersion()));
            PodTemplates.failed(pod, pod.path("spec").path("containers").path(0).path("name").asText(), "Error", 1, message,
                    at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
            store.replace("pods", o.namespace(), o.name(), pod);
            return true;
        } catch (StoreException changed) {
            return false; // deleted or changed since the list: it is no longer a rank to end
        }
    }

    private boolean nodeReady(String node) throws StoreException {
        for (com.fasterxml.jackson.databind.JsonNode c : store.get("nodes", null, node).path("status").path("conditions")) {
            if ("Ready".equals(c.path("type").asText())) {
                return "True".equals(c.path("status").asText());
            }
        }
        return false;
    }
}
