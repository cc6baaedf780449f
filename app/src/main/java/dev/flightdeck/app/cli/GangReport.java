package dev.flightdeck.app.cli;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.checkpoints.GpuHoursAtRisk;
import dev.flightdeck.app.fleet.Ages;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
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
        Map<GangVerdict, Integer> byVerdict = new EnumMap<>(GangVerdict.class);
        int haltedGpus = 0;
        double atRisk = 0;
        int unknown = 0;
        int atRiskGangs = 0;
        List<Gang> attention = new ArrayList<>();
        // Each gang's checkpoint is read once (an object-store read may be behind it).
        Map<Gang, CheckpointStatus> checkpointOf = new java.util.HashMap<>();
        for (Gang g : gangs) {
            atRiskGangs += g.atRisk() ? 1 : 0;
            byVerdict.merge(g.verdict(), 1, Integer::sum);
            CheckpointStatus ck = checkpoints.apply(g);
            checkpointOf.put(g, ck);
            if (g.verdict() == GangVerdict.HALTED) {
                haltedGpus += g.gpusTotal();
            }
            if (g.verdict() != GangVerdict.FINISHED && g.verdict() != GangVerdict.FAILED) {
                OptionalDouble hours = GpuHoursAtRisk.of(g.gpusTotal(), ck, now);
                if (hours.isPresent()) {
                    atRisk += hours.getAsDouble();
                } else {
                    unknown++;
                }
            }
            if (g.needsAttention()) {
                attention.add(g);
            }
        }
        attention.sort(Gang.WORST_FIRST); // the console's Gangs screen order
        List<String> details = new ArrayList<>();
        for (Gang g : attention) {
            String age = checkpointOf.get(g).age(now).map(Ages::format).orElse("unknown");
            details.add(g.key() + "  " + g.key().system().label() + "  " + g.statusLabel() + "  ranks "
                    + g.ready() + "/" + g.expected() + "  checkpoint " + age + "  " + g.reasonText());
        }
        StringBuilder head = new StringBuilder("gangs: ").append(gangs.size());
        for (GangVerdict v : GangVerdict.values()) {
            int n = byVerdict.getOrDefault(v, 0);
            if (n > 0) {
                head.append("; ").append(v.label()).append(' ').append(n);
            }
        }
        if (atRiskGangs > 0) {
            head.append("; at risk ").append(atRiskGangs);
        }
        head.append("; ").append(haltedGpus).append(" GPUs in halted gangs; ")
                .append(String.format(Locale.ROOT, "%.1f", atRisk)).append(" GPU-hours at risk since last checkpoint");
        if (unknown > 0) {
            head.append(" (").append(unknown).append(unknown == 1 ? " gang" : " gangs").append(" with no known checkpoint)");
        }
        List<String> out = new ArrayList<>();
        out.add(head.toString());
        out.addAll(details);
        return out;
    }
}
