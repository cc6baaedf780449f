package dev.flightdeck.views.nodes;

import dev.flightdeck.app.fleet.NodeFacts;
import dev.flightdeck.app.model.FleetDelta;
import dev.flightdeck.views.rows.PendingChanges;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.flightdeck.views.nodes.TestNodes.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The nodes screen applies what its time on the FX thread allows and keeps the rest: a relist of a thousand nodes
 * given no time at all still moves one chunk per drain, reaches the rows whole in a few drains, and a reset keeps the
 * rows (and the selection) of the nodes it keeps while dropping the others at once.
 */
class NodesTimeBudgetTest {

    @Test
    void aLargeBatchIsAppliedAChunkPerDrainWhenTimeIsUp() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            List<NodeFacts> nodes = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                nodes.add(node("gpu-%04d".formatted(i)).build());
            }
            List<FleetDelta> relist = fleet.relist(nodes.toArray(NodeFacts[]::new));
            long noTime = System.nanoTime();
            int waiting = vm.apply(relist, noTime);
            assertEquals(1_000 - PendingChanges.CHUNK, waiting, "one chunk, the rest waits");
            assertEquals(PendingChanges.CHUNK, vm.allRows().size());
            assertEquals(1_000, vm.summaryProperty().get().gpuNodes(), "the header is whole at once");
            int drains = 1;
            do {
                drains++;
            } while (vm.apply(List.of(), System.nanoTime()) > 0);
            assertEquals(1_000, vm.allRows().size());
            assertEquals(4, drains, "1,000 changes in chunks of 256: four drains");
            assertEquals(0, vm.backlog());
        }
    }

    @Test
    void aResetDropsWhatItLeavesOutAtOnceAndKeepsTheRowsItKeeps() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            NodeFacts a = node("gpu-a").build();
            NodeFacts b = node("gpu-b").build();
            vm.apply(fleet.relist(a, b));
            NodeRow rowA = vm.row("gpu-a");
            assertTrue(vm.select("gpu-a"));
            vm.apply(fleet.relist(a, node("gpu-c").build()), System.nanoTime());
            assertNull(vm.row("gpu-b"), "gone with the reset");
            assertSame(rowA, vm.row("gpu-a"), "the row survives the relist");
            assertSame(rowA, vm.selectedProperty().get(), "and so does the selection");
            assertEquals(2, vm.allRows().size());
        }
    }
}
