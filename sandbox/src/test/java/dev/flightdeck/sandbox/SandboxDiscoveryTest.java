package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's discovery in both forms, over real HTTP: the plain documents ({@code /api}, {@code /api/v1},
 * {@code /apis}, one {@code /apis/G/V} per group version) for a client that asks plain JSON, aggregated discovery
 * ({@code /api} and {@code /apis} with everything) for one whose Accept header asks for it — and the two list the
 * same groups, versions, resources, scopes, names, verbs and subresources, a CRD installed later included.
 */
class SandboxDiscoveryTest {

    /** What the console and kubectl 1.30+ ask: aggregated v2, else v2beta1, else plain. */
    private static final String CONSOLE = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
            + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
    private static final String V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    private static final String V2BETA1 = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
    private static final String PLAIN = "application/json";
    private static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

    private static SandboxCluster sandbox;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(1);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void bothFormsListTheSameGroupVersionsResourcesVerbsAndSubresources() throws Exception {
        List<String> plain = plainLines();
        assertEquals(plain, aggregatedLines(CONSOLE));
        assertEquals(plain, aggregatedLines(V2BETA1));
        assertTrue(plain.contains("v1 pods Pod Namespaced singular=pod verbs=[create, delete, get, list, patch, update, "
                + "watch] short=[po] categories=[all]"), plain.toString());
        assertTrue(plain.contains("v1 pods/eviction policy/v1 Eviction verbs=[create]"), plain.toString());
        assertTrue(plain.contains("v1 nodes Node Cluster singular=node verbs=[create, delete, get, list, patch, update, "
                + "watch] short=[no] categories=[]"), plain.toString());
        assertTrue(plain.contains("kubeflow.org versions=[v1, v2beta1]"), "most preferred first: " + plain);
    }

    @Test
    void aCrdInstalledLaterIsListedTheSameInBothForms() throws Exception {
        assertEquals(201, send("POST", CRDS, PLAIN, null, """
                {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
                 "metadata":{"name":"gizmos.forms.flightdeck.dev"},
                 "spec":{"group":"forms.flightdeck.dev","scope":"Namespaced",
                  "names":{"plural":"gizmos","singular":"gizmo","kind":"Gizmo","shortNames":["gz"],"categories":["all"]},
                  "versions":[{"name":"v1alpha1","served":true,"storage":true,
                   "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}""")
                .statusCode());
        try {
            List<String> plain = plainLines();
            assertEquals(plain, aggregatedLines(CONSOLE));
            assertTrue(plain.contains("forms.flightdeck.dev/v1alpha1 gizmos Gizmo Namespaced singular=gizmo verbs=[delete, "
                    + "get, list, patch, create, update, watch] short=[gz] categories=[all]"), plain.toString());
            JsonNode gizmos = null;
            for (JsonNode g : json(get("/apis", CONSOLE)).path("items")) {
                if (g.at("/metadata/name").asText().equals("forms.flightdeck.dev")) {
                    gizmos = g.at("/versions/0/resources/0");
                }
            }
            // A CRD's resource names its group and version in responseKind; the server's own resources leave them empty.
            assertEquals("{\"group\":\"forms.flightdeck.dev\",\"version\":\"v1alpha1\",\"kind\":\"Gizmo\"}",
                    String.valueOf(gizmos == null ? null : gizmos.get("responseKind")));
        } finally {
            send("DELETE", CRDS + "/gizmos.forms.flightdeck.dev", PLAIN, null, "{}");
        }
        assertTrue(aggregatedLines(CONSOLE).stream().noneMatch(l -> l.contains("gizmos")), "gone with its CRD");
    }

    @Test
    void theAcceptHeaderChoosesTheFormAsKubeApiserverNegotiatesIt() throws Exception {
        Map<String, String> asked = new LinkedHashMap<>();
        asked.put(CONSOLE, "v2");
        asked.put(V2, "v2");
        asked.put(V2BETA1, "v2beta1");
        asked.put(PLAIN, "plain");
        asked.put(null, "plain");
        asked.put("*/*", "plain");
        // Only an aggregated range counts, wherever it is written and whatever it weighs (as on the real server).
        asked.put(PLAIN + ", " + V2, "v2");
        asked.put(V2 + ";q=0.1, " + PLAIN, "v2");
        asked.put(V2BETA1 + ";q=0.5, " + V2, "v2"); // among them, the one weighing most
        asked.put("application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList," + V2BETA1
                + "," + PLAIN, "v2beta1"); // no protobuf here: the next range the sandbox writes
        asked.put("application/json;as=Table;v=v1;g=meta.k8s.io," + PLAIN, "plain"); // a conversion discovery has not
        asked.put("application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList," + PLAIN, "plain");
        Map<String, String> answered = new LinkedHashMap<>();
        for (String accept : asked.keySet()) {
            answered.put(accept, form(get("/apis", accept)) + (form(get("/api", accept)).equals(form(get("/apis", accept)))
                    ? "" : " but /api " + form(get("/api", accept))));
        }
        assertEquals(asked, answered);
        // A group version's own list has one form: asked for aggregated discovery it is still the plain list.
        assertEquals("APIResourceList", json(get("/api/v1", CONSOLE)).path("kind").asText());
    }

    @Test
    void anETagSparesAnUnchangedAnswerUntilDiscoveryChanges() throws Exception {
        HttpResponse<String> first = get("/apis", V2);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertEquals("Accept", first.headers().firstValue("Vary").orElse(""));
        assertTrue(etag.matches("\"[0-9A-F]{128}\""), etag);
        assertEquals(etag, get("/apis", V2BETA1).headers().firstValue("ETag").orElseThrow(), "the same items either version");
        assertNotEquals(etag, get("/api", V2).headers().firstValue("ETag").orElseThrow());

        HttpResponse<String> unchanged = send("GET", "/apis", V2, etag, null);
        assertEquals(304, unchanged.statusCode());
        assertEquals("", unchanged.body());

        assertEquals(201, send("POST", CRDS, PLAIN, null, """
                {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
                 "metadata":{"name":"widgets.etag.flightdeck.dev"},
                 "spec":{"group":"etag.flightdeck.dev","scope":"Namespaced","names":{"plural":"widgets","kind":"Widget"},
                  "versions":[{"name":"v1","served":true,"storage":true,
                   "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}""")
                .statusCode());
        try {
            HttpResponse<String> changed = send("GET", "/apis", V2, etag, null);
            assertEquals(200, changed.statusCode());
            assertNotEquals(etag, changed.headers().firstValue("ETag").orElseThrow());
        } finally {
            send("DELETE", CRDS + "/widgets.etag.flightdeck.dev", PLAIN, null, "{}");
        }
        assertEquals(304, send("GET", "/apis", V2, etag, null).statusCode(), "as before once the CRD is gone");
    }

    /** The plain documents, walked as an old client walks them, one line per group, resource and subresource. */
    private static List<String> plainLines() throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode v : json(get("/api", PLAIN)).path("versions")) {
            resourceLines(v.asText(), json(get("/api/" + v.asText(), PLAIN)), out);
        }
        for (JsonNode g : json(get("/apis", PLAIN)).path("groups")) {
            List<String> versions = new ArrayList<>();
            g.path("versions").forEach(v -> versions.add(v.path("version").asText()));
            assertEquals(versions.getFirst(), g.path("preferredVersion").path("version").asText(), "preferred first");
            out.add(g.path("name").asText() + " versions=" + versions);
            for (JsonNode v : g.path("versions")) {
                resourceLines(v.path("groupVersion").asText(), json(get("/apis/" + v.path("groupVersion").asText(), PLAIN)), out);
            }
        }
        return out;
    }

    private static void resourceLines(String groupVersion, JsonNode list, List<String> out) {
        for (JsonNode r : list.path("resources")) {
            String name = r.path("name").asText();
            String scope = r.path("namespaced").asBoolean() ? "Namespaced" : "Cluster";
            if (name.contains("/")) {
                String of = r.has("group") ? r.path("group").asText() + "/" + r.path("version").asText() + " " : "";
                out.add(groupVersion + " " + name + " " + of + r.path("kind").asText() + " verbs=" + texts(r.path("verbs")));
            } else {
                out.add(groupVersion + " " + name + " " + r.path("kind").asText() + " " + scope + " singular="
                        + r.path("singularName").asText() + " verbs=" + texts(r.path("verbs")) + " short="
                        + texts(r.path("shortNames")) + " categories=" + texts(r.path("categories")));
            }
        }
    }

    /** The aggregated answers of /api and /apis, written as {@link #plainLines} writes the plain ones. */
    private static List<String> aggregatedLines(String accept) throws Exception {
        List<String> out = new ArrayList<>();
        for (String path : List.of("/api", "/apis")) {
            for (JsonNode g : json(get(path, accept)).path("items")) {
                String group = g.path("metadata").path("name").asText("");
                List<String> versions = new ArrayList<>();
                g.path("versions").forEach(v -> versions.add(v.path("version").asText()));
                if (!group.isEmpty()) {
                    out.add(group + " versions=" + versions);
                }
                for (JsonNode v : g.path("versions")) {
                    String gv = group.isEmpty() ? v.path("version").asText() : group + "/" + v.path("version").asText();
                    for (JsonNode r : v.path("resources")) {
                        String name = r.path("resource").asText();
                        out.add(gv + " " + name + " " + r.at("/responseKind/kind").asText() + " " + r.path("scope").asText()
                                + " singular=" + r.path("singularResource").asText() + " verbs=" + texts(r.path("verbs"))
                                + " short=" + texts(r.path("shortNames")) + " categories=" + texts(r.path("categories")));
                        for (JsonNode s : r.path("subresources")) {
                            JsonNode kind = s.path("responseKind");
                            // Another group's kind is named with its group; the resource's own (or a CRD's) is not.
                            String of = kind.path("group").asText().isEmpty() || kind.path("group").asText().equals(group)
                                    ? "" : kind.path("group").asText() + "/" + kind.path("version").asText() + " ";
                            out.add(gv + " " + name + "/" + s.path("subresource").asText() + " " + of
                                    + kind.path("kind").asText() + " verbs=" + texts(s.path("verbs")));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** "v2", "v2beta1" or "plain", with the Content-Type and apiVersion checked to agree. */
    private static String form(HttpResponse<String> r) throws IOException {
        String type = r.headers().firstValue("Content-Type").orElse("");
        JsonNode body = json(r);
        if (body.path("kind").asText().equals("APIGroupDiscoveryList")) {
            String version = body.path("apiVersion").asText().replace("apidiscovery.k8s.io/", "");
            assertEquals("application/json;g=apidiscovery.k8s.io;v=" + version + ";as=APIGroupDiscoveryList", type);
            return version;
        }
        assertEquals("application/json", type);
        return "plain";
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static JsonNode json(HttpResponse<String> r) throws IOException {
        assertEquals(200, r.statusCode(), r.body());
        return SandboxJson.MAPPER.readTree(r.body());
    }

    private static HttpResponse<String> get(String path, String accept) throws Exception {
        return send("GET", path, accept, null, null);
    }

    private static HttpResponse<String> send(String method, String path, String accept, String ifNoneMatch, String body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(sandbox.url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (accept != null) {
            b.header("Accept", accept);
        }
        if (ifNoneMatch != null) {
            b.header("If-None-Match", ifNoneMatch);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
