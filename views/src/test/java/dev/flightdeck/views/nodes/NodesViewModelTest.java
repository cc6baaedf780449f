package dev.flightdeck.views.nodes;

import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.watch.WatchEvent;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;

import static dev.flightdeck.views.nodes.TestNodes.A100;
import static dev.flightdeck.views.nodes.TestNodes.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The nodes view model fed by a real ClusterModel, without a scene or the FX thread. */
class NodesViewModelTest {

    private static final String GATE = "flightdeck.dev/preflight";

    private final NodeFacts healthy = node("gpu-a-01").build();
    private final NodeFacts withdrawn = node("gpu-a-02").gpus(8, 6).build();
    private final NodeFacts xid = node("gpu-b-01").product(A100)
            .condition("SysLogsXIDError", "True", "XidCritical", "Xid 79: GPU has fallen off the bus").build();
    private final NodeFacts notReady = node("gpu-b-02").product(A100).notReady().build();
    private final NodeFacts gated = node("gpu-c-01").taint(GATE, "pending", "NoSchedule")
            .label(GATE, "running").build();
    private final NodeFacts maintenance = node("gpu-c-02")
            .condition("CSPMaintenance", "True", "ScheduledMaintenance", "host maintenance at 02:00").build();
    private final NodeFacts cordoned = node("gpu-d-01").cordoned("alice", "bad NVLink")
            .label("topology.kubernetes.io/zone", "eu-west-4b").build();

    private TestNodes.Fleet fleet;
    private NodesViewModel vm;

    @BeforeEach
    void setUp() throws InterruptedException {
        fleet = new TestNodes.Fleet();
        vm = new NodesViewModel(TestNodes.CLOCK);
        vm.setPodSource(fleet.model::podsOn);
        vm.apply(fleet.relist(healthy, withdrawn, xid, notReady, gated, maintenance, cordoned));
    }

    @AfterEach
    void tearDown() {
        fleet.close();
    }

    private List<String> visible() {
        return vm.visibleRows().stream().map(NodeRow::name).toList();
    }

    @Test
    void resetFillsTheTableWorstVerdictFirstThenByName() {
        assertEquals(7, vm.allRows().size());
        assertEquals(List.of("gpu-b-02", "gpu-b-01", "gpu-c-01", "gpu-c-02", "gpu-a-02", "gpu-a-01", "gpu-d-01"),
                visible());
        assertEquals(NodeVerdict.NOT_READY, vm.visibleRows().getFirst().node().verdict());
        assertEquals(NodeVerdict.TRUSTED, vm.visibleRows().getLast().node().verdict());
        assertEquals(56, vm.summaryProperty().get().gpusTotal());
        assertEquals(8 + 6, vm.summaryProperty().get().gpusUsable(), "trusted and degraded, not cordoned");
        assertEquals(1, vm.summaryProperty().get().cordoned());
        assertEquals(1, vm.summaryProperty().get().gated());
    }

    @Test
    void filtersByVerdictTaintProductAndText() {
        vm.verdictFilterProperty().set(NodeVerdict.DEGRADED);
        assertEquals(List.of("gpu-a-02"), visible());

        vm.clearFilters();
        vm.taintFilterProperty().set(GATE);
        assertEquals(List.of("gpu-c-01"), visible());
        assertTrue(vm.taintKeys().containsAll(List.of(GATE, "node.kubernetes.io/unschedulable")), vm.taintKeys()::toString);

        vm.clearFilters();
        vm.productFilterProperty().set(A100);
        assertEquals(List.of("gpu-b-02", "gpu-b-01"), visible());
        assertEquals(List.of(A100, TestNodes.H100), vm.products());

        vm.clearFilters();
        vm.searchTextProperty().set("fallen off");           // a reason
        assertEquals(List.of("gpu-b-01"), visible());
        vm.searchTextProperty().set("EU-WEST-4B");           // a label value, any case
        assertEquals(List.of("gpu-d-01"), visible());
        vm.searchTextProperty().set("gpu-a");                // names
        assertEquals(List.of("gpu-a-02", "gpu-a-01"), visible());
        vm.searchTextProperty().set("gpu-a withdrawn");      // every word must match
        assertEquals(List.of("gpu-a-02"), visible());

        vm.productFilterProperty().set(A100);                // filters combine
        assertEquals(List.of(), visible());
        vm.clearFilters();
        assertEquals(7, visible().size());
    }

    @Test
    void changesUpdateRowsInPlaceAndResort() throws InterruptedException {
        NodeRow row = vm.row("gpu-a-01");
        vm.selectedProperty().set(row);
        NodeFacts broken = node("gpu-a-01")
                .condition("GpuNvlinkWatch", "True", "NvlinkDown", "NVLink 3 inactive").build();
        vm.apply(fleet.upsert(broken));

        assertSame(row, vm.row("gpu-a-01"), "the row object is kept, not rebuilt");
        assertSame(row, vm.selectedProperty().get(), "the selection survives the update");
        assertEquals(NodeVerdict.UNTRUSTED, row.node().verdict());
        assertEquals(List.of("gpu-b-02", "gpu-a-01", "gpu-b-01"), visible().subList(0, 3));
        assertTrue(vm.detailsProperty().get().reasons().getFirst().contains("NVLink 3 inactive"),
                "details follow the selected node");

        vm.apply(fleet.delete(broken));
        assertNull(vm.row("gpu-a-01"));
        assertNull(vm.selectedProperty().get(), "a removed node is no longer selected");
        assertNull(vm.detailsProperty().get());
        assertEquals(6, vm.allRows().size());
    }

    @Test
    void onTheLiveScreenARowWaitsForItsPlaceAtMostASecondAndAnEmptyDrainGivesIt() throws InterruptedException {
        long[] now = {0};
        vm.placeMovesAtMostEvery(java.time.Duration.ofSeconds(1), () -> now[0]);
        vm.apply(fleet.upsert(node("gpu-a-01").notReady().build()));
        assertEquals("gpu-a-01", visible().getFirst(), "the first move goes at once");

        now[0] += 300_000_000L;
        vm.apply(fleet.upsert(node("gpu-d-01").condition("GpuNvlinkWatch", "True", "NvlinkDown", "NVLink 3 inactive")
                .build()));
        NodeRow d = vm.row("gpu-d-01");
        assertEquals(NodeVerdict.UNTRUSTED, d.node().verdict(), "the row shows the change at once");
        assertEquals("gpu-d-01", visible().getLast(), "its place waits");
        assertTrue(vm.movesWaiting());

        now[0] += 700_000_000L;
        assertEquals(0, vm.apply(List.of(), Long.MAX_VALUE), "nothing new: an empty drain");
        assertEquals(List.of("gpu-a-01", "gpu-b-02", "gpu-b-01", "gpu-d-01"), visible().subList(0, 4),
                "re-placed a second later, among the untrusted");
        assertFalse(vm.movesWaiting());
    }

    @Test
    void aColumnOrderComesFirstAndWorstFirstBreaksTies() {
        vm.userOrderProperty().set(Comparator.comparing((NodeRow r) -> r.node().product()));
        assertEquals(List.of("gpu-b-02", "gpu-b-01"), visible().subList(0, 2), "A100 first, worst first within");
        vm.userOrderProperty().set(null);
        assertEquals("gpu-b-02", visible().getFirst());
    }

    @Test
    void aRankRestartingOnTheSelectedNodeShowsInItsDetailsThoughTheNodeIsNotResent() throws InterruptedException {
        PodFacts rank = TestNodes.pod("llm-worker-3", "gpu-d-01", 8);
        vm.apply(fleet.addPod(rank));
        vm.selectedProperty().set(vm.row("gpu-d-01"));
        GpuNode shown = vm.row("gpu-d-01").node();

        PodFacts restarted = new PodFacts(rank.namespace(), rank.name(), rank.uid(), rank.nodeName(), "Running", true,
                3, 8, rank.ownerKind(), rank.ownerName(), rank.labels(), rank.annotations(), rank.created(),
                "Error", false, false);
        fleet.model.onPodEvent(new WatchEvent.Upserted<>(restarted));
        List<ClusterDelta> batch = fleet.next();
        assertTrue(batch.stream().allMatch(d -> d.upserted().isEmpty()), "the node looks the same: not resent");
        vm.apply(batch);

        assertSame(shown, vm.row("gpu-d-01").node());
        assertEquals(List.of(new NodeDetails.PodLine("training/llm-worker-3", "Running", 8, 3, "Error")),
                vm.detailsProperty().get().pods());
    }

    @Test
    void detailsSayWhyAndListConditionsTaintsLabelsAnnotationsAndPods() throws InterruptedException {
        vm.apply(fleet.addPod(TestNodes.pod("llm-worker-3", "gpu-d-01", 8)));
        vm.selectedProperty().set(vm.row("gpu-d-01"));
        NodeDetails d = vm.detailsProperty().get();

        assertEquals("gpu-d-01", d.name());
        assertEquals(List.of("No problems found: GPUs can be trusted with work."), d.reasons());
        assertTrue(d.facts().contains(new NodeDetails.KeyValue("Cordon", "alice: bad NVLink, 10m ago")), d.facts()::toString);
        assertEquals(List.of("node.kubernetes.io/unschedulable:NoSchedule"), d.taints());
        assertTrue(d.labels().contains(new NodeDetails.KeyValue("topology.kubernetes.io/zone", "eu-west-4b")));
        assertEquals(List.of("flightdeck.dev/cordon-reason", "flightdeck.dev/cordoned-at", "flightdeck.dev/cordoned-by"),
                d.annotations().stream().map(NodeDetails.KeyValue::key).toList());
        assertEquals(List.of(new NodeDetails.PodLine("training/llm-worker-3", "Running", 8, 0, "")), d.pods());

        vm.selectedProperty().set(vm.row("gpu-b-01"));
        d = vm.detailsProperty().get();
        assertEquals(NodeVerdict.UNTRUSTED, d.verdict());
        assertTrue(d.reasons().getFirst().startsWith("SysLogsXIDError (XidCritical)"), d.reasons()::toString);
        NodeDetails.ConditionLine xidLine = d.conditions().stream()
                .filter(c -> c.type().equals("SysLogsXIDError")).findFirst().orElseThrow();
        assertEquals(new NodeDetails.ConditionLine("SysLogsXIDError", "True", "XidCritical",
                "Xid 79: GPU has fallen off the bus", "2m", true), xidLine);
        assertTrue(d.conditions().stream().filter(c -> c.type().equals("Ready")).noneMatch(NodeDetails.ConditionLine::problem));
    }

    @Test
    void aResetInsideABatchDropsWhatCameBefore() throws InterruptedException {
        vm.apply(fleet.relist(node("gpu-z-01").build()));
        assertEquals(List.of("gpu-z-01"), visible());
        assertEquals(List.of(TestNodes.H100), vm.products());
        assertEquals(List.of(), vm.taintKeys());
    }

    @Test
    void clearForgetsTheCluster() {
        vm.selectedProperty().set(vm.row("gpu-a-01"));
        vm.clear();
        assertEquals(0, vm.allRows().size());
        assertNull(vm.detailsProperty().get());
        assertEquals(0, vm.summaryProperty().get().gpuNodes());
    }
}
