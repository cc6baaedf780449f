package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ApiDiscovery;
import dev.flightdeck.app.watch.KubeJson;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Discovery as the console reads it: the Eviction subresource's group version in {@code /api/v1}
 * (which Eviction API a drain posts), a gang CRD installed while the console runs — absent,
 * then served once created (the real server after marking it Established), its objects created
 * and listed, then gone again when the CRD is deleted — and which form {@code /api} and {@code /apis}
 * answer in for each Accept header (aggregated or plain, with their Content-Type, ETag and 304).
 * The aggregated answer's shape is compared with the real server's captures by {@link AggregatedDiscoveryCaptureTest}.
 */
class DiscoveryConformanceTest extends Conformance {

    private static final String GROUP = "conformance.flightdeck.dev";
    private static final Set<String> GROUP_VERSION = Set.of(GROUP + "/v1");
    private static final String V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    private static final String V2BETA1 = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
    /** Accept headers as clients write them: the console's and kubectl's first, then the corners of negotiation. */
    private static final List<String> ACCEPTS = List.of(V2 + "," + V2BETA1 + ",application/json", V2BETA1,
            "application/json", "*/*", "application/json, " + V2, V2 + ";q=0.1, application/json",
            V2BETA1 + ";q=0.5, " + V2,
            "application/json;as=Table;v=v1;g=meta.k8s.io,application/json",
            "application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList,application/json");

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

    @Test
    void theAcceptHeaderChoosesTheFormWithItsContentTypeAndETag() throws Exception {
        List<String> truth = same("discovery's form for each Accept header", side -> {
            List<String> out = new ArrayList<>();
            for (String accept : ACCEPTS) {
                for (String path : List.of("/api", "/apis")) {
                    HttpResponse<byte[]> r = discover(side, path, accept, null);
                    JsonNode body = KubeJson.MAPPER.readTree(r.body());
                    String etag = r.header("ETag");
                    out.add(path + " [" + accept + "]: " + r.code() + " " + r.header("Content-Type") + " "
                            + body.path("kind").asText() + " " + body.path("apiVersion").asText("-") + " Vary=" + r.header("Vary")
                            + (etag == null ? " no ETag" : " ETag, Cache-Control=" + r.header("Cache-Control")
                            + ", again with If-None-Match: " + discover(side, path, accept, etag).code()));
                }
            }
            return out;
        });
        assertEquals("/apis [" + ACCEPTS.getFirst() + "]: 200 " + V2 + " APIGroupDiscoveryList apidiscovery.k8s.io/v2 "
                + "Vary=Accept ETag, Cache-Control=public, again with If-None-Match: 304", truth.get(1));
    }

    @Test
    void aProtobufRangeIsAnsweredInJsonByTheSandboxOnly() throws Exception {
        String accept = "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
                + V2BETA1 + ",application/json";
        deliberately("the Content-Type of /apis for a client that asks protobuf first",
                "the sandbox writes JSON only and answers with the next range it can: the client lists it",
                side -> discover(side, "/apis", accept, null).header("Content-Type"),
                "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList", V2BETA1);
    }

    private static HttpResponse<byte[]> discover(ApiSide side, String path, String accept, String ifNoneMatch)
            throws Exception {
        var api = side.endpoint();
        HttpRequest.Builder b = api.http().newHttpRequestBuilder().uri(api.uri(path)).setHeader("Accept", accept);
        if (ifNoneMatch != null) {
            b.setHeader("If-None-Match", ifNoneMatch);
        }
        return api.http().sendAsync(b.build(), byte[].class).get(15, TimeUnit.SECONDS);
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
