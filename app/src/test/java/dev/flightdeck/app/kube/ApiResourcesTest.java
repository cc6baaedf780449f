package dev.flightdeck.app.kube;

import dev.flightdeck.app.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Names resolved the way kubectl resolves them, from discovery a real kube-apiserver 1.32 returned. */
class ApiResourcesTest {

    private static final ApiResources CLUSTER = CapturedDiscovery.aggregated().read();

    private static String resolved(String typed) {
        return CLUSTER.find(typed).map(r -> r.resource().apiVersion() + " " + r.resource().resource() + " "
                + r.resource().kind() + (r.resource().namespaced() ? " namespaced" : " cluster")).orElse("unknown");
    }

    @Test
    void pluralsSingularsKindsAndShortNamesInAnyCase() {
        assertEquals("v1 pods Pod namespaced", resolved("po"));
        assertEquals("v1 pods Pod namespaced", resolved("pods"));
        assertEquals("v1 pods Pod namespaced", resolved("Pod"));
        assertEquals("v1 nodes Node cluster", resolved("Node"));
        assertEquals("v1 nodes Node cluster", resolved("no"));
        assertEquals("apps/v1 deployments Deployment namespaced", resolved("deploy"));
        assertEquals("policy/v1 poddisruptionbudgets PodDisruptionBudget namespaced", resolved("pdb"));
        assertEquals("kubeflow.org/v1 pytorchjobs PyTorchJob namespaced", resolved("PyTorchJob"));
        assertEquals("kubeflow.org/v1 pytorchjobs PyTorchJob namespaced", resolved("pytorchjob"));
        assertEquals("kueue.x-k8s.io/v1beta2 localqueues LocalQueue namespaced", resolved("queue"));
    }

    @Test
    void groupAndVersionQualifiedNames() {
        assertEquals("batch/v1 jobs Job namespaced", resolved("jobs.batch"));
        assertEquals("batch/v1 jobs Job namespaced", resolved("jobs.v1.batch"));
        assertEquals("kubeflow.org/v1 pytorchjobs PyTorchJob namespaced", resolved("pytorchjobs.kubeflow.org"));
        assertEquals("v1 secrets Secret namespaced", resolved("secrets.v1."), "the core group spelled out");
        assertEquals("kueue.x-k8s.io/v1beta1 clusterqueues ClusterQueue cluster", resolved("clusterqueues.v1beta1.kueue.x-k8s.io"));
        assertEquals("unknown", resolved("jobs.apps"), "a group that has no such resource");
    }

    @Test
    void theMostPreferredWinsAsWithKubectl() {
        assertEquals("v1 events Event namespaced", resolved("events"), "the core group's before events.k8s.io's");
        assertEquals("v1 events Event namespaced", resolved("ev"));
        assertEquals("events.k8s.io/v1 events Event namespaced", resolved("events.events.k8s.io"));
        assertEquals("autoscaling/v2 horizontalpodautoscalers HorizontalPodAutoscaler namespaced", resolved("hpa"),
                "the group's preferred version, v2, before v1");
        assertEquals("kueue.x-k8s.io/v1beta2 clusterqueues ClusterQueue cluster", resolved("cq"));
    }

    @Test
    void aKindAndApiVersionFromAReference() {
        assertEquals("pytorchjobs", CLUSTER.forKind("kubeflow.org/v1", "PyTorchJob").orElseThrow().resource().resource());
        assertEquals("batch/v1", CLUSTER.forKind("batch/v1beta1", "Job").orElseThrow().resource().apiVersion(),
                "a version no longer served: the same kind of the same group");
        assertEquals("v1", CLUSTER.forKind("v1", "Event").orElseThrow().resource().apiVersion());
        assertEquals("events.k8s.io/v1", CLUSTER.forKind("events.k8s.io/v1", "Event").orElseThrow().resource().apiVersion());
        assertTrue(CLUSTER.forKind("jobset.x-k8s.io/v1alpha2", "JobSet").isEmpty(), "not installed: absent, no error");
    }

    @Test
    void unknownNamesHaveNearMatchesFromWhatTheServerServes() {
        assertEquals("unknown", resolved("pytorchjbo"));
        assertEquals("pytorchjobs.kubeflow.org", CLUSTER.nearMatches("pytorchjbo", 5).getFirst());
        assertEquals("pods", CLUSTER.nearMatches("pdos", 5).getFirst());
        assertTrue(CLUSTER.nearMatches("nodez", 5).contains("nodes"), CLUSTER.nearMatches("nodez", 5).toString());
        assertTrue(CLUSTER.nearMatches("queues.kueue", 5).contains("localqueues.kueue.x-k8s.io"));
        assertEquals(List.of(), CLUSTER.nearMatches("zzzzzzzz", 5));
        assertEquals("unknown", resolved(""));
        assertEquals("unknown", resolved(".batch"));
    }

    @Test
    void subresourcesAreNotResources() {
        assertFalse(CLUSTER.all().stream().anyMatch(r -> r.resource().resource().contains("/")));
        assertEquals("unknown", resolved("pods/log"));
    }

    @Test
    void aggregatedAndPlainDiscoveryAgreeAndAggregatedTakesTwoRequests() {
        CapturedDiscovery aggregated = CapturedDiscovery.aggregated();
        CapturedDiscovery plain = CapturedDiscovery.plain();
        ApiResources a = aggregated.read();
        ApiResources p = plain.read();
        assertEquals(List.of("/api", "/apis"), aggregated.asked);
        assertEquals(3 + 23, plain.asked.size(), plain.asked.toString()); // /api, /api/v1, /apis, then 23 group versions
        // The same resources, group versions in the same order; within a group version the plain list keeps the
        // order CRDs were created in and the aggregated one sorts by name (kube-apiserver 1.32 does both).
        assertEquals(new java.util.HashSet<>(p.all()), new java.util.HashSet<>(a.all()));
        assertEquals(groupVersions(p), groupVersions(a));
        assertEquals(List.of(), a.notRead());
        assertTrue(a.all().size() > 60, "the whole of a 1.32 server: " + a.all().size());
    }

    private static List<String> groupVersions(ApiResources r) {
        return r.all().stream().map(s -> s.resource().apiVersion()).distinct().toList();
    }

    @Test
    void aGroupVersionThatDoesNotAnswerIsLeftOutAndNamed() throws Exception {
        CapturedDiscovery plain = CapturedDiscovery.plain();
        ApiResources r = new DiscoveryReader(path -> path.toString().equals("/apis/kubeflow.org/v1")
                ? new KubeRest.Answer(503, "{\"kind\":\"Status\",\"message\":\"service unavailable\"}".getBytes())
                : plain.answer(path), java.time.Clock.systemUTC()).read();
        assertEquals(List.of("kubeflow.org/v1 (service unavailable)"), r.notRead());
        assertTrue(r.find("pytorchjob").isEmpty());
        assertTrue(r.find("po").isPresent());
    }

    @Test
    void theCacheReadsOnceAndAgainOnAMissAtMostEveryFiveSeconds() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-11-25T12:00:00Z"));
        AtomicInteger reads = new AtomicInteger();
        CapturedDiscovery captured = CapturedDiscovery.aggregated();
        ApiResourcesCache cache = new ApiResourcesCache(new DiscoveryReader(path -> {
            if (path.toString().equals("/api")) {
                reads.incrementAndGet();
            }
            return captured.answer(path);
        }, clock), clock);
        assertTrue(cache.find("po").isPresent());
        assertTrue(cache.find("deploy").isPresent());
        assertEquals(1, reads.get(), "read once, then kept");
        assertTrue(cache.find("jobsets").isEmpty());
        assertEquals(1, reads.get(), "a miss within 5 s of the last read does not read again");
        clock.advance(Duration.ofSeconds(5));
        assertTrue(cache.find("jobsets").isEmpty());
        assertEquals(2, reads.get(), "a miss later reads again (a CRD may have been installed)");
    }
}
