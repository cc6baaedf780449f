package dev.flightdeck.app.clusters;

import dev.flightdeck.app.nodes.NodeVerdict;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every open cluster's row, worst first, and the totals across the fleet (of the clusters that
 * could be read: a cluster that cannot be seen adds nothing, and {@link Totals#unreadable} says how
 * many those are).
 */
public record FleetOverview(Instant at, List<ClusterSummary> rows, Totals totals) {

    public record Totals(int clusters, int unreadable, int gpusUsable, int gpusTotal,
                         Map<NodeVerdict, Integer> nodesByVerdict, int gangsStopped, int gangsAtRisk,
                         double gpuHoursAtRisk, int gated, int cordoned) {

        public Totals {
            nodesByVerdict = Map.copyOf(nodesByVerdict);
        }

        public int nodes(NodeVerdict v) {
            return nodesByVerdict.getOrDefault(v, 0);
        }
    }

    public FleetOverview {
        rows = List.copyOf(rows);
    }

    /** Reads every cluster (off the FX thread) and sorts the rows worst first. */
    public static FleetOverview read(List<OpenCluster> clusters, Instant now) {
        List<ClusterSummary> rows = new ArrayList<>();
        for (OpenCluster c : clusters) {
            rows.add(ClusterSummaries.of(c, now));
        }
        return ofRows(rows, now);
    }

    public static FleetOverview ofRows(List<ClusterSummary> summaries, Instant now) {
        List<ClusterSummary> rows = new ArrayList<>(summaries);
        rows.sort(ClusterSummary.WORST_FIRST);
        int unreadable = 0;
        int usable = 0;
        int total = 0;
        Map<NodeVerdict, Integer> nodes = new EnumMap<>(NodeVerdict.class);
        int stopped = 0;
        int atRisk = 0;
        double hours = 0;
        int gated = 0;
        int cordoned = 0;
        for (ClusterSummary s : rows) {
            if (!s.connection().readable()) {
                unreadable++;
                continue;
            }
            usable += s.fleet().gpusUsable();
            total += s.fleet().gpusTotal();
            for (NodeVerdict v : NodeVerdict.values()) {
                nodes.merge(v, s.nodes(v), Integer::sum);
            }
            stopped += s.gangs().stopped();
            atRisk += s.gangs().atRiskGangs();
            hours += s.gangs().gpuHoursAtRisk();
            gated += s.fleet().gated();
            cordoned += s.fleet().cordoned();
        }
        return new FleetOverview(now, rows, new Totals(rows.size(), unreadable, usable, total, nodes, stopped, atRisk,
                hours, gated, cordoned));
    }

    /** The row to put in the status bar: the worst cluster's. */
    public ClusterSummary worst() {
        return rows.isEmpty() ? null : rows.getFirst();
    }
}
