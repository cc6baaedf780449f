package dev.flightdeck.views.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.queues.KueueKind;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.QueueBook;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Queues screen's state without a scene: a real cluster model's queue snapshot made into the table it shows. */
class QueuesViewModelTest {

    @Test
    void aFullClusterQueueAndItsWaitingJobsInQueueOrder() throws Exception {
        try (KueueFleet fleet = new KueueFleet()) {
            QueuesViewModel vm = new QueuesViewModel(Runnable::run, KueueFleet.CLOCK);
            vm.show(fleet.model.queues(), true);
            QueuesTable t = vm.table();
            assertNull(t.notServed());
            assertEquals("1 ClusterQueue · 2 workloads queued asking 24 GPUs · 3 workloads in all", t.headline());
            QueuesTable.QueueRow research = t.queues().getFirst();
            assertEquals("cohort ai · pending 1 · reserving 1 · admitted 1", research.counts());
            QueuesTable.ResourceRow gpus = research.resources().getFirst();
            assertEquals("nvidia.com/gpu", gpus.resource(), "GPUs first");
            assertEquals(1.0, gpus.fill());
            assertEquals("16 of 16 reserved · 16 in use · borrowed 0 · lending limit 8", gpus.words());
            QueuesTable.ResourceRow cpu = research.resources().get(1);
            assertEquals(0.125, cpu.fill(), 1e-9, "32 of 256 cpu");

            List<QueuesTable.PendingRow> waiting = t.pending();
            assertEquals(List.of("training/run-big", "training/sweep"), waiting.stream().map(QueuesTable.PendingRow::job).toList());
            QueuesTable.PendingRow head = waiting.getFirst();
            assertEquals(1, head.position());
            assertEquals(100, head.priority());
            assertEquals(16, head.gpus());
            assertEquals("12m", head.waiting());
            assertEquals("waiting for quota in ClusterQueue research: 16 GPUs more needed in flavor h100 (16 of 16 in use "
                    + "by training/run-small)", head.reason());
            assertEquals(new GangKey(GangSystem.INDEXED_JOB, "training", "run-big"), head.gang());
            assertEquals(new GangKey(GangSystem.JOBSET, "training", "sweep"), waiting.get(1).gang());
            // the queued gang the Gangs screen shows says the same
            assertEquals(head.reason(), fleet.model.gang(head.gang()).reasonText());
        }
    }

    @Test
    void volcanosQueuesShowAllocatedAgainstCapabilityWithOrWithoutKueue() {
        var research = new dev.flightdeck.app.queues.VolcanoQueue("research", "Open", "root",
                java.util.Map.of("nvidia.com/gpu", "64", "cpu", "512"), java.util.Map.of("nvidia.com/gpu", "32"),
                java.util.Map.of(), java.util.Map.of("nvidia.com/gpu", "48", "cpu", "96"), 2, 5, 1);
        var old = new dev.flightdeck.app.queues.VolcanoQueue("old", "Closed", "", java.util.Map.of(), java.util.Map.of(),
                java.util.Map.of(), java.util.Map.of(), 0, 0, 0);
        QueuesSnapshot volcanoOnly = new QueuesSnapshot(List.of(), List.of(), 0, java.util.Map.of(), List.of(research, old),
                java.util.Set.of());
        QueuesViewModel vm = new QueuesViewModel(Runnable::run, KueueFleet.CLOCK);
        vm.show(volcanoOnly, false);
        QueuesTable t = vm.table();
        assertNull(t.notServed(), "Volcano's queues are shown on a cluster without Kueue");
        assertTrue(!t.kueue());
        assertEquals("2 Volcano queues", t.headline());
        QueuesTable.VolcanoRow r = t.volcano().getFirst();
        assertEquals("state Open · parent root · pending 2 · inqueue 1 · running 5", r.counts());
        QueuesTable.VolcanoResource gpus = r.resources().getFirst();
        assertEquals("nvidia.com/gpu", gpus.resource(), "GPUs first");
        assertEquals("48 allocated of capability 64 · deserved 32", gpus.words());
        assertEquals(0.75, gpus.fill(), 1e-9);
        assertEquals("96 allocated of capability 512", r.resources().get(1).words());
        assertTrue(t.volcano().get(1).closed(), "a Closed queue takes no new work");
        assertTrue(t.volcano().get(1).resources().isEmpty());

        vm.show(new QueuesSnapshot(List.of(), List.of(), 0, java.util.Map.of(), List.of(), java.util.Set.of()), false);
        assertEquals(QueuesTable.NOT_SERVED, vm.table().notServed(), "neither Kueue nor Volcano's queues");
        vm.show(volcanoOnly, true);
        assertTrue(vm.table().kueue());
        assertEquals(2, vm.table().volcano().size(), "beside Kueue's, when both are served");
    }

    @Test
    void aClusterWithoutKueueGetsOneLineSayingWhatToInstall() {
        QueuesViewModel vm = new QueuesViewModel(Runnable::run, KueueFleet.CLOCK);
        vm.show(QueuesSnapshot.EMPTY, true);
        assertEquals("0 ClusterQueues · 0 workloads queued · 0 workloads in all", vm.table().headline());
        vm.show(QueuesSnapshot.EMPTY, false);
        assertTrue(vm.table().notServed().contains("does not serve Kueue"), vm.table().notServed());
        assertTrue(vm.table().notServed().contains("install Kueue"), vm.table().notServed());
        assertTrue(vm.table().queues().isEmpty() && vm.table().pending().isEmpty());
    }

    @Test
    void anUnchangedTableIsNotHandedOverAgain() throws Exception {
        AtomicInteger handedOver = new AtomicInteger();
        QueuesViewModel vm = new QueuesViewModel(r -> {
            handedOver.incrementAndGet();
            r.run();
        }, KueueFleet.CLOCK);
        try (KueueFleet fleet = new KueueFleet()) {
            vm.show(fleet.model.queues(), true);
            vm.show(fleet.model.queues(), true);
            vm.show(fleet.model.queues(), true);
            assertEquals(1, handedOver.get());
            vm.show(fleet.model.queues(), false);
            assertEquals(2, handedOver.get());
        }
    }

    @Test
    void thousandsWaitingListTheHeadOfTheQueueAndCountTheRest() {
        QueueBook book = new QueueBook();
        List<KueueObject> workloads = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) {
            workloads.add(new KueueObject.Workload("batch", "wl-" + i, null, "q", i % 7, KueueFleet.NOW.minusSeconds(i),
                    1, 8, true, null, false, null, null, false, null, List.of(), List.of()));
        }
        book.apply(KueueKind.WORKLOAD, new WatchEvent.Relisted<>(workloads));
        QueuesTable t = QueuesTable.of(book.snapshot(), true, KueueFleet.NOW);
        assertEquals(QueuesTable.LISTED, t.pending().size());
        assertEquals(1_200 - QueuesTable.LISTED, t.notListed());
        assertEquals(6, t.pending().getFirst().priority(), "the head of the queue: the highest priority first");
        assertEquals("(unknown)", t.pending().getFirst().clusterQueue(), "its LocalQueue is not known");
    }
}
