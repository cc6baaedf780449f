package dev.flightdeck.app.cli;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.checkpoints.GangRisk;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The gangs section of {@code check}: a summary line (gangs by verdict, how many are at risk,
 * GPUs in halted gangs, GPU-hours at risk), then one line per gang that needs attention — it
 * cannot make progress, or it runs with a rank on an untrusted or not-ready node, as the console's
 * "running · at risk" — worst first:
 * {@code <ns>/<name>  <system>  <verdict>[ · at risk]  ranks <ready>/<expected>  checkpoint <age|unknown>  <reasons>}.
 */
public final class GangReport {

    private GangReport() {
    }

    public static List<String> lines(List<Gang> gangs, Function<Gang, CheckpointStatus> checkpoints, Instant now) {
        GangRisk risk = GangRisk.of(gangs, checkpoints, now);
        Map<dev.flightdeck.app.gangs.GangKey, CheckpointStatus> checkpointOf = risk.checkpoints();
        List<Gang> attention = new ArrayList<>(gangs.stream().filter(Gang::needsAttention).toList());
        attention.sort(Gang.WORST_FIRST); // the console's Gangs screen order
        List<String> details = new ArrayList<>();
        for (Gang g : attention) {
            String age = checkpointOf.get(g.key()).age(now).map(Ages::format).orElse("unknown");
            details.add(g.key() + "  " + g.key().system().label() + "  " + g.statusLabel() + "  ranks "
                    + g.ready() + "/" + g.expected() + "  checkpoint " + age + "  " + g.reasonText());
        }
        StringBuilder head = new StringBuilder("gangs: ").append(gangs.size());
        for (GangVerdict v : GangVerdict.values()) {
            int n = risk.count(v);
            if (n > 0) {
                head.append("; ").append(v.label()).append(' ').append(n);
            }
        }
        if (risk.atRiskGangs() > 0) {
            head.append("; at risk ").append(risk.atRiskGangs());
        }
        head.append("; ").append(risk.haltedGpus()).append(" GPUs in halted gangs; ")
                .append(String.format(Locale.ROOT, "%.1f", risk.gpuHoursAtRisk()))
                .append(" GPU-hours at risk since last checkpoint");
        int unknown = risk.noCheckpoint();
        if (unknown > 0) {
            head.append(" (").append(unknown).append(unknown == 1 ? " gang" : " gangs").append(" with no known checkpoint)");
        }
        List<String> out = new ArrayList<>();
        out.add(head.toString());
        out.addAll(details);
        return out;
    }
}
