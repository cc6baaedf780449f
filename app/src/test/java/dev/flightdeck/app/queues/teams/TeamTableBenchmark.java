package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.nodes.ClusterSnapshot;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.TeamKey;
import dev.flightdeck.sandbox.SandboxCluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the team table costs at the scale: a sandbox of {@code -Dnodes=7500} GPU nodes with {@code -Dgangs=1000}
 * Indexed Job gangs of {@code -Dranks=100} ranks (100k pods), teams by the sandbox's zone label (three). Prints the
 * median of {@code -Drounds=20} for the model snapshot, the gang list, the table itself and the keys the settings
 * dialog offers, and the table's rows. Figures, not verdicts: the Nodes screen makes the table every 5 s off the FX
 * thread, {@code check} once. Run as {@link dev.flightdeck.app.telemetry.exporter.ExporterSourceBenchmark} says, with
 * this class's name.
 */
public final class TeamTableBenchmark {

    public static void main(String[] args) throws Exception {
        int nodes = Integer.getInteger("nodes", 7_500);
        int gangs = Integer.getInteger("gangs", 1_000);
        int ranks = Integer.getInteger("ranks", 100);
        int rounds = Integer.getInteger("rounds", 20);
        TeamKey key = new TeamKey("topology.kubernetes.io/zone");
        long t0 = System.nanoTime();
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startGangLoad(nodes, gangs, ranks));
             ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox),
                     SessionOptions.DEFAULTS.with(ClusterSettings.DEFAULTS.withTeamKey(key)))) {
            if (!session.awaitSynced(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("did not sync: " + session.health().describe());
            }
            System.out.printf("sandbox: %,d nodes, %,d pods, %,d gangs, synced in %.1f s%n", nodes,
                    session.model().podCount(), session.model().gangs().size(), (System.nanoTime() - t0) / 1e9);
            List<Double> snap = new ArrayList<>();
            List<Double> gangList = new ArrayList<>();
            List<Double> table = new ArrayList<>();
            List<Double> keys = new ArrayList<>();
            TeamTable last = null;
            for (int r = 0; r <= rounds; r++) {
                long t = System.nanoTime();
                ClusterSnapshot s = session.model().snapshot();
                double a = ms(t);
                t = System.nanoTime();
                List<Gang> g = session.model().gangs();
                double b = ms(t);
                t = System.nanoTime();
                last = TeamTable.of(key, s.nodes(), g);
                double c = ms(t);
                t = System.nanoTime();
                List<NodeKeys.Offered> offered = NodeKeys.offered(s.nodes());
                double d = ms(t);
                if (r > 0) { // the first round warms the JIT
                    snap.add(a);
                    gangList.add(b);
                    table.add(c);
                    keys.add(d);
                } else {
                    System.out.println("keys offered: " + offered.stream().limit(6).toList());
                }
            }
            System.out.printf("median of %d: snapshot %.1f ms, gangs %.1f ms, team table %.1f ms, keys offered %.1f ms%n",
                    rounds, median(snap), median(gangList), median(table), median(keys));
            TeamReport.lines(last).forEach(System.out::println);
        }
        System.exit(0);
    }

    private static double ms(long since) {
        return (System.nanoTime() - since) / 1e6;
    }

    private static double median(List<Double> xs) {
        List<Double> sorted = new ArrayList<>(xs);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
