package dev.flightdeck.views.nodes;

import dev.flightdeck.app.settings.TeamKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The nodes screen's team filter, headless: by label, by taint only, the nodes of no team; another key clears it. */
class NodesTeamFilterTest {

    private static final String KEY = "example.com/team";
    private final TestNodes.Fleet fleet = new TestNodes.Fleet();

    @AfterEach
    void close() {
        fleet.close();
    }

    private static List<String> names(NodesViewModel vm) {
        return vm.visibleRows().stream().map(NodeRow::name).sorted().toList();
    }

    @Test
    void aTeamShowsItsNodesWhicheverWayTheyNameIt() throws Exception {
        NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
        vm.apply(fleet.relist(TestNodes.node("a1").label(KEY, "alpha").build(),
                TestNodes.node("a2").taint(KEY, "alpha", "NoSchedule").build(),
                TestNodes.node("b1").label(KEY, "beta").taint(KEY, "alpha", "NoSchedule").build(),
                TestNodes.node("x1").build(), TestNodes.node("x2").label(KEY, "").build()));
        vm.teamFilterProperty().set("alpha");
        assertEquals(List.of("a1", "a2", "b1", "x1", "x2"), names(vm), "no key yet: no team filter");

        vm.teamKeyProperty().set(new TeamKey(KEY));
        vm.teamFilterProperty().set("alpha");
        assertEquals(List.of("a1", "a2"), names(vm), "b1's label names beta, and the label wins");
        vm.teamFilterProperty().set("(no team)");
        assertEquals(List.of("x1", "x2"), names(vm));
        vm.verdictFilterProperty().set(dev.flightdeck.app.nodes.NodeVerdict.NOT_READY);
        assertEquals(List.of(), names(vm), "with the other filters, not instead of them");
        vm.clearFilters();
        assertNull(vm.teamFilterProperty().get());
        assertEquals(5, names(vm).size());

        vm.teamFilterProperty().set("beta");
        vm.teamKeyProperty().set(new TeamKey("lab.example/pool"));
        assertNull(vm.teamFilterProperty().get(), "another cluster's key: its teams are not this one's");
        assertEquals(5, names(vm).size());
    }
}
