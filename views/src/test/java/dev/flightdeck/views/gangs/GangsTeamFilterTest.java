package dev.flightdeck.views.gangs;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.model.ClusterDelta;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The gangs screen's team filter, headless: a gang is a team's when one of its ranks is on the team's nodes. */
class GangsTeamFilterTest {

    private final GangsViewModel vm = new GangsViewModel(Clock.fixed(TestGangs.T0, ZoneOffset.UTC), Runnable::run,
            Runnable::run);

    private List<String> names() {
        return vm.visibleRows().stream().map(r -> r.key().name()).sorted().toList();
    }

    @Test
    void aTeamShowsTheGangsWithARankOnItsNodes() {
        vm.apply(List.of(new ClusterDelta(1, true, List.of(), Set.of(), NodeSummary.EMPTY, List.of(
                TestGangs.simple("training", "pretrain", GangVerdict.RUNNING, 2, GangSystem.JOBSET, Map.of()),
                TestGangs.simple("training", "spread", GangVerdict.RUNNING, 4, GangSystem.JOBSET, Map.of()),
                TestGangs.gang(GangSystem.INDEXED_JOB, "training", "waiting", GangVerdict.STARTING, 2, 1, 8,
                        r -> RankState.PENDING, List.of(), false, Map.of())), Set.of())));
        vm.teamFilterProperty().set("alpha");
        assertEquals(List.of("pretrain", "spread", "waiting"), names(), "no team key yet: no team filter");

        // pretrain's ranks are on nodes 000 and 001, spread's on 000 to 003; waiting's are bound nowhere.
        vm.nodeTeamsProperty().set(Map.of("gpu-node-000", "alpha", "gpu-node-001", "alpha", "gpu-node-002", "beta",
                "gpu-node-003", "(no team)"));
        vm.teamFilterProperty().set("alpha");
        assertEquals(List.of("pretrain", "spread"), names());
        vm.teamFilterProperty().set("beta");
        assertEquals(List.of("spread"), names(), "a gang over two teams' nodes is each team's, as in the table");
        vm.teamFilterProperty().set("(no team)");
        assertEquals(List.of("spread"), names());
        vm.clearFilters();
        assertNull(vm.teamFilterProperty().get());
        assertEquals(3, names().size());

        vm.teamFilterProperty().set("alpha");
        vm.nodeTeamsProperty().set(null);
        assertNull(vm.teamFilterProperty().get(), "no key on screen any more: no team filter");
        assertEquals(3, names().size());
    }
}
