package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RankMapLayoutTest {

    @Test
    void oneRankPerNodeIsAPlainGridInRankOrder() {
        Gang g = TestGangs.simple("t", "big", GangVerdict.RUNNING, 1024, GangSystem.JOBSET, Map.of());
        RankMapLayout l = RankMapLayout.of(RankGroups.byNode(g.ranks()), 900);
        assertEquals(1024, l.cells().size());
        assertTrue(l.width() <= 900, "fits: " + l.width());
        assertEquals(32, l.rowLabels().size(), "32 columns of 32");
        assertEquals("32", l.rowLabels().get(1).text());
        assertEquals(l.cells().get(31).y(), l.cells().getFirst().y());
        assertTrue(l.height() < 640, "1,024 ranks in under 640 px: " + l.height());
        RankMapLayout.Cell c = l.cells().get(100);
        assertEquals(100, l.at(c.x() + 1, c.y() + 1).rank());
        assertNull(l.at(1, 1), "the label gutter is no rank");
    }

    @Test
    void ranksOnOneNodeStayTogether() {
        Gang g = TestGangs.gang(GangSystem.PYTORCHJOB, "t", "g", GangVerdict.RUNNING, 512, 8, 1,
                r -> RankState.RUNNING, List.of(), false, Map.of());
        RankMapLayout l = RankMapLayout.of(RankGroups.byNode(g.ranks()), 1000);
        assertEquals(64, l.blocks().size(), "one block per node");
        // Ranks 0..7 share a node: one row, adjacent.
        for (int i = 1; i < 8; i++) {
            assertEquals(l.cells().getFirst().y(), l.cells().get(i).y());
            assertTrue(l.cells().get(i).x() > l.cells().get(i - 1).x());
        }
        assertTrue(l.width() <= 1000);
    }

    @Test
    void smallGangsGetNumberedCells() {
        Gang g = TestGangs.simple("t", "s", GangVerdict.RUNNING, 16, GangSystem.JOBSET, Map.of());
        assertTrue(RankMapLayout.of(RankGroups.byNode(g.ranks()), 800).numbered());
    }
}
