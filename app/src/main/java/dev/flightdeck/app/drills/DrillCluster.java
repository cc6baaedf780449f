package dev.flightdeck.app.drills;

import dev.flightdeck.app.sandbox.SandboxCluster;

import java.time.Instant;
import java.util.List;

/**
 * Starts the fresh sandbox a drill runs on, as its scenario describes it: the drill never
 * touches the cluster the user was looking at. Checkpoint ages are set from the drill's
 * start, so "last checkpoint 9 minutes ago" is true when the operator first looks.
 */
public final class DrillCluster {

    private DrillCluster() {
    }

    public static SandboxCluster start(Scenario scenario, Instant now) {
        List<SandboxCluster.DrillGang> gangs = scenario.cluster().gangs().stream()
                .map(g -> new SandboxCluster.DrillGang(g.namespace(), g.name(), g.ranks(), g.gpusPerRank(),
                        g.checkpointEvery(), now.minus(g.lastCheckpoint()), 1_000 + 100L * g.ranks()))
                .toList();
        return SandboxCluster.startForDrill(scenario.cluster().nodes(), gangs);
    }
}
