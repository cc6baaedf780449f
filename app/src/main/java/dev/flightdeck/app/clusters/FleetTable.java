package dev.flightdeck.app.clusters;

import dev.flightdeck.app.connect.TlsVerification;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.nodes.NodeVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The fleet overview as plain text, the head of {@code check --context a,b,c}: the totals line, then
 * one line per cluster, worst first, in stable columns for scripts:
 * {@code <context>  <connection>  data <age>  gpus <usable>/<total>  nodes <verdict counts>  gangs halted <n> at-risk <n>
 * gpu-h <n>  gated <n>  cordoned <n>  api <headline>}, and last {@code TLS verification off (kubeconfig)} when its
 * kubeconfig entry says so.
 */
public final class FleetTable {

    private FleetTable() {
    }

    public static List<String> lines(FleetOverview o) {
        List<String> out = new ArrayList<>();
        FleetOverview.Totals t = o.totals();
        out.add("fleet: " + t.clusters() + (t.clusters() == 1 ? " cluster" : " clusters")
                + (t.unreadable() > 0 ? " (" + t.unreadable() + " not readable)" : "")
                + "; " + t.gpusUsable() + "/" + t.gpusTotal() + " GPUs usable; " + verdicts(t)
                + "; gangs halted " + t.gangsStopped() + ", at risk " + t.gangsAtRisk() + "; "
                + String.format(Locale.ROOT, "%.1f", t.gpuHoursAtRisk()) + " GPU-hours at risk; gated " + t.gated()
                + ", cordoned " + t.cordoned());
        int width = o.rows().stream().mapToInt(r -> r.name().length()).max().orElse(0);
        for (ClusterSummary r : o.rows()) {
            StringBuilder b = new StringBuilder(pad(r.name(), width)).append("  ").append(pad(r.connection().label(), 14));
            if (!r.connection().readable()) {
                out.add(b.append("  ").append(r.connectionWords()).append(tls(r)).toString());
                continue;
            }
            b.append("  data ").append(r.dataAge() == null ? "unknown" : Ages.format(r.dataAge()))
                    .append("  gpus ").append(r.fleet().gpusUsable()).append('/').append(r.fleet().gpusTotal())
                    .append("  nodes ").append(nodeCounts(r))
                    .append("  gangs halted ").append(r.gangs().stopped()).append(" at-risk ").append(r.gangs().atRiskGangs())
                    .append("  gpu-h ").append(String.format(Locale.ROOT, "%.1f", r.gangs().gpuHoursAtRisk()))
                    .append("  gated ").append(r.fleet().gated()).append("  cordoned ").append(r.fleet().cordoned())
                    .append("  api ").append(r.pressureHeadline());
            if (r.connection() != ClusterSummary.Connection.LIVE) {
                b.append("  (").append(r.connectionWords()).append(')');
            }
            out.add(b.append(tls(r)).toString());
        }
        return out;
    }

    /** Last on the row, so the columns before it stay where scripts expect them. */
    private static String tls(ClusterSummary r) {
        return r.tlsVerificationOff() ? "  " + TlsVerification.OFF : "";
    }

    private static String verdicts(FleetOverview.Totals t) {
        List<String> parts = new ArrayList<>();
        for (NodeVerdict v : NodeVerdict.values()) {
            if (t.nodes(v) > 0) {
                parts.add(v.label() + " " + t.nodes(v));
            }
        }
        return parts.isEmpty() ? "no GPU nodes" : "nodes " + String.join(", ", parts);
    }

    /** "trusted 58, untrusted 2, not ready 1" with the worst first; every verdict present is named. */
    private static String nodeCounts(ClusterSummary r) {
        List<String> parts = new ArrayList<>();
        for (NodeVerdict v : NodeVerdict.values()) {
            if (r.nodes(v) > 0) {
                parts.add(v.label().replace(' ', '-') + " " + r.nodes(v));
            }
        }
        return parts.isEmpty() ? "none" : String.join(" ", parts);
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
