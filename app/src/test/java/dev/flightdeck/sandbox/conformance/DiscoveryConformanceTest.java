package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ApiDiscovery;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Discovery as the console reads it: the Eviction subresource's group version in {@code /api/v1}
 * (which Eviction API a drain posts), and a gang CRD installed while the console runs — absent,
 * then served once created (the real server after marking it Established), its objects created
 * and listed, then gone again when the CRD is deleted.
 */
class DiscoveryConformanceTest extends Conformance {

    private static final String GROUP = "conformance.flightdeck.dev";
    private static final Set<String> GROUP_VERSION = Set.of(GROUP + "/v1");

    @Test
    void theEvictionSubresourceNamesItsGroupVersionInApiV1() throws Exception {
        String truth = same("pods/eviction in /api/v1", side -> {
            for (JsonNode r : side.rest().get("/api/v1").json().path("resources")) {
                if (r.path("name").asText().equals("pods/eviction")) {
                    return r.path("group").asText() + "/" + r.path("version").asText() + " " + r.path("kind").asText()
                            + " namespaced=" + r.path("namespaced").asBoolean() + " verbs=" + r.path("verbs");
                }
            }
            return "absent";
        });
        assertEquals("policy/v1 Eviction namespaced=true verbs=[\"create\"]", truth);
    }

    @Test
    void aCrdInstalledLaterIsServedThenGoneWhenDeleted() throws Exception {
        List<String> truth = same("a CRD installed while the console runs", side -> {
            ApiDiscovery discovery = new ApiDiscovery(side.endpoint());
            List<String> out = new ArrayList<>();
            out.add("before: " + discovery.servedResources(GROUP_VERSION));
            KubeRest.Answer created = side.rest().post("/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd());
            out.add("create CRD: HTTP " + created.code());
            out.add("served: " + until(() -> discovery.servedResources(GROUP_VERSION), s -> !s.isEmpty()));
            String ns = side.namespace("crd");
            KubeRest.Answer widget = side.rest().post("/apis/" + GROUP + "/v1/namespaces/" + ns + "/widgets",
                    Map.of("apiVersion", GROUP + "/v1", "kind", "Widget", "metadata", Map.of("name", "w1"),
                            "spec", Map.of("size", 3)));
            out.add("create Widget: HTTP " + widget.code() + " " + widget.json().path("kind").asText() + " spec.size="
                    + widget.json().at("/spec/size").asInt());
            out.add("list: " + ListConformanceTest.names(side.rest().get("/apis/" + GROUP + "/v1/namespaces/" + ns + "/widgets")));
            KubeRest.Answer deleted = side.rest().delete("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets." + GROUP,
                    Map.of());
            out.add("delete CRD: HTTP " + deleted.code());
            out.add("after: " + until(() -> discovery.servedResources(GROUP_VERSION), Set::isEmpty));
            out.add("list after: HTTP " + until(() -> side.rest().get("/apis/" + GROUP + "/v1/namespaces/" + ns + "/widgets").code(),
                    code -> code == 404));
            return out;
        });
        assertEquals(List.of("before: []", "create CRD: HTTP 201", "served: [conformance.flightdeck.dev/v1/widgets]",
                "create Widget: HTTP 201 Widget spec.size=3", "list: [w1]", "delete CRD: HTTP 200", "after: []",
                "list after: HTTP 404"), truth);
    }

    private static Map<String, Object> crd() {
        return Map.of("apiVersion", "apiextensions.k8s.io/v1", "kind", "CustomResourceDefinition",
                "metadata", Map.of("name", "widgets." + GROUP),
                "spec", Map.of("group", GROUP, "scope", "Namespaced",
                        "names", Map.of("plural", "widgets", "singular", "widget", "kind", "Widget", "listKind", "WidgetList"),
                        "versions", List.of(Map.of("name", "v1", "served", true, "storage", true,
                                "schema", Map.of("openAPIV3Schema", Map.of("type", "object",
                                        "x-kubernetes-preserve-unknown-fields", true))))));
    }

    @FunctionalInterface
    private interface Read<T> {
        T get() throws Exception;
    }

    /** Reads until {@code done} holds (the real server establishes and removes a CRD asynchronously), at most 30 s. */
    private static <T> T until(Read<T> read, Predicate<T> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        T v = read.get();
        while (!done.test(v) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            v = read.get();
        }
        return v;
    }
}
