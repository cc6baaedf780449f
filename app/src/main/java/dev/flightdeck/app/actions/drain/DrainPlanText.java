package dev.flightdeck.app.actions.drain;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A drain plan as plain text: for {@code flightdeck plan drain}, and the journal's plan entry. */
public final class DrainPlanText {

    private DrainPlanText() {
    }

    public static List<String> lines(DrainPlan p) {
        List<String> out = new ArrayList<>();
        out.add("drain " + p.node() + ": " + (p.canProceed()
                ? "would cordon it and evict " + p.evict().size() + (p.evict().size() == 1 ? " pod" : " pods")
                : !p.blockers().isEmpty()
                ? "REFUSED before evicting anything: " + p.blockers().size() + " pod(s) would be lost without consent"
                : "REFUSED by the circuit breaker: too much of the fleet would be out of service"));
        if (p.breaker() != null) {
            out.add(p.breaker().line());
        }
        if (!p.broken().isEmpty()) {
            double hours = p.broken().stream().mapToDouble(b -> b.gpuHoursAtRisk().orElse(0)).sum();
            boolean unknown = p.broken().stream().anyMatch(b -> b.gpuHoursAtRisk().isEmpty());
            out.add("breaks " + p.broken().size() + (p.broken().size() == 1 ? " gang" : " gangs") + ", "
                    + p.gpusInBrokenGangs() + " GPUs, " + String.format(Locale.ROOT, "%.1f", hours)
                    + " GPU-hours at risk since their last checkpoints" + (unknown ? " (plus gangs with no known checkpoint)" : "")
                    + "; confirm by typing the node name");
            for (BrokenGang b : p.broken()) {
                out.add("  gang   " + b.key().namespace() + "/" + b.key().name() + "  " + b.key().system().label()
                        + "  ranks " + b.ranksOnNode() + " here  " + b.gpus() + " GPUs  checkpoint "
                        + (b.checkpointAge() == null ? "unknown" : dev.flightdeck.app.nodes.Ages.format(b.checkpointAge()))
                        + "  " + (b.gpuHoursAtRisk().isPresent()
                        ? String.format(Locale.ROOT, "%.1f GPU-hours at risk", b.gpuHoursAtRisk().getAsDouble())
                        : "GPU-hours at risk unknown"));
            }
        }
        for (DrainPlan.Blocker b : p.blockers()) {
            out.add("  BLOCKS " + b.pod().ref() + "  " + b.why() + " (needs consent: " + b.consent() + ")");
        }
        for (DrainPlan.Eviction e : p.evict()) {
            out.add("  evict  " + e.pod().ref() + "  " + e.note());
        }
        for (DrainPlan.Skip s : p.skipped()) {
            out.add("  skip   " + s.pod().ref() + "  " + s.why());
        }
        for (PdbHold h : p.pdbs()) {
            out.add("  budget " + h.namespace() + "/" + h.name() + "  allows " + h.disruptionsAllowed() + " disruption(s) now, covers "
                    + h.pods().size() + " pod(s) here" + (h.holds() ? ": evictions will wait (retried every 5 s until the timeout)" : ""));
        }
        return out;
    }
}
