package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.flightdeck.sandbox.conformance.DeletionConformanceTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Job controller as gangs meet it: the ranks of an Indexed Job named, labelled, annotated and
 * owned as the real controller makes them (what gang identification reads), and an evicted rank
 * replaced with the same completion index (what a drain of a training node leads to).
 */
class JobControllerConformanceTest extends Conformance {

    private static List<JsonNode> ranks(ApiSide side, String ns) throws Exception {
        return side.rest().get("/api/v1/namespaces/" + ns + "/pods?labelSelector=batch.kubernetes.io%2Fjob-name%3Dtrain").json()
                .path("items").valueStream().filter(p -> !p.at("/metadata/deletionTimestamp").isTextual()).toList();
    }

    private static String indexedJob(ApiSide side) throws Exception {
        String ns = side.namespace("jobctl");
        side.create("/apis/batch/v1/namespaces/" + ns + "/jobs", Map.of("apiVersion", "batch/v1", "kind", "Job",
                "metadata", Map.of("name", "train"), "spec", Map.of("completionMode", "Indexed", "completions", 2,
                        "parallelism", 2, "template", Map.of("metadata", Map.of("labels", Map.of("app", "train")),
                                "spec", Map.of("restartPolicy", "Never", "nodeSelector", Map.of("flightdeck-test", "nowhere"),
                                        "containers", List.of(Map.of("name", "trainer", "image", "trainer:1")))))));
        until(() -> ranks(side, ns).size(), n -> n == 2, "two ranks");
        return ns;
    }

    private static String index(JsonNode pod) {
        return pod.at("/metadata/annotations/batch.kubernetes.io~1job-completion-index").asText();
    }

    @Test
    void indexedJobRanksAreShapedAsTheJobControllerShapesThem() throws Exception {
        List<String> truth = same("an Indexed Job's rank pods", side -> {
            String ns = indexedJob(side);
            JsonNode job = side.rest().get("/apis/batch/v1/namespaces/" + ns + "/jobs/train").json();
            JsonNode pod = ranks(side, ns).stream().filter(p -> index(p).equals("0")).findFirst().orElseThrow();
            JsonNode owner = pod.at("/metadata/ownerReferences/0");
            return List.of("name " + pod.at("/metadata/name").asText().replaceAll("^train-0-[a-z0-9]{5}$", "train-0-XXXXX"),
                    "labels " + new TreeSet<>(pod.at("/metadata/labels").propertyStream().map(Map.Entry::getKey).toList()),
                    "label values " + pod.at("/metadata/labels/batch.kubernetes.io~1job-name").asText() + " "
                            + pod.at("/metadata/labels/batch.kubernetes.io~1job-completion-index").asText() + " "
                            + pod.at("/metadata/labels/batch.kubernetes.io~1controller-uid").asText()
                            .equals(job.at("/metadata/uid").asText()),
                    "annotations " + new TreeSet<>(pod.at("/metadata/annotations").propertyStream().map(Map.Entry::getKey).toList()),
                    "owner " + owner.path("apiVersion").asText() + " " + owner.path("kind").asText() + " " + owner.path("name").asText()
                            + " controller=" + owner.path("controller").asBoolean() + " blockOwnerDeletion="
                            + owner.path("blockOwnerDeletion").asBoolean() + " uid matches "
                            + owner.path("uid").asText().equals(job.at("/metadata/uid").asText()),
                    "hostname " + pod.at("/spec/hostname").asText("none") + ", subdomain " + pod.at("/spec/subdomain").asText("none"),
                    "env " + pod.at("/spec/containers/0/env").valueStream().map(e -> e.path("name").asText() + "="
                            + e.at("/valueFrom/fieldRef/fieldPath").asText(e.path("value").asText())).toList(),
                    "job selector " + job.at("/spec/selector/matchLabels").propertyStream().map(Map.Entry::getKey).toList());
        });
        System.out.println("job controller conformance (same on both): " + truth);
        assertEquals("name train-0-XXXXX", truth.getFirst());
        assertTrue(truth.get(1).contains("batch.kubernetes.io/job-completion-index"), truth.get(1));
    }

    @Test
    void anEvictedRankIsReplacedWithTheSameCompletionIndex() throws Exception {
        List<String> truth = same("an evicted rank replaced", side -> {
            String ns = indexedJob(side);
            JsonNode evicted = ranks(side, ns).stream().filter(p -> index(p).equals("1")).findFirst().orElseThrow();
            var a = side.rest().post("/api/v1/namespaces/" + ns + "/pods/" + evicted.at("/metadata/name").asText() + "/eviction",
                    Map.of("apiVersion", "policy/v1", "kind", "Eviction", "metadata", Map.of("name", evicted.at("/metadata/name").asText())));
            String oldUid = evicted.at("/metadata/uid").asText();
            List<JsonNode> after = until(() -> ranks(side, ns), l -> l.size() == 2 && l.stream().noneMatch(
                    p -> p.at("/metadata/uid").asText().equals(oldUid)), "a replacement of rank 1");
            List<String> out = new ArrayList<>(List.of("eviction HTTP " + a.code()));
            for (JsonNode p : after.stream().sorted(java.util.Comparator.comparing(JobControllerConformanceTest::index)).toList()) {
                out.add("rank " + index(p) + (index(p).equals("1") ? " new name " + !p.at("/metadata/name").asText()
                        .equals(evicted.at("/metadata/name").asText()) : ""));
            }
            return out;
        });
        assertEquals(List.of("eviction HTTP 201", "rank 0", "rank 1 new name true"), truth);
    }
}
