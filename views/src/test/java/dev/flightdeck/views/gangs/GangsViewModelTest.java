package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.CheckpointSource;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flightdeck.views.gangs.TestGangs.T0;
import static dev.flightdeck.views.gangs.TestGangs.checkpointAt;
import static dev.flightdeck.views.gangs.TestGangs.simple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gangs screen's state without a scene: order, filters, checkpoint text and refresh, deltas, node index. */
class GangsViewModelTest {

    private final Instant[] now = {T0};
    private final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now[0];
        }
    };
    private final AtomicInteger reads = new AtomicInteger();
    private GangsViewModel vm;

    /** Reads the annotated time like the annotation source does; no annotations: none. */
    private CheckpointStatus read(Map<String, String> a) {
        reads.incrementAndGet();
        String t = a.get("flightdeck.dev/checkpoint-time");
        if (t == null) {
            return CheckpointStatus.none();
        }
        Checkpoint c = new Checkpoint(a.get("flightdeck.dev/checkpoint-uri"), 100, Instant.parse(t), null);
        return new CheckpointStatus(CheckpointSource.ANNOTATIONS, c, List.of(c), null);
    }

    @BeforeEach
    void setUp() {
        vm = new GangsViewModel(clock, Runnable::run, Runnable::run);
    }

    private List<String> names() {
        return vm.visibleRows().stream().map(r -> r.key().name()).toList();
    }

    private static ClusterDelta delta(boolean reset, List<Gang> changed, Set<dev.flightdeck.app.gangs.GangKey> removed) {
        return new ClusterDelta(1, reset, List.of(), Set.of(), NodeSummary.EMPTY, changed, removed);
    }

    private List<Gang> four() {
        Gang halted = TestGangs.gang(GangSystem.INDEXED_JOB, "training", "rlhf-actor", GangVerdict.HALTED, 16, 1, 8,
                r -> r == 5 ? RankState.FAILED : RankState.RUNNING, List.of("rank 5 Failed"), false,
                checkpointAt(T0.minus(Duration.ofMinutes(42))));
        Gang degraded = TestGangs.gang(GangSystem.JOBSET, "research", "llm-pretrain", GangVerdict.DEGRADED, 32, 8, 1,
                r -> r >= 30 ? RankState.PENDING : RankState.RUNNING, List.of("ranks 30, 31 Pending"), true,
                checkpointAt(T0.minus(Duration.ofHours(2))));
        Gang risky = TestGangs.gang(GangSystem.INDEXED_JOB, "training", "moe", GangVerdict.RUNNING, 16, 1, 8,
                r -> RankState.RUNNING, List.of("rank 13 on untrusted node"), true,
                checkpointAt(T0.minus(Duration.ofHours(9).plusMinutes(20))));
        Gang big = simple("training", "big", GangVerdict.RUNNING, 64, GangSystem.PYTORCHJOB, Map.of());
        Gang small = simple("research", "small", GangVerdict.RUNNING, 2, GangSystem.MPIJOB,
                checkpointAt(T0.minus(Duration.ofMinutes(5))));
        Gang done = simple("research", "done", GangVerdict.FINISHED, 4, GangSystem.INDEXED_JOB, Map.of());
        return List.of(small, done, big, risky, degraded, halted);
    }

    @Test
    void worstFirstThenAtRiskThenLargest() {
        vm.apply(List.of(delta(true, four(), Set.of())));
        assertEquals(List.of("rlhf-actor", "llm-pretrain", "moe", "big", "small", "done"), names());
        assertEquals("6 gangs · 1 halted · 1 degraded · 3 running · 1 finished · 2 at risk",
                vm.summaryProperty().get());
    }

    @Test
    void aColumnOrderComesFirstAndWorstFirstBreaksTies() {
        vm.setAll(four());
        vm.userOrderProperty().set(java.util.Comparator.comparing(r -> r.key().system()));
        // JobSet < MPIJob < PyTorchJob < Indexed Job (enum order); Indexed Jobs keep worst first among themselves.
        assertEquals(List.of("llm-pretrain", "small", "big", "rlhf-actor", "moe", "done"), names());
        vm.userOrderProperty().set(null);
        assertEquals("rlhf-actor", names().getFirst());
    }

    @Test
    void filtersByVerdictSystemNamespaceGpusAndSearch() {
        vm.setAll(four());
        vm.verdictFilterProperty().set(GangVerdict.RUNNING);
        assertEquals(List.of("moe", "big", "small"), names());
        vm.systemFilterProperty().set(GangSystem.INDEXED_JOB);
        assertEquals(List.of("moe"), names());
        vm.clearFilters();
        vm.namespaceFilterProperty().set("research");
        assertEquals(List.of("llm-pretrain", "small", "done"), names());
        vm.clearFilters();
        vm.minGpusFilterProperty().set(64);
        assertEquals(List.of("rlhf-actor", "moe", "big"), names());
        vm.clearFilters();
        vm.searchTextProperty().set("gpu-node-003 pending");
        assertEquals(List.of("llm-pretrain"), names(), "search matches nodes and reasons, every word");
        assertEquals(List.of("research", "training"), vm.namespaces());
        assertEquals(List.of(GangSystem.JOBSET, GangSystem.MPIJOB, GangSystem.PYTORCHJOB, GangSystem.INDEXED_JOB),
                vm.systems());
    }

    @Test
    void checkpointAgeIsReadInTheBackgroundAndShownWithItsLevel() {
        vm.setAll(four());
        assertEquals("reading…", GangCells.checkpointAge(vm.row(four().getLast().key()).line()),
                "no reader yet");
        vm.setCheckpointReader(this::read);
        assertEquals(6, reads.get(), "one read per gang");
        assertEquals("42m · fresh", text("rlhf-actor"));
        assertEquals("2h · aging", text("llm-pretrain"));
        assertEquals("9h20m · stale", text("moe"));
        assertEquals("unknown", text("big"));
        assertEquals(CheckpointAge.STALE, GangCells.level(line("moe")));
        // GPU-hours: 128 GPUs × 0.7 h; unknown stays unknown, never 0.
        assertEquals("90 GPU-h", GangCells.gpuHoursAtRisk(line("rlhf-actor")));
        assertEquals("unknown", GangCells.gpuHoursAtRisk(line("big")));
        assertEquals("unknown", GangCells.checkpointAge(line("big")));

        vm.checkpointFilterProperty().set(CheckpointAge.STALE);
        assertEquals(List.of("moe"), names());
        vm.checkpointFilterProperty().set(CheckpointAge.UNKNOWN);
        assertEquals(List.of("big", "done"), names());
    }

    @Test
    void checkpointsAreReadAtMostOnceAMinuteAndRowsAgeInPlace() {
        vm.setAll(four());
        vm.setCheckpointReader(this::read);
        GangRow row = vm.row(vm.visibleRows().getFirst().key());
        assertEquals(6, reads.get());
        now[0] = T0.plusSeconds(30);
        vm.tick();
        assertEquals(6, reads.get(), "not again within a minute");
        assertEquals("42m · fresh", text("rlhf-actor"));
        now[0] = T0.plus(Duration.ofMinutes(20));
        vm.tick();
        assertEquals(12, reads.get(), "again after a minute");
        assertEquals("1h2m · aging", text("rlhf-actor"));
        assertSame(row, vm.row(row.key()), "the same row, updated in place");
    }

    @Test
    void deltasUpdateInPlaceRemoveAndIndexRanksByNode() {
        List<Gang> gangs = four();
        vm.apply(List.of(delta(true, gangs, Set.of())));
        Gang halted = gangs.getLast();
        GangRow row = vm.row(halted.key());
        vm.selectedProperty().set(row);
        vm.select(halted.key(), 5);
        assertEquals(5, vm.selectedRankProperty().get().rank());

        assertEquals(1, vm.ranksOn("gpu-node-005").stream().filter(r -> r.gang().equals(halted.key())).count());
        assertEquals("training/rlhf-actor rank 5 · failed", vm.ranksOn("gpu-node-005").stream()
                .filter(r -> r.gang().equals(halted.key())).findFirst().orElseThrow().text());

        Gang recovered = TestGangs.gang(GangSystem.INDEXED_JOB, "training", "rlhf-actor", GangVerdict.RUNNING, 16, 1,
                8, r -> RankState.RUNNING, List.of(), false, halted.annotations());
        vm.apply(List.of(delta(false, List.of(recovered), Set.of())));
        assertSame(row, vm.row(halted.key()), "updated in place");
        assertSame(row, vm.selectedProperty().get(), "still selected");
        assertEquals(RankState.RUNNING, vm.selectedRankProperty().get().state(), "the selected rank follows");
        assertEquals(GangVerdict.RUNNING, vm.selectedLineProperty().get().gang().verdict());

        vm.apply(List.of(delta(false, List.of(), Set.of(halted.key()))));
        assertNull(vm.row(halted.key()));
        assertNull(vm.selectedProperty().get(), "a removed gang is unselected");
        assertFalse(names().contains("rlhf-actor"));
        assertTrue(vm.ranksOn("gpu-node-005").stream().noneMatch(r -> r.gang().equals(halted.key())));
    }

    @Test
    void selectingAGangHiddenByFiltersClearsThem() {
        vm.setAll(four());
        vm.verdictFilterProperty().set(GangVerdict.FINISHED);
        assertTrue(vm.select(four().getLast().key()));
        assertNull(vm.verdictFilterProperty().get());
        assertEquals("rlhf-actor", vm.selectedProperty().get().key().name());
    }

    @Test
    void brokenAndAttentionRanksAreNamed() {
        Gang g = four().get(4);
        assertEquals(List.of(30, 31, 13).stream().sorted().toList(),
                RankGroups.attention(g).stream().map(s -> s.rank()).toList());
        assertEquals("ranks 30, 31 pending · rank 13 on untrusted node gpu-node-001",
                RankMapPane.attentionText(RankGroups.attention(g)));
        Gang halted = four().getLast();
        assertEquals("rank 5 · failed · gpu-node-005 · failed (test)",
                RankMapPane.brokenText(RankGroups.broken(halted).getFirst()));
    }

    private GangLine line(String name) {
        return vm.allRows().stream().filter(r -> r.key().name().equals(name)).findFirst().orElseThrow().line();
    }

    private String text(String name) {
        return GangCells.checkpointAgeWithLevel(line(name));
    }
}
