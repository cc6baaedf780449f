package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.GpuNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.flightdeck.app.queues.teams.TeamFixtures.KEY;
import static dev.flightdeck.app.queues.teams.TeamFixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The keys the settings dialog offers for the team key: what the nodes carry, most common first. */
class NodeKeysTest {

    @Test
    void labelAndTaintKeysMostCommonFirstWithoutPerNodeOrValuelessKeys() {
        List<GpuNode> nodes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            TeamFixtures.Node n = node("n" + i).label("kubernetes.io/hostname", "n" + i)
                    .label("node-role.kubernetes.io/gpu", "");
            if (i < 7) {
                n.label(KEY, i < 4 ? "alpha" : "beta").taint(KEY, i < 4 ? "alpha" : "beta");
            }
            if (i >= 9) {
                n.taint("lab.example/pool", "spot");
            }
            nodes.add(n.build());
        }
        assertEquals(List.of(new NodeKeys.Offered("nvidia.com/gpu.present", 12), new NodeKeys.Offered(KEY, 7),
                new NodeKeys.Offered("lab.example/pool", 3)), NodeKeys.offered(nodes),
                "hostname differs on every node and the role label has no value: neither can name a team");
    }

    @Test
    void onAFewNodesAKeyWithAValueEachIsStillOffered() {
        List<GpuNode> nodes = List.of(node("a").label(KEY, "alpha").build(), node("b").label(KEY, "beta").build());
        assertEquals(List.of(new NodeKeys.Offered(KEY, 2), new NodeKeys.Offered("nvidia.com/gpu.present", 2)),
                NodeKeys.offered(nodes));
    }
}
