package dev.flightdeck.sandbox;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.ApiResources;
import dev.flightdeck.app.kube.DiscoveryReader;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ServedResource;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's two discovery forms read by the console's own {@link DiscoveryReader}: asked for aggregated discovery
 * (as the console and kubectl 1.30+ ask) the sandbox answers {@code /api} and {@code /apis} with everything, two
 * requests for a session's discovery as on a real kube-apiserver 1.32; an old client asking plain JSON reads the same
 * resources one group version at a time. Both forms are written from one table, and read the same here, a CRD
 * installed later included.
 */
class SandboxDiscoveryFormsTest {

    /** What a client without aggregated discovery asks (kubectl before 1.26, most libraries). */
    private static final String PLAIN = "application/json";

    private static SandboxCluster sandbox;
    private static ClusterConnection connection;
    private static final List<String> asked = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        sandbox = SandboxCluster.startQuiet(1);
        sandbox.audit(seen -> asked.add(seen.method() + " " + seen.path()));
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
    void theConsolesDiscoveryTakesTwoRequestsWhereThePlainFormTakesOnePerGroupVersion() throws Exception {
        asked.clear();
        ApiResources aggregated = DiscoveryReader.of(rest()).read();
        List<String> aggregatedAsked = List.copyOf(asked);
        asked.clear();
        ApiResources plain = plainReader().read();
        List<String> plainAsked = List.copyOf(asked);

        assertEquals(List.of("GET /api", "GET /apis"), aggregatedAsked);
        long groupVersions = plain.all().stream().map(s -> s.resource().apiVersion()).distinct().count();
        assertEquals(2 + groupVersions, plainAsked.size(), "/api, /apis and each group version's list: " + plainAsked);
        System.out.println("sandbox discovery, one read: aggregated " + aggregatedAsked.size() + " requests, plain "
                + plainAsked.size() + " (" + groupVersions + " group versions)");
    }

    @Test
    void bothFormsReadAsTheSameResourcesInTheSameOrder() throws Exception {
        ApiResources aggregated = DiscoveryReader.of(rest()).read();
        ApiResources plain = plainReader().read();
        assertEquals(lines(plain), lines(aggregated));
        assertEquals(List.of(), aggregated.notRead());
        assertTrue(lines(aggregated).contains("v1 pods Pod namespaced singular=pod short=[po] verbs=[create, delete, get, "
                + "list, patch, update, watch]"), lines(aggregated).toString());
        assertTrue(lines(aggregated).contains("kubeflow.org/v1 pytorchjobs PyTorchJob namespaced singular=pytorchjob "
                + "short=[] verbs=[delete, get, list, patch, create, update, watch]"), lines(aggregated).toString());
    }

    @Test
    void aCrdInstalledLaterIsInBothFormsWithItsOwnNames() throws Exception {
        String crd = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
        KubeRest.Answer created = rest().post(crd, Map.of("apiVersion", "apiextensions.k8s.io/v1",
                "kind", "CustomResourceDefinition", "metadata", Map.of("name", "gadgets.forms.flightdeck.dev"),
                "spec", Map.of("group", "forms.flightdeck.dev", "scope", "Namespaced",
                        "names", Map.of("plural", "gadgets", "singular", "gadget", "kind", "Gadget",
                                "shortNames", List.of("gd"), "categories", List.of("all")),
                        "versions", List.of(Map.of("name", "v1beta1", "served", true, "storage", true,
                                "schema", Map.of("openAPIV3Schema", Map.of("type", "object",
                                        "x-kubernetes-preserve-unknown-fields", true)))))));
        assertEquals(201, created.code(), created.message());
        try {
            ApiResources aggregated = DiscoveryReader.of(rest()).read();
            assertEquals(lines(plainReader().read()), lines(aggregated));
            assertEquals("forms.flightdeck.dev/v1beta1 gadgets Gadget namespaced singular=gadget short=[gd] verbs=[delete, "
                    + "get, list, patch, create, update, watch]", line(aggregated.find("gd").orElseThrow()));
        } finally {
            rest().delete(crd + "/gadgets.forms.flightdeck.dev", Map.of());
        }
        assertTrue(DiscoveryReader.of(rest()).read().find("gd").isEmpty(), "gone with its CRD");
    }

    private static KubeRest rest() {
        return new KubeRest(connection.api());
    }

    private static DiscoveryReader plainReader() {
        KubeRest rest = rest();
        return new DiscoveryReader(path -> rest.discover(path, PLAIN), Clock.systemUTC());
    }

    private static List<String> lines(ApiResources r) {
        return r.all().stream().map(SandboxDiscoveryFormsTest::line).toList();
    }

    private static String line(ServedResource s) {
        return s.resource().apiVersion() + " " + s.resource().resource() + " " + s.resource().kind()
                + (s.resource().namespaced() ? " namespaced" : " cluster") + " singular=" + s.singular()
                + " short=" + s.shortNames() + " verbs=" + s.verbs();
    }
}
