package dev.flightdeck.app.queues;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KueueKindTest {

    @Test
    void theNewestServedVersionIsWatchedAndAKindNotServedIsNot() {
        Set<String> both = Set.of("kueue.x-k8s.io/v1beta2/workloads", "kueue.x-k8s.io/v1beta1/workloads",
                "kueue.x-k8s.io/v1beta1/cohorts");
        assertEquals(Optional.of("v1beta2"), KueueKind.WORKLOAD.newestServed(both));
        // an older Kueue: v1beta1 only
        assertEquals(Optional.of("v1beta1"), KueueKind.COHORT.newestServed(both));
        assertEquals(Optional.empty(), KueueKind.CLUSTER_QUEUE.newestServed(both));
        assertEquals(Optional.empty(), KueueKind.WORKLOAD.newestServed(Set.of("batch/v1/jobs")));
        assertEquals("/apis/kueue.x-k8s.io/v1beta1/cohorts", KueueKind.COHORT.path("v1beta1"));
        assertEquals(Set.of("kueue.x-k8s.io/v1beta2", "kueue.x-k8s.io/v1beta1"), KueueKind.groupVersions());
    }
}
