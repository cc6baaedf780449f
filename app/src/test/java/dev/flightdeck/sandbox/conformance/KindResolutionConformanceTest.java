package dev.flightdeck.sandbox.conformance;

import dev.flightdeck.app.controlplane.PyTorchOperatorStandIn;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ApiResources;
import dev.flightdeck.app.kube.DiscoveryReader;
import dev.flightdeck.app.kube.KubeRest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a typed name means ({@code flightdeck get po/x}, {@code kubectl get po/x}) is the server's discovery's answer:
 * the sandbox must give the answers kube-apiserver 1.32 gives for the names of what it serves — singular and short
 * names of the built-in resources, a CRD's own singular and short names once it is installed — or the console's
 * {@code get} would work on one and not the other. Both answer the console in aggregated discovery; the sandbox's
 * plain documents read the same ({@code SandboxDiscoveryFormsTest}).
 */
class KindResolutionConformanceTest extends Conformance {

    private static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "customresourcedefinitions",
            "CustomResourceDefinition", false);
    private static final String GROUP = "resolution.flightdeck.dev";
    private static final List<String> TYPED = List.of("po", "pods", "Pod", "pod", "no", "Node", "nodes.v1.", "ns",
            "ev", "events", "jobs.batch", "jobs.v1.batch", "job", "Job", "ds", "daemonsets.apps", "pdb",
            "PodDisruptionBudget", "crd", "crds", "PyTorchJob", "pytorchjobs.kubeflow.org", "gz", "gizmo", "Gizmo",
            "gizmos." + GROUP, "gizmos.v1." + GROUP, "gizmoz", "jobs.apps");

    @Test
    void typedNamesMeanTheSameResourceOnBoth() throws Exception {
        List<String> truth = same("kubectl's spellings resolved through discovery", side -> {
            if (side.real()) {
                PyTorchOperatorStandIn.installCrd(((RealSide) side).cluster()); // the sandbox serves it from the start
            }
            KubeRest.Answer created = side.rest().post(CRDS.path(), gizmoCrd());
            if (created.code() != 201 && created.code() != 409) {
                throw new AssertionError(side.name() + ": " + created.message());
            }
            ApiResources served = until(side, r -> r.find("gz").isPresent());
            List<String> out = new ArrayList<>();
            for (String typed : TYPED) {
                out.add(typed + " -> " + served.find(typed).map(s -> s.resource().apiVersion() + " "
                        + s.resource().resource() + " " + s.resource().kind() + (s.resource().namespaced() ? "" : " cluster"))
                        .orElse("unknown; nearest " + served.nearMatches(typed, 1))); // the rest depends on what else is served
            }
            side.rest().delete(CRDS.path().named("gizmos." + GROUP), Map.of());
            return out;
        });
        assertEquals("po -> v1 pods Pod", truth.get(0));
        assertEquals("Node -> v1 nodes Node cluster", truth.get(5));
        assertEquals("gz -> " + GROUP + "/v1 gizmos Gizmo", truth.get(TYPED.indexOf("gz")));
        assertEquals("gizmoz -> unknown; nearest [gizmos." + GROUP + "]", truth.get(TYPED.indexOf("gizmoz")));
        assertEquals("jobs.apps -> unknown; nearest [jobs.batch]", truth.get(TYPED.indexOf("jobs.apps")));
    }

    private static Map<String, Object> gizmoCrd() {
        return Map.of("apiVersion", "apiextensions.k8s.io/v1", "kind", "CustomResourceDefinition",
                "metadata", Map.of("name", "gizmos." + GROUP),
                "spec", Map.of("group", GROUP, "scope", "Namespaced",
                        "names", Map.of("plural", "gizmos", "singular", "gizmo", "kind", "Gizmo", "listKind", "GizmoList",
                                "shortNames", List.of("gz")),
                        "versions", List.of(Map.of("name", "v1", "served", true, "storage", true,
                                "schema", Map.of("openAPIV3Schema", Map.of("type", "object",
                                        "x-kubernetes-preserve-unknown-fields", true))))));
    }

    /** Discovery read until {@code ready} holds (the real server serves a new CRD a moment after creating it), 30 s at most. */
    private static ApiResources until(ApiSide side, java.util.function.Predicate<ApiResources> ready) throws Exception {
        DiscoveryReader reader = DiscoveryReader.of(side.rest());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        ApiResources r = reader.read();
        while (!ready.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            r = reader.read();
        }
        return r;
    }
}
