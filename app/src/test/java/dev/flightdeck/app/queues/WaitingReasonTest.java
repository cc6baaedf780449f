package dev.flightdeck.app.queues;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WaitingReasonTest {

    private static final KueueObject.ClusterQueue RESEARCH = KueueFixtures.research();

    /** The pending fixture with its QuotaReserved condition saying {@code message} (reason as Kueue gives it). */
    private static KueueObject.Workload saying(String reason, String message) {
        KueueObject.Workload w = KueueFixtures.pending();
        return new KueueObject.Workload(w.namespace(), w.name(), w.owner(), w.queueName(), w.priority(), w.created(),
                w.pods(), w.gpus(), w.active(), reason == null ? null
                : new KueueObject.Condition("False", reason, message, w.created()), false, null, null, false, null,
                List.of(), List.of());
    }

    private static KueueObject.Workload admittedAs(String ns, String job, String gpus) {
        return new KueueObject.Workload(ns, "job-" + job + "-abcde", new KueueObject.Owner("batch/v1", "Job", job, "u-" + job),
                "research", 0, Instant.EPOCH, 1, 0, true, new KueueObject.Condition("True", "QuotaReserved",
                "Quota reserved in ClusterQueue research", Instant.EPOCH), true, null, null, false, "research",
                List.of(new KueueObject.Assigned("nvidia.com/gpu", "h100", gpus)), List.of());
    }

    @Test
    void waitingForQuotaNamesTheShortfallTheUsageAndWhoHoldsIt() {
        assertEquals("waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 "
                        + "(16 of 16 in use by training/run-small)",
                WaitingReason.of(KueueFixtures.pending(), "research", RESEARCH, List.of(KueueFixtures.admitted())));
    }

    @Test
    void theLargestHoldersComeFirstAndTheRestAreCounted() {
        List<KueueObject.Workload> holders = List.of(admittedAs("a", "one", "2"), admittedAs("b", "two", "8"),
                admittedAs("c", "three", "4"), admittedAs("d", "four", "1"), admittedAs("e", "five", "1"));
        assertEquals("waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 "
                        + "(16 of 16 in use by b/two, c/three, a/one and 2 more)",
                WaitingReason.of(KueueFixtures.pending(), "research", RESEARCH, holders));
    }

    @Test
    void evictedByPreemptionSaysSoThenWhatItWaitsForGpusFirst() {
        assertEquals("evicted (Preempted: Preempted to accommodate a workload (UID: 7d2c9a41-6b0e-4f3d-a812-c5e9b0d7f263, "
                        + "JobUID: 6a1f3c2e-0d5b-4c7e-9a41-2f8b1e6d9c10) due to prioritization in the ClusterQueue; "
                        + "preemptor path: /ai/research; preemptee path: /ai/research); "
                        + "waiting for quota in ClusterQueue research: 8 GPUs more needed in flavor h100 (16 of 16 in use "
                        + "by training/run-small), 33 cpu more needed in flavor h100 (32 of 256 in use by training/run-small)",
                WaitingReason.of(KueueFixtures.preempted(), "research", RESEARCH, List.of(KueueFixtures.admitted())));
    }

    @Test
    void moreThanTheQueueCanEverGive() {
        assertEquals("asks more than ClusterQueue research can ever lend it: 64 GPUs in flavor h100 with 0 already "
                + "counted, maximum capacity 16", WaitingReason.of(saying("ExceedsMaxQuota", "couldn't assign flavors to pod "
                + "set main: insufficient quota for nvidia.com/gpu in flavor h100, previously considered podsets requests (0)"
                + " + current podset request (64) > maximum capacity (16)"), "research", RESEARCH, List.of()));
    }

    @Test
    void kueuesOtherWordsArePassedOn() {
        assertEquals("not admitted by its queue: LocalQueue research doesn't exist", WaitingReason.of(
                saying("Misconfigured", "LocalQueue research doesn't exist"), null, null, List.of()));
        assertEquals("not admitted by ClusterQueue research: ClusterQueue research is inactive", WaitingReason.of(
                saying("Suspended", "ClusterQueue research is inactive"), "research", RESEARCH, List.of()));
        assertEquals("not yet considered by Kueue in ClusterQueue research",
                WaitingReason.of(saying(null, null), "research", RESEARCH, List.of()));
        assertEquals("ClusterQueue gone does not exist", WaitingReason.of(saying(null, null), "gone", null, List.of()));
    }

    @Test
    void aStoppedQueueAndADeactivatedWorkload() {
        KueueObject.ClusterQueue held = new KueueObject.ClusterQueue("research", "ai", "HoldAndDrain", RESEARCH.quotas(),
                RESEARCH.reserved(), RESEARCH.used(), 1, 1, 1, null);
        assertEquals("ClusterQueue research is stopped (stopPolicy HoldAndDrain)",
                WaitingReason.of(KueueFixtures.pending(), "research", held, List.of()));
        KueueObject.Workload w = KueueFixtures.pending();
        KueueObject.Workload off = new KueueObject.Workload(w.namespace(), w.name(), w.owner(), w.queueName(), 0,
                w.created(), 2, 16, false, w.quotaReserved(), false, null, null, false, null, List.of(), List.of());
        assertEquals("deactivated (spec.active is false): Kueue will not admit it until it is reactivated",
                WaitingReason.of(off, "research", RESEARCH, List.of()));
    }

    @Test
    void quotaReservedButAnAdmissionCheckIsPending() {
        KueueObject.Workload w = KueueFixtures.pending();
        KueueObject.Workload checking = new KueueObject.Workload(w.namespace(), w.name(), w.owner(), w.queueName(), 0,
                w.created(), 2, 16, true, new KueueObject.Condition("True", "QuotaReserved",
                "Quota reserved in ClusterQueue research", w.created()), false, null, null, false, "research", List.of(),
                List.of(new KueueObject.AdmissionCheck("dws-prov", "Pending", "Provisioning Request was created"),
                        new KueueObject.AdmissionCheck("budget", "Ready", "")));
        assertEquals("quota reserved in ClusterQueue research; waiting for admission check dws-prov (Pending: "
                + "Provisioning Request was created)", WaitingReason.of(checking, "research", RESEARCH, List.of()));
    }
}
