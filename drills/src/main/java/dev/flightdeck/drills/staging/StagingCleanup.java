package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.preflight.PreflightJobManifest;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Deletes exactly the drill objects it is given — as they were listed, by name with their UID as the
 * deletion's precondition, never by a label selector — so an object re-created since under the same
 * name (by a teammate's drill, by anyone) is left alone: the API server answers 409 and it is said as
 * "changed since it was shown". Validation Jobs first, then the namespace, waited for while the pods
 * of the drill's virtual nodes are let go (no kubelet runs there to confirm their end), then the nodes
 * and their Leases; then each is checked gone. Says every step in words, and what is left.
 */
public final class StagingCleanup {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String VALIDATION_PODS = "/api/v1/pods?labelSelector=" + URLEncoder.encode(
            PreflightJobManifest.NAME_LABEL + "=" + PreflightJobManifest.NAME_VALUE, StandardCharsets.UTF_8);

    /**
     * What a cleanup did with each object it was given.
     *
     * @param removed   gone (deleted now, or already gone)
     * @param leftAlone changed since it was listed (another object by that name now): not touched
     * @param left      still there, or could not be deleted, each with why
     */
    public record Result(List<String> removed, List<String> leftAlone, List<String> left, boolean stopped) {
        public Result {
            removed = List.copyOf(removed);
            leftAlone = List.copyOf(leftAlone);
            left = List.copyOf(left);
        }
    }

    private final KubeRest rest;

    public StagingCleanup(KubeRest rest) {
        this.rest = rest;
    }

    /**
     * Deletes {@code objects} as listed; {@code steps} hears each step in one line; {@code stop} is
     * asked before each deletion (a stopped cleanup deletes nothing more and says what it did not).
     */
    public Result remove(List<DrillObject> objects, Consumer<String> steps, BooleanSupplier stop) {
        List<String> removed = new ArrayList<>();
        List<String> leftAlone = new ArrayList<>();
        List<String> left = new ArrayList<>();
        List<DrillObject> deleted = new ArrayList<>();
        boolean stopped = false;
        long deadline = System.nanoTime() + WAIT.toNanos();
        Set<String> nodes = new LinkedHashSet<>();
        objects.stream().filter(o -> o.kind() == DrillObject.Kind.NODE).forEach(o -> nodes.add(o.name()));
        try {
            for (DrillObject.Kind phase : DrillObject.Kind.values()) {
                for (DrillObject o : objects) {
                    if (o.kind() != phase) {
                        continue;
                    }
                    if (stopped || stop.getAsBoolean()) {
                        stopped = true;
                        left.add(o.describe() + ": not deleted, the cleanup was stopped");
                        continue;
                    }
                    switch (delete(o, steps)) {
                        case DELETING -> deleted.add(o);
                        case GONE -> removed.add(o.describe());
                        case CHANGED -> leftAlone.add(o.describe());
                        case FAILED -> left.add(o.describe() + ": could not be deleted (see the step above)");
                    }
                }
                if (phase == DrillObject.Kind.NAMESPACE) {
                    awaitNamespaces(deleted, nodes, deadline, steps);
                }
            }
            awaitGone(deleted, deadline);
            for (DrillObject o : deleted) {
                String now = state(o);
                if (now == null) {
                    removed.add(o.describe());
                } else {
                    left.add(o.describe() + ": " + now + " after " + WAIT.toSeconds() + " s");
                }
            }
        } catch (IOException e) {
            left.add("the cleanup could not finish: " + e.getMessage() + " (run flightdeck drill cleanup again)");
        }
        return new Result(removed, leftAlone, left, stopped);
    }

    private enum Deleted { DELETING, GONE, CHANGED, FAILED }

    /** One DELETE, conditioned on the UID the object had when it was listed. */
    private Deleted delete(DrillObject o, Consumer<String> steps) throws IOException {
        if (o.deleting()) {
            steps.accept(o.describe() + " was already being deleted: waiting for it");
            return Deleted.DELETING;
        }
        ObjectNode options = KubeJson.MAPPER.createObjectNode().put("propagationPolicy", "Background");
        options.putObject("preconditions").put("uid", o.uid());
        KubeRest.Answer a = rest.delete(o.path(), options);
        if (a.ok()) {
            steps.accept("deleted " + o.describe() + " (uid " + o.uid() + ")");
            return Deleted.DELETING;
        }
        if (a.code() == 404) {
            steps.accept(o.describe() + " was already gone");
            return Deleted.GONE;
        }
        if (a.code() == 409) {
            // The precondition, or a namespace already terminating: which one, the object itself says.
            KubeRest.Answer now = rest.get(o.path());
            if (now.code() == 404) {
                steps.accept(o.describe() + " was already gone");
                return Deleted.GONE;
            }
            if (now.ok()) {
                JsonNode meta = now.json().path("metadata");
                String uid = meta.path("uid").asText();
                if (!uid.equals(o.uid())) {
                    steps.accept(o.describe() + " changed since it was shown (uid " + o.uid() + ", now " + uid
                            + "): left alone");
                    return Deleted.CHANGED;
                }
                if (meta.hasNonNull("deletionTimestamp")) {
                    steps.accept(o.describe() + " was already being deleted: waiting for it");
                    return Deleted.DELETING;
                }
            }
        }
        steps.accept("could not delete " + o.describe() + ": " + a.message());
        return Deleted.FAILED;
    }

    /**
     * Waits for the deleted namespaces to go, meanwhile finishing the deletion of pods bound to the
     * drill's virtual nodes (the namespace's, and validation pods): their kubelet would, and there is
     * none. Only pods already being deleted, each by its UID.
     */
    private void awaitNamespaces(List<DrillObject> deleted, Set<String> nodes, long deadline, Consumer<String> steps)
            throws IOException {
        List<DrillObject> namespaces = deleted.stream().filter(o -> o.kind() == DrillObject.Kind.NAMESPACE).toList();
        Set<String> finished = new LinkedHashSet<>();
        while (System.nanoTime() < deadline && !allGone(namespaces)) {
            for (DrillObject ns : namespaces) {
                finishPods(rest.get("/api/v1/namespaces/" + ns.name() + "/pods"), nodes, finished);
            }
            finishPods(rest.get(VALIDATION_PODS), nodes, finished);
            if (!allGone(namespaces)) {
                pause();
            }
        }
        if (!finished.isEmpty()) {
            steps.accept("let go " + finished.size() + " pods being deleted on the drill's virtual nodes (no kubelet "
                    + "runs there to confirm their end): " + String.join(", ", finished));
        }
    }

    private void finishPods(KubeRest.Answer list, Set<String> nodes, Set<String> finished) throws IOException {
        if (!list.ok()) {
            return; // not allowed to list them: the cluster's pod garbage collector lets them go once the nodes are gone
        }
        for (JsonNode p : list.json().path("items")) {
            JsonNode meta = p.path("metadata");
            if (!meta.hasNonNull("deletionTimestamp") || !nodes.contains(p.path("spec").path("nodeName").asText())) {
                continue;
            }
            ObjectNode options = KubeJson.MAPPER.createObjectNode().put("gracePeriodSeconds", 0);
            options.putObject("preconditions").put("uid", meta.path("uid").asText());
            String path = "/api/v1/namespaces/" + meta.path("namespace").asText() + "/pods/" + meta.path("name").asText();
            if (rest.delete(path, options).ok()) {
                finished.add(meta.path("namespace").asText() + "/" + meta.path("name").asText());
            }
        }
    }

    private void awaitGone(List<DrillObject> deleted, long deadline) throws IOException {
        while (System.nanoTime() < deadline && !allGone(deleted)) {
            pause();
        }
    }

    private boolean allGone(List<DrillObject> objects) throws IOException {
        for (DrillObject o : objects) {
            if (state(o) != null) {
                return false;
            }
        }
        return true;
    }

    /** Null when the object is gone (404, or a different object by that name now), else what it is doing. */
    private String state(DrillObject o) throws IOException {
        KubeRest.Answer a = rest.get(o.path());
        if (a.code() == 404) {
            return null;
        }
        if (!a.ok()) {
            return "could not be checked (" + a.message() + ")";
        }
        JsonNode meta = a.json().path("metadata");
        if (!o.uid().equals(meta.path("uid").asText())) {
            return null;
        }
        return meta.hasNonNull("deletionTimestamp") ? "still being deleted" : "still there";
    }

    /** Half a second between two looks at the cluster. */
    static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
