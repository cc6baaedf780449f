package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.DiscoveryPath;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sandbox's aggregated discovery beside the real kube-apiserver 1.32's, as captured
 * (fixtures/kube-apiserver-1.32/discovery-aggregated-api.json and -apis.json): for every resource both serve, the same
 * shape — the same fields in the same order, the same kind, scope, names and categories, the real server's verbs and
 * subresources less those the sandbox does not serve (no {@code deletecollection}, no {@code pods/exec}), in its
 * order. Runs without a control plane; {@link DiscoveryConformanceTest} asks the live one for the headers.
 */
class AggregatedDiscoveryCaptureTest {

    private static final String ACCEPT = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    /** What the sandbox and the captured server both serve: the comparison must not pass by comparing nothing. */
    private static final Set<String> BOTH_SERVE = Set.of("v1/events", "v1/namespaces", "v1/nodes", "v1/pods",
            "apps/v1/daemonsets", "batch/v1/jobs", "policy/v1/poddisruptionbudgets",
            "apiextensions.k8s.io/v1/customresourcedefinitions", "events.k8s.io/v1/events", "kubeflow.org/v1/pytorchjobs");

    private static SandboxCluster sandbox;
    private static ClusterConnection connection;

    @BeforeAll
    static void start() throws Exception {
        sandbox = SandboxCluster.startQuiet(1);
        connection = ClusterConnection.open(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        if (connection != null) {
            connection.close();
        }
        sandbox.close();
    }

    @Test
    void theSandboxAnswersInTheRealShapeForWhatBothServe() throws Exception {
        List<String> differences = new ArrayList<>();
        Set<String> compared = new TreeSet<>();
        for (DiscoveryPath path : List.of(DiscoveryPath.CORE, DiscoveryPath.GROUPS)) {
            JsonNode real = KubeJson.MAPPER.readTree(Fixtures.capture("discovery-aggregated" + path.toString().replace('/', '-')
                    + ".json"));
            KubeRest.Answer answer = new KubeRest(connection.api()).discover(path, ACCEPT);
            assertEquals(200, answer.code(), answer.message());
            JsonNode ours = answer.json();
            String where = path.toString();
            sameFields(where, real, ours, differences);
            for (String top : List.of("kind", "apiVersion", "metadata")) {
                same(where + " " + top, real.get(top), ours.get(top), differences);
            }
            for (JsonNode group : ours.path("items")) {
                JsonNode realGroup = named(real.path("items"), "/metadata/name", group.at("/metadata/name").asText(""));
                if (realGroup == null) {
                    continue; // a group the captured server did not serve (JobSet, Volcano …)
                }
                String g = group.at("/metadata/name").asText("");
                sameFields(where + " " + g, realGroup, group, differences);
                same(where + " " + g + " metadata", realGroup.get("metadata"), group.get("metadata"), differences);
                for (JsonNode version : group.path("versions")) {
                    JsonNode realVersion = named(realGroup.path("versions"), "/version", version.path("version").asText());
                    if (realVersion == null) {
                        continue;
                    }
                    String gv = (g.isEmpty() ? "" : g + "/") + version.path("version").asText();
                    sameFields(gv, realVersion, version, differences);
                    same(gv + " freshness", realVersion.get("freshness"), version.get("freshness"), differences);
                    for (JsonNode resource : version.path("resources")) {
                        JsonNode realResource = named(realVersion.path("resources"), "/resource",
                                resource.path("resource").asText());
                        if (realResource != null) {
                            compared.add(gv + "/" + resource.path("resource").asText());
                            resource(gv + "/" + resource.path("resource").asText(), realResource, resource, differences);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), differences);
        assertEquals(new TreeSet<>(BOTH_SERVE), compared);
    }

    /** One resource: the real one's fields, values, verbs and subresources, less only what the sandbox does not serve. */
    private static void resource(String where, JsonNode real, JsonNode ours, List<String> differences) {
        List<String> realFields = fields(real);
        List<String> ourFields = fields(ours);
        List<String> missing = new ArrayList<>(realFields);
        missing.removeAll(ourFields);
        if (!realFields.stream().filter(ourFields::contains).toList().equals(ourFields)
                || !(missing.isEmpty() || missing.equals(List.of("subresources")))) {
            differences.add(where + ": fields " + ourFields + ", the real server's " + realFields);
        }
        for (String field : List.of("resource", "responseKind", "scope", "singularResource", "shortNames", "categories")) {
            same(where + " " + field, real.get(field), ours.get(field), differences);
        }
        List<String> realVerbs = texts(real.path("verbs"));
        List<String> ourVerbs = texts(ours.path("verbs"));
        if (!realVerbs.stream().filter(ourVerbs::contains).toList().equals(ourVerbs)) {
            differences.add(where + ": verbs " + ourVerbs + ", the real server's " + realVerbs);
        }
        List<String> realSubs = new ArrayList<>();
        for (JsonNode sub : ours.path("subresources")) {
            JsonNode realSub = named(real.path("subresources"), "/subresource", sub.path("subresource").asText());
            same(where + "/" + sub.path("subresource").asText(), realSub, sub, differences);
            realSubs.add(sub.path("subresource").asText());
        }
        List<String> realOrder = new ArrayList<>();
        real.path("subresources").forEach(s -> realOrder.add(s.path("subresource").asText()));
        if (!realOrder.stream().filter(realSubs::contains).toList().equals(realSubs)) {
            differences.add(where + ": subresources " + realSubs + ", the real server's " + realOrder);
        }
    }

    private static void sameFields(String where, JsonNode real, JsonNode ours, List<String> differences) {
        if (!fields(real).equals(fields(ours))) {
            differences.add(where + ": fields " + fields(ours) + ", the real server's " + fields(real));
        }
    }

    private static void same(String where, JsonNode real, JsonNode ours, List<String> differences) {
        if (!java.util.Objects.equals(real, ours)) {
            differences.add(where + ": " + ours + ", the real server's " + real);
        }
    }

    private static JsonNode named(JsonNode array, String pointer, String name) {
        for (JsonNode n : array) {
            if (n.at(pointer).asText("").equals(name)) {
                return n;
            }
        }
        return null;
    }

    private static List<String> fields(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
