package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.drills.DrillHands;
import dev.flightdeck.drills.world.KubeApiHands;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The training programs of a drill's gangs on a staging cluster, played through the API: while every
 * rank of a gang runs, its trainer announces a checkpoint each interval (of the drill's schedule) in
 * the Job's annotations ({@code flightdeck.dev/checkpoint-uri|time|step}; a staging drill has no
 * object store of its own); when a gang that had every rank running loses one, the others fail at
 * their next collective with NCCL's error. The checkpoints are pretend URIs: nothing is written.
 */
final class StagingTrainers {

    /** One gang's trainer. */
    private static final class Trainer {
        final String name;
        final int ranks;
        final Duration every;
        volatile Instant nextSave;
        volatile DrillHands.Saved newest;
        volatile boolean stopped;
        String uid;
        boolean wasComplete;
        boolean collapsed;

        Trainer(String name, int ranks, Duration every) {
            this.name = name;
            this.ranks = ranks;
            this.every = every;
        }
    }

    private final KubeRest rest;
    private final StagingNames names;
    private final java.util.function.Predicate<String> kubeletRuns;
    private final Map<String, Trainer> trainers = new ConcurrentHashMap<>();
    private volatile double pace = 1;

    /** @param kubeletRuns whether a node's (virtual) kubelet still runs: a dead one posts no pod's end */
    StagingTrainers(KubeRest rest, StagingNames names, java.util.function.Predicate<String> kubeletRuns) {
        this.rest = rest;
        this.names = names;
        this.kubeletRuns = kubeletRuns;
    }

    static String uri(String gang, long step) {
        return "s3://drill-checkpoints/" + gang + "/step-" + step + "/";
    }

    void add(String gang, int ranks, Duration every, Instant lastSave, long step) {
        Trainer t = new Trainer(gang, ranks, every);
        t.newest = new DrillHands.Saved(step, uri(gang, step), lastSave);
        t.nextSave = lastSave.plus(every);
        trainers.put(gang, t);
    }

    void pace(double p, Instant now) {
        double before = pace;
        pace = p;
        trainers.values().forEach(t -> t.nextSave = now.plus(scaled(Duration.between(now, t.nextSave), before / p)));
    }

    private static Duration scaled(Duration d, double factor) {
        return Duration.ofMillis(Math.max(0, (long) (d.toMillis() * factor)));
    }

    DrillHands.Saved newest(String gang) {
        Trainer t = trainers.get(gang);
        return t == null ? null : t.newest;
    }

    /** The stale fault: the gang's announcements stop, and the newest is the one from before {@code since}. */
    void stop(String gang, Instant since) throws IOException {
        Trainer t = trainers.get(gang);
        if (t == null) {
            throw new IllegalArgumentException("no trainer for " + gang);
        }
        t.stopped = true;
        DrillHands.Saved n = t.newest;
        long behind = Math.max(1, Duration.between(since, n.at()).toMillis() / Math.max(1, t.every.toMillis()) + 1);
        long step = Math.max(0, n.step() - 100 * behind);
        Instant at = n.at().minus(t.every.multipliedBy(behind));
        t.newest = new DrillHands.Saved(step, uri(gang, step), at);
        announce(t);
    }

    /** One pass over every gang. */
    void pass(Instant now) throws IOException {
        for (Trainer t : trainers.values()) {
            if (collectives(t) && !t.stopped && !now.isBefore(t.nextSave)) {
                long step = t.newest.step() + 100;
                t.newest = new DrillHands.Saved(step, uri(t.name, step), now);
                t.nextSave = now.plus(scaled(t.every, 1 / pace));
                announce(t);
            }
        }
    }

    private void announce(Trainer t) throws IOException {
        ObjectNode patch = KubeJson.MAPPER.createObjectNode();
        StagingObjects.checkpoint(patch.putObject("metadata").putObject("annotations"), t.newest.uri(), t.newest.at(),
                t.newest.step());
        rest.mergePatch("/apis/batch/v1/namespaces/" + names.namespace() + "/jobs/" + t.name, patch);
    }

    /** Whether every rank of the gang's current Job runs; fails the survivors of one that lost a rank. */
    private boolean collectives(Trainer t) throws IOException {
        KubeRest.Answer job = rest.get("/apis/batch/v1/namespaces/" + names.namespace() + "/jobs/" + t.name);
        if (!job.ok()) {
            return false;
        }
        String uid = job.json().path("metadata").path("uid").asText();
        if (!uid.equals(t.uid)) {
            if (t.uid != null) {
                t.nextSave = Instant.now().plus(scaled(t.every, 1 / pace));
            }
            t.uid = uid;
            t.wasComplete = false;
            t.collapsed = false;
        }
        KubeRest.Answer pods = rest.get("/api/v1/namespaces/" + names.namespace() + "/pods?labelSelector="
                + URLEncoder.encode("batch.kubernetes.io/job-name=" + t.name, StandardCharsets.UTF_8));
        if (!pods.ok()) {
            return false;
        }
        int running = 0;
        for (JsonNode p : pods.json().path("items")) {
            if ("Running".equals(p.path("status").path("phase").asText()) && !p.path("metadata").has("deletionTimestamp")) {
                running++;
            }
        }
        if (running >= t.ranks) {
            t.wasComplete = true;
            return true;
        }
        if (t.wasComplete && !t.collapsed) {
            t.collapsed = true;
            for (JsonNode p : pods.json().path("items")) {
                if ("Running".equals(p.path("status").path("phase").asText()) && !p.path("metadata").has("deletionTimestamp")
                        && kubeletRuns.test(p.path("spec").path("nodeName").asText())) {
                    rest.mergePatch("/api/v1/namespaces/" + names.namespace() + "/pods/" + p.path("metadata").path("name")
                            .asText() + "/status", KubeApiHands.exitedStatus(p, 1, null,
                            "NCCL error: remote process exited or there was a network error (a peer rank was lost)"));
                }
            }
        }
        return false;
    }
}
