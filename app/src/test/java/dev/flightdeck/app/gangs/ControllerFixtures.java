package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.PodProjector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Loads a fixture under {@code fixtures/controllers/} (objects shaped as each controller
 * writes them, see the README there) the way a cluster session does: pods through the real
 * {@link PodProjector}, gang objects of the watched kinds through {@link WorkloadProjector},
 * everything else (StatefulSets, Kueue Workloads) ignored as the console does not watch it.
 */
final class ControllerFixtures {

    /** Well after every fixture's creation, so no gang is still in its start grace. */
    static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

    private ControllerFixtures() {
    }

    static List<JsonNode> items(String file) {
        try {
            List<JsonNode> out = new ArrayList<>();
            KubeJson.MAPPER.readTree(Fixtures.bytes("controllers/" + file)).path("items").forEach(out::add);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The gangs the fixture's objects make, keyed and ordered by key; pods may be edited first. */
    static Map<GangKey, Gang> gangs(String file, Consumer<ObjectNode> editPod) {
        GangBook book = new GangBook();
        for (JsonNode item : items(file)) {
            if ("Pod".equals(item.path("kind").asText())) {
                ObjectNode pod = item.deepCopy();
                editPod.accept(pod);
                book.put(parsePod(pod));
            } else {
                workloadKind(item).ifPresent(k -> book.putWorkload(project(k, item)));
            }
        }
        book.rebuild(node -> null, NOW);
        Map<GangKey, Gang> out = new LinkedHashMap<>();
        book.gangs().stream().sorted(java.util.Comparator.comparing(g -> g.key().toString()))
                .forEach(g -> out.put(g.key(), g));
        return out;
    }

    static Map<GangKey, Gang> gangs(String file) {
        return gangs(file, pod -> { });
    }

    /** "rank=pod" for every rank, in rank order. */
    static List<String> ranks(Gang g) {
        return g.ranks().stream().map(s -> s.rank() + "=" + s.pod()).toList();
    }

    static dev.flightdeck.app.nodes.PodFacts parsePod(JsonNode pod) {
        try {
            return PodProjector.parse(KubeJson.MAPPER.writeValueAsBytes(pod));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<WorkloadKind> workloadKind(JsonNode item) {
        String apiVersion = item.path("apiVersion").asText();
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        String resource = item.path("kind").asText().toLowerCase(java.util.Locale.ROOT) + "s";
        return WorkloadKind.ALL.stream().filter(k -> k.group().equals(group) && k.resource().equals(resource)).findFirst();
    }

    private static WorkloadObject project(WorkloadKind kind, JsonNode item) {
        try (JsonParser p = KubeJson.MAPPER.createParser(KubeJson.MAPPER.writeValueAsBytes(item))) {
            p.nextToken();
            return new WorkloadProjector(kind).read(p).item();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
