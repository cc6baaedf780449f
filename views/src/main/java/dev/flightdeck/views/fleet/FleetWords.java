package dev.flightdeck.views.fleet;

import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.clusters.FleetOverview;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.pressure.Level;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The fleet overview in words: a cluster's trouble in one phrase, the totals line, the status bar's line. */
public final class FleetWords {

    private FleetWords() {
    }

    /** "cannot connect", "2 gangs halted · 1 at risk · 16 GPUs out", or "healthy". */
    public static String trouble(ClusterSummary s) {
        if (!s.connection().readable()) {
            return s.connection().label();
        }
        List<String> parts = new ArrayList<>();
        if (s.connection() != ClusterSummary.Connection.LIVE) {
            parts.add(s.connection().label());
        }
        if (s.gangs().stopped() > 0) {
            parts.add(s.gangs().stopped() + (s.gangs().stopped() == 1 ? " gang halted" : " gangs halted"));
        }
        if (s.gangs().atRiskGangs() > 0) {
            parts.add(s.gangs().atRiskGangs() + " at risk");
        }
        if (s.gpusOutOfService() > 0) {
            parts.add(s.gpusOutOfService() + " GPUs out");
        }
        if (s.pressureLevel() != null && s.pressureLevel() != Level.OK) {
            parts.add("API " + s.pressureLevel().name().toLowerCase(Locale.ROOT));
        }
        return parts.isEmpty() ? "healthy" : String.join(" · ", parts);
    }

    /** The totals above the table, on two lines: clusters, GPUs and nodes; then gangs and what is at risk. */
    public static String totals(FleetOverview.Totals t) {
        StringBuilder b = new StringBuilder();
        b.append(t.clusters()).append(t.clusters() == 1 ? " cluster" : " clusters");
        if (t.unreadable() > 0) {
            b.append(" (").append(t.unreadable()).append(" not readable)");
        }
        b.append(String.format(Locale.ROOT, " · %,d / %,d GPUs usable", t.gpusUsable(), t.gpusTotal()));
        int out = 0;
        for (NodeVerdict v : NodeVerdict.values()) {
            if (v != NodeVerdict.TRUSTED) {
                out += t.nodes(v);
            }
        }
        b.append(String.format(Locale.ROOT, " · %,d nodes need attention", out));
        b.append('\n').append(t.gangsStopped()).append(" gangs halted, ").append(t.gangsAtRisk()).append(" at risk");
        b.append(String.format(Locale.ROOT, " · %.1f GPU-hours at risk", t.gpuHoursAtRisk()));
        b.append(" · gated ").append(t.gated()).append(", cordoned ").append(t.cordoned());
        return b.toString();
    }

    /** For the status bar: the worst cluster and how many others need attention; empty with one cluster. */
    public static String status(FleetOverview o) {
        if (o.rows().size() < 2) {
            return "";
        }
        ClusterSummary worst = o.worst();
        long others = o.rows().stream().skip(1).filter(ClusterSummary::needsAttention).count();
        if (!worst.needsAttention()) {
            return "fleet: all " + o.rows().size() + " clusters healthy";
        }
        return "fleet: " + worst.name() + " " + trouble(worst)
                + (others == 0 ? " · the other " + (o.rows().size() - 1) + " healthy"
                : " · " + others + " more of " + o.rows().size() + " clusters need attention");
    }
}
