package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.model.ClusterDelta;
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
 * given no time at all still moves one chunk per drain, reaches the rows in a few glimpses and then whole, and a
 * first LIST read page by page likewise; a reset keeps the
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
            List<ClusterDelta> relist = fleet.relist(nodes.toArray(NodeFacts[]::new));
            long noTime = System.nanoTime();
            int waiting = vm.apply(relist, noTime);
            assertEquals(1_000 - PendingChanges.CHUNK, waiting, "one chunk, the rest waits");
            assertEquals(PendingChanges.CHUNK, countRows(vm, nodes), "a chunk applied");
            assertEquals(4, vm.allRows().size(), "a first fill shows a glimpse: a few rows, the rest kept back");
            assertEquals(1_000, vm.summaryProperty().get().gpuNodes(), "the header is whole at once");
            List<Integer> tableAdds = new ArrayList<>();
            vm.allRows().addListener((javafx.collections.ListChangeListener<NodeRow>) c -> {
                int added = 0;
                while (c.next()) {
                    added += c.getAddedSize();
                }
                tableAdds.add(added);
            });
            int drains = 1;
            do {
                drains++;
            } while (vm.apply(List.of(), System.nanoTime()) > 0);
            assertEquals(1_000, vm.allRows().size());
            assertEquals(4, drains, "1,000 changes in chunks of 256: four drains");
            assertEquals(List.of(12, 36, 1_000 - 4 - 12 - 36), tableAdds,
                    "the table heard of two more glimpses, then of the rest once, with the fill's last drain");
            assertEquals(0, vm.backlog());
            vm.apply(fleet.relist(nodes.subList(0, 500).toArray(NodeFacts[]::new)), System.nanoTime());
            assertEquals(1_000 - PendingChanges.CHUNK, vm.allRows().size(),
                    "once rows are on screen, what a drain applies shows at once: a chunk of removals here");
        }
    }

    @Test
    void rowsKeptBackFromAFirstFillAreParkedWithTheRest() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            List<NodeFacts> nodes = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                nodes.add(node("gpu-%04d".formatted(i)).build());
            }
            vm.apply(fleet.relist(nodes.toArray(NodeFacts[]::new)), System.nanoTime());
            assertEquals(4, vm.allRows().size(), "a glimpse shown, the rest kept back: the fill is not over");
            vm.park("prod");
            vm.unpark("prod");
            assertEquals(PendingChanges.CHUNK, vm.allRows().size(), "the rows applied before the switch come back");
            assertEquals(PendingChanges.CHUNK, countRows(vm, nodes));
        }
    }

    @Test
    void whileTheFirstNodeListIsReadItsPagesShowAsGlimpsesThenWhole() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            List<NodeFacts> nodes = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                nodes.add(node("gpu-%04d".formatted(i)).build());
            }
            List<ClusterDelta> first = fleet.page(false, 100, nodes.subList(0, 100).toArray(NodeFacts[]::new));
            assertTrue(first.getLast().nodesStillListing(), "the model says more of the LIST follows");
            assertEquals(0, vm.apply(first, Long.MAX_VALUE), "all of it applied: time enough");
            assertEquals(4, vm.allRows().size(), "yet only a glimpse is shown while the LIST goes on");
            vm.apply(fleet.page(false, 200, nodes.subList(100, 200).toArray(NodeFacts[]::new)), Long.MAX_VALUE);
            assertEquals(4 + 12, vm.allRows().size(), "a second glimpse");
            List<ClusterDelta> last = fleet.page(true, 300, nodes.subList(200, 300).toArray(NodeFacts[]::new));
            assertTrue(!last.getLast().nodesStillListing(), "the last page ends the LIST");
            vm.apply(last, Long.MAX_VALUE);
            assertEquals(300, vm.allRows().size(), "the whole LIST on screen with its last page");
            assertEquals(300, countRows(vm, nodes));
            vm.apply(fleet.upsert(node("gpu-9999").build()), Long.MAX_VALUE);
            assertEquals(301, vm.allRows().size(), "after the fill, a change shows at once");
        }
    }

    private static int countRows(NodesViewModel vm, List<NodeFacts> nodes) {
        int n = 0;
        for (NodeFacts f : nodes) {
            if (vm.row(f.name()) != null) {
                n++;
            }
        }
        return n;
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

    @Test
    void switchingBackToAClusterPutsItsRowsBackInOneChange() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            List<NodeFacts> nodes = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                nodes.add(node("gpu-%04d".formatted(i)).build());
            }
            vm.apply(fleet.relist(nodes.toArray(NodeFacts[]::new)));
            NodeRow first = vm.row("gpu-0000");
            vm.park("prod");
            assertEquals(0, vm.allRows().size(), "another cluster on screen");
            int[] changes = {0};
            vm.allRows().addListener((javafx.collections.ListChangeListener<NodeRow>) c -> changes[0]++);
            vm.unpark("prod");
            assertEquals(600, vm.allRows().size());
            assertEquals(1, changes[0], "one change, not one per chunk");
            assertSame(first, vm.row("gpu-0000"), "the same rows, not rebuilt");
            assertEquals(600, vm.summaryProperty().get().gpuNodes());
            vm.unpark("prod");
            assertEquals(600, vm.allRows().size(), "parked rows are put back once");
            vm.park("prod");
            vm.keepParked(java.util.Set.of("staging"));
            vm.unpark("prod");
            assertEquals(0, vm.allRows().size(), "a cluster closed since keeps nothing");
        }
    }

    @Test
    void aChangeThatKeepsANodesPlaceReachesItsCellsButNotTheSortedList() throws Exception {
        try (TestNodes.Fleet fleet = new TestNodes.Fleet()) {
            NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
            vm.apply(fleet.relist(node("gpu-a").build(), node("gpu-b").build(), node("gpu-c").build()));
            int[] sortedChanges = {0};
            vm.visibleRows().addListener((javafx.collections.ListChangeListener<NodeRow>) c -> sortedChanges[0]++);
            NodeRow b = vm.row("gpu-b");
            GpuNodeSeen seen = new GpuNodeSeen(b);
            vm.apply(fleet.upsert(node("gpu-b").label("rack", "r7").build()));
            assertEquals("r7", b.node().facts().labels().get("rack"), "the row shows the new state");
            assertEquals(1, seen.count, "its cells heard of it through the row");
            assertEquals(0, sortedChanges[0], "its place is the same: the sorted list is not touched");

            vm.apply(fleet.upsert(node("gpu-b").notReady().build()));
            assertEquals(1, sortedChanges[0], "a new verdict moves it: announced");
            assertEquals("gpu-b", vm.visibleRows().getFirst().name(), "worst first");
        }
    }

    /** Counts what a cell bound to the row would hear. */
    private static final class GpuNodeSeen {
        int count;

        GpuNodeSeen(NodeRow row) {
            row.nodeProperty().addListener((o, was, now) -> count++);
        }
    }
}
