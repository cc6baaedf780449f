package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Deletion as a resume uses it, with the real garbage collector: an Indexed Job deleted with
 * Foreground (the owner held by the {@code foregroundDeletion} finalizer until its pods are gone),
 * Background (the owner gone at once, its pods collected after) and Orphan (its pods kept, their
 * owner reference removed); a UID precondition that does not match; a Job that does not exist.
 */
class DeletionConformanceTest extends Conformance {

    private static final String JOBS = "/apis/batch/v1/namespaces/";

    /** An Indexed Job of two ranks whose pods stay unscheduled (no node matches), and its namespace. */
    private static String jobWithPods(ApiSide side) throws Exception {
        String ns = side.namespace("delete");
        side.create(JOBS + ns + "/jobs", Map.of("apiVersion", "batch/v1", "kind", "Job", "metadata", Map.of("name", "train"),
                "spec", Map.of("completionMode", "Indexed", "completions", 2, "parallelism", 2, "template", Map.of(
                        "spec", Map.of("restartPolicy", "Never", "nodeSelector", Map.of("flightdeck-test", "nowhere"),
                                "containers", List.of(Map.of("name", "trainer", "image", "trainer:1")))))));
        until(() -> pods(side, ns).size(), n -> n == 2, "two ranks");
        return ns;
    }

    private static List<JsonNode> pods(ApiSide side, String ns) throws Exception {
        return side.rest().get("/api/v1/namespaces/" + ns + "/pods?labelSelector=batch.kubernetes.io%2Fjob-name%3Dtrain").json()
                .path("items").valueStream().filter(p -> !p.at("/metadata/deletionTimestamp").isTextual()).toList();
    }

    private static List<String> delete(ApiSide side, String policy) throws Exception {
        String ns = jobWithPods(side);
        KubeRest.Answer a = side.rest().delete(JOBS + ns + "/jobs/train", Map.of("propagationPolicy", policy));
        JsonNode body = a.json();
        List<String> out = new ArrayList<>(List.of("HTTP " + a.code() + " " + body.path("kind").asText(),
                "deletionTimestamp " + body.at("/metadata/deletionTimestamp").isTextual(),
                "finalizers " + body.at("/metadata/finalizers")));
        until(() -> side.rest().get(JOBS + ns + "/jobs/train").code(), c -> c == 404, "the Job gone");
        int left = policy.equals("Orphan") ? 2 : 0;
        until(() -> pods(side, ns).size(), n -> n == left, left + " pods left");
        out.add("pods left " + pods(side, ns).size());
        out.add("their owner references " + pods(side, ns).stream().map(p -> p.at("/metadata/ownerReferences").size()).toList());
        return out;
    }

    @Test
    void foregroundHoldsTheOwnerUntilItsPodsAreGone() throws Exception {
        assertEquals(List.of("HTTP 200 Job", "deletionTimestamp true", "finalizers [\"foregroundDeletion\"]", "pods left 0",
                "their owner references []"), same("Foreground deletion", side -> delete(side, "Foreground")));
    }

    @Test
    void backgroundDeletesTheOwnerAtOnceAndItsPodsAfter() throws Exception {
        List<String> truth = same("Background deletion", side -> delete(side, "Background"));
        assertEquals("pods left 0", truth.get(3));
    }

    @Test
    void orphanKeepsThePodsWithoutTheirOwnerReference() throws Exception {
        List<String> truth = same("Orphan deletion", side -> delete(side, "Orphan"));
        assertEquals(List.of("pods left 2", "their owner references [0, 0]"), truth.subList(3, 5));
    }

    @Test
    void aUidPreconditionThatDoesNotMatchIsAConflictAndAMissingJobNotFound() throws Exception {
        List<Refusal> truth = same("DELETE with a UID precondition; of a missing Job", side -> {
            String ns = jobWithPods(side);
            Refusal stale = Refusal.of(side.rest().delete(JOBS + ns + "/jobs/train", Map.of("propagationPolicy", "Foreground",
                    "preconditions", Map.of("uid", "00000000-0000-0000-0000-000000000000"))))
                    .withMessage(m -> m.replaceAll("in record \\([0-9a-f-]+\\)", "in record (UID)"));
            Refusal missing = Refusal.of(side.rest().delete(JOBS + ns + "/jobs/nope", Map.of()));
            return List.of(stale, missing);
        });
        assertEquals(List.of(new Refusal(409, "Conflict", "Operation cannot be fulfilled on Job.batch \"train\": the UID in the "
                + "precondition (00000000-0000-0000-0000-000000000000) does not match the UID in record (UID). The object might have "
                + "been deleted and then recreated"),
                new Refusal(404, "NotFound", "jobs.batch \"nope\" not found")), truth);
    }

    @FunctionalInterface
    interface Read<T> {
        T get() throws Exception;
    }

    static <T> T until(Read<T> read, java.util.function.Predicate<T> done, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        T v = read.get();
        while (!done.test(v)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + " (last: " + v + ")");
            }
            Thread.sleep(100);
            v = read.get();
        }
        return v;
    }
}
