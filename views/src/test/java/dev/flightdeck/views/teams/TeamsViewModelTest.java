package dev.flightdeck.views.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.queues.teams.TeamRow;
import dev.flightdeck.app.settings.TeamKey;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.flightdeck.views.teams.TeamFleet.KEY;
import static dev.flightdeck.views.teams.TeamFleet.gang;
import static dev.flightdeck.views.teams.TeamFleet.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The team table's state, headless: rows, heading and the note on gangs in no row; hidden without a key. */
class TeamsViewModelTest {

    private final TeamsViewModel vm = new TeamsViewModel(Runnable::run);

    private static final List<GpuNode> NODES = List.of(
            node("a1", "alpha", null, 0, false, 8),
            node("a2", "alpha", "alpha", 1, false, 0),   // degraded: 7 usable
            node("b1", null, "beta", 0, true, 0),         // beta's by taint, cordoned
            node("x1", null, null, 0, false, 4));

    private static final List<Gang> GANGS = List.of(gang("pretrain", GangVerdict.RUNNING, "a1"),
            gang("finetune", GangVerdict.STARTING, "x1", null), gang("queued", GangVerdict.STARTING, null, null));

    @Test
    void aKeyShowsOneRowPerTeamAndSaysWhichGangsNoRowCounts() {
        vm.show(new TeamKey(KEY), NODES, GANGS);
        assertTrue(vm.shownProperty().get());
        assertEquals("Teams by example.com/team · 2 teams", vm.headingProperty().get());
        assertEquals(List.of(new TeamRow("alpha", 2, 16, 15, 8, 7, 1, 0, 0), new TeamRow("beta", 1, 8, 0, 0, 0, 0, 0, 0),
                new TeamRow("(no team)", 1, 8, 8, 4, 4, 0, 1, 0)), List.copyOf(vm.rows()));
        assertEquals("1 gang has no rank on a GPU node yet and is in no team's row", vm.unplacedProperty().get());
        vm.show(new TeamKey(KEY), NODES, List.of(gang("one", GangVerdict.STARTING, null, null),
                gang("two", GangVerdict.STARTING, (String) null)));
        assertEquals("2 gangs have no rank on a GPU node yet and are in no team's row", vm.unplacedProperty().get());
    }

    @Test
    void anUnchangedTableKeepsItsRowsSoAPickedRowStaysPicked() {
        vm.show(new TeamKey(KEY), NODES, GANGS);
        TeamRow alpha = vm.rows().getFirst();
        int[] changes = {0};
        vm.rows().addListener((javafx.collections.ListChangeListener<TeamRow>) c -> changes[0]++);
        vm.show(new TeamKey(KEY), NODES, GANGS);
        assertEquals(0, changes[0], "the same figures: the list is not replaced");
        assertTrue(alpha == vm.rows().getFirst());
        vm.show(new TeamKey(KEY), NODES, List.of());
        assertEquals(1, changes[0], "new figures replace the rows");
    }

    @Test
    void eachNodesTeamIsHandedOverForTheGangFilterOnlyWhenItChanges() {
        vm.show(new TeamKey(KEY), NODES, GANGS);
        var first = vm.nodeTeamsProperty().get();
        assertEquals(java.util.Map.of("a1", "alpha", "a2", "alpha", "b1", "beta", "x1", "(no team)"), first);
        vm.show(new TeamKey(KEY), NODES, GANGS);
        assertTrue(first == vm.nodeTeamsProperty().get(), "the same teams: the gangs are not filtered again");
        vm.show(new TeamKey(KEY), List.of(node("a1", "beta", null, 0, false, 0)), GANGS);
        assertEquals(java.util.Map.of("a1", "beta"), vm.nodeTeamsProperty().get());
        vm.show(null, NODES, GANGS);
        assertEquals(null, vm.nodeTeamsProperty().get());
        assertEquals(null, vm.keyProperty().get());
    }

    @Test
    void withoutAKeyTheTableIsHiddenAndEmpty() {
        vm.show(new TeamKey(KEY), NODES, GANGS);
        vm.show(null, NODES, GANGS);
        assertFalse(vm.shownProperty().get());
        assertTrue(vm.rows().isEmpty());
        assertEquals("", vm.headingProperty().get());
        assertEquals("", vm.unplacedProperty().get());
    }
}
