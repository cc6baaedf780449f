package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.nodes.GpuTrustRules;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.nodes.PreflightReader;
import dev.flightdeck.app.nodes.TrustAssessment;
import dev.flightdeck.app.gangs.WorkloadKind;
import dev.flightdeck.app.gangs.WorkloadProjector;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Objects as a broken or malicious server could send them, made from real captures and
 * controller-shaped fixtures by changing one field at a time: removed, null, of the wrong type,
 * a 1 MB string, nested 5,000 deep, an enum value no one defined, a quantity that is no number, a
 * time in the future. Each mutant is read between two good objects exactly as a LIST page is
 * read: nothing escapes, both good objects come through whole, and a mutant is either read or
 * skipped and counted — never half-read into a wrong verdict.
 */
class HostileObjectsFuzzTest {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String MEGABYTE = "x".repeat(1 << 20);
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    /** Deeper than Jackson's default limit (1,000), within what kube-apiserver stores (see DeeplyNestedObjectRealTest). */
    private static final int DEEP = 5_000;

    @Test
    void everyMutationOfARealNodeIsReadOrSkippedAndTheNeighboursStayWhole() throws Exception {
        JsonNode node = KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        Tally t = fuzz(node, NodeProjector::new, facts -> {
            // whatever was read must be judged without an exception
            TrustAssessment a = GpuTrustRules.assess(facts, PreflightReader.read(facts, PreflightConvention.DEFAULT), NOW);
            assertTrue(a.reasons().stream().noneMatch(java.util.Objects::isNull));
        });
        System.out.println("figure: node mutants " + t.mutants + " (" + t.read + " read, " + t.skipped + " skipped)");
        assertTrue(t.mutants > 300, "the node fixture gives many mutants: " + t.mutants);
        assertTrue(t.skipped > 0 && t.read > 0);
    }

    @Test
    void everyMutationOfARealPodIsReadOrSkippedAndTheNeighboursStayWhole() throws Exception {
        JsonNode pod = KubeJson.MAPPER.readTree(Fixtures.capture("pods-indexed-job.json")).path("items").get(0);
        Tally t = fuzz(pod, PodProjector::new, facts -> { });
        System.out.println("figure: pod mutants " + t.mutants + " (" + t.read + " read, " + t.skipped + " skipped)");
        assertTrue(t.mutants > 300, "the pod fixture gives many mutants: " + t.mutants);
    }

    @Test
    void everyMutationOfEachGangObjectIsReadOrSkippedAndTheNeighboursStayWhole() throws Exception {
        int total = 0;
        for (String[] f : new String[][]{{"pytorchjob-v1.json", "kubeflow.org/pytorchjobs"},
                {"jobset-v1alpha2.json", "jobset.x-k8s.io/jobsets"}, {"mpijob-v2beta1.json", "kubeflow.org/mpijobs"},
                {"leaderworkerset-v1.json", "leaderworkerset.x-k8s.io/leaderworkersets"},
                {"volcano-job-v1alpha1.json", "batch.volcano.sh/jobs"},
                {"coscheduling-podgroup-v1alpha1.json", "scheduling.x-k8s.io/podgroups"},
                {"indexed-job-v1.json", "batch/jobs"}}) {
            WorkloadKind kind = WorkloadKind.ALL.stream().filter(k -> k.id().equals(f[1])).findFirst().orElseThrow();
            JsonNode object = KubeJson.MAPPER.readTree(Fixtures.bytes("controllers/" + f[0])).path("items").get(0);
            Tally t = fuzz(object, () -> new WorkloadProjector(kind), w -> { });
            total += t.mutants;
        }
        System.out.println("figure: gang object mutants " + total);
        assertTrue(total > 500, "mutants: " + total);
    }

    @Test
    void aGpuCountThatIsNoNumberIsNeverReadAsEveryGpuWithdrawn() throws Exception {
        for (String bad : new String[]{"eight", "-1", "1.5", "99999999999", "", "8Gi"}) {
            ObjectNode node = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
            ((ObjectNode) node.at("/status/allocatable")).put("nvidia.com/gpu", bad);
            Reading<NodeFacts> r = readBetweenGoodOnes(KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json")),
                    node, new NodeProjector());
            assertNull(r.mutant, "allocatable \"" + bad + "\" is not shown as a count");
            assertTrue(r.reader.skipped().last().contains("status.allocatable nvidia.com/gpu \"" + bad + "\" is not a whole number"),
                    r.reader.skipped().last());
        }
    }

    @Test
    void aPreflightDatedInTheFutureIsSaidToBeSoNotJustNow() throws Exception {
        ObjectNode node = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        ((ObjectNode) node.at("/metadata/labels")).put(PreflightConvention.DEFAULT.key(), "failed");
        ((ObjectNode) node.at("/metadata/annotations")).put(PreflightConvention.DEFAULT.atAnnotation(), "2031-01-01T00:00:00Z");
        NodeFacts facts = NodeProjector.parse(KubeJson.MAPPER.writeValueAsBytes(node));
        TrustAssessment a = GpuTrustRules.assess(facts, PreflightReader.read(facts, PreflightConvention.DEFAULT), NOW);
        assertTrue(a.reasons().stream().anyMatch(r -> r.contains("dated 2031-01-01T00:00:00Z, in the future")), a.reasons().toString());
        assertTrue(a.reasons().stream().noneMatch(r -> r.contains("0s ago")), a.reasons().toString());
    }

    @Test
    void aConditionStatusNoOneDefinedIsNotTakenForTrue() throws Exception {
        ObjectNode node = (ObjectNode) KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        for (JsonNode c : node.at("/status/conditions")) {
            ((ObjectNode) c).put("status", c.path("type").asText().equals("Ready") ? "Sideways" : "False");
        }
        NodeFacts facts = NodeProjector.parse(KubeJson.MAPPER.writeValueAsBytes(node));
        TrustAssessment a = GpuTrustRules.assess(facts, PreflightReader.read(facts, PreflightConvention.DEFAULT), NOW);
        assertEquals(NodeVerdict.NOT_READY, a.verdict(), "Ready=Sideways is not Ready");
        assertTrue(a.reasons().stream().anyMatch(r -> r.startsWith("Ready=Sideways")), a.reasons().toString());
    }

    // --- the machinery -------------------------------------------------------------------

    private static final class Tally {
        int mutants;
        int read;
        int skipped;
    }

    private record Reading<T>(T first, T mutant, T last, TolerantReader<T> reader) {
    }

    private static <T> Tally fuzz(JsonNode original, Supplier<? extends Projector<T>> projectors, Consumer<T> check)
            throws IOException {
        T good = readBetweenGoodOnes(original, original, projectors.get()).mutant;
        Tally t = new Tally();
        for (JsonNode mutant : mutants(original)) {
            Reading<T> r = readBetweenGoodOnes(original, mutant, projectors.get());
            t.mutants++;
            assertEquals(good, r.first, "the object before a mutant is read whole");
            assertEquals(good, r.last, "the object after a mutant is read whole");
            if (r.mutant == null) {
                t.skipped++;
                assertEquals(1, r.reader.skipped().count());
                assertTrue(r.reader.skipped().last() != null && r.reader.skipped().last().length() < 400,
                        "one line saying why: " + r.reader.skipped().last());
            } else {
                t.read++;
                check.accept(r.mutant);
            }
        }
        return t;
    }

    /** A LIST page [good, mutant, good], read item by item as the watcher reads it. */
    private static <T> Reading<T> readBetweenGoodOnes(JsonNode good, JsonNode mutant, Projector<T> projector)
            throws IOException {
        ObjectNode list = F.objectNode();
        list.putObject("metadata").put("resourceVersion", "42");
        ArrayNode items = list.putArray("items");
        items.add(good);
        items.add(mutant);
        items.add(good);
        TolerantReader<T> reader = new TolerantReader<>("fuzz", projector);
        List<T> read = new ArrayList<>();
        try (JsonParser p = KubeJson.MAPPER.createParser(KubeJson.MAPPER.writeValueAsBytes(list))) {
            p.nextToken();
            p.nextToken(); // metadata
            p.nextToken();
            p.skipChildren();
            p.nextToken(); // items
            assertEquals(JsonToken.START_ARRAY, p.nextToken());
            while (p.nextToken() == JsonToken.START_OBJECT) {
                Projector.Projected<T> item = reader.read(p);
                read.add(item == null ? null : item.item());
            }
            assertEquals(JsonToken.END_ARRAY, p.currentToken(), "the page is read to its end");
        }
        assertEquals(3, read.size());
        return new Reading<>(read.get(0), read.get(1), read.get(2), reader);
    }

    /** One mutant per (field, change). */
    static List<JsonNode> mutants(JsonNode original) {
        List<JsonNode> out = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        collect(original, "", paths);
        for (String path : paths) {
            JsonNode at = original.at(path);
            List<JsonNode> replacements = new ArrayList<>(List.of(F.nullNode(), F.textNode(MEGABYTE), deep(DEEP),
                    F.numberNode(-7), F.booleanNode(true), F.objectNode(), F.arrayNode(), F.textNode("Sideways")));
            if (at.isTextual()) {
                replacements.add(F.textNode("2999-01-01T00:00:00Z"));
                replacements.add(F.textNode("not-a-time"));
                replacements.add(F.textNode("1.5"));
            }
            replacements.add(null); // removed
            for (JsonNode r : replacements) {
                JsonNode copy = original.deepCopy();
                if (replace(copy, path, r)) {
                    out.add(copy);
                }
            }
        }
        // huge and hostile labels
        ObjectNode bigLabel = original.deepCopy();
        ((ObjectNode) bigLabel.with("metadata").with("labels")).put("batch.kubernetes.io/job-name", MEGABYTE);
        out.add(bigLabel);
        return out;
    }

    private static void collect(JsonNode n, String path, List<String> out) {
        if (n.isObject()) {
            n.fieldNames().forEachRemaining(f -> {
                String p = path + "/" + f.replace("~", "~0").replace("/", "~1");
                out.add(p);
                collect(n.get(f), p, out);
            });
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                out.add(path + "/" + i);
                collect(n.get(i), path + "/" + i, out);
            }
        }
    }

    private static boolean replace(JsonNode root, String path, JsonNode with) {
        int cut = path.lastIndexOf('/');
        JsonNode parent = root.at(path.substring(0, cut));
        String last = path.substring(cut + 1).replace("~1", "/").replace("~0", "~");
        if (parent instanceof ObjectNode o) {
            if (with == null) {
                o.remove(last);
            } else {
                o.set(last, with);
            }
            return true;
        }
        if (parent instanceof ArrayNode a) {
            int i = Integer.parseInt(last);
            if (with == null) {
                a.remove(i);
            } else {
                a.set(i, with);
            }
            return true;
        }
        return false;
    }

    private static JsonNode deep(int levels) {
        ArrayNode top = F.arrayNode();
        ArrayNode at = top;
        for (int i = 1; i < levels; i++) {
            at = at.addArray();
        }
        return top;
    }
}
