package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.views.telemetry.TelemetrySnapshot;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How busy each rank's GPUs are: the mean utilisation of the GPUs whose series name the rank's pod in the gang's
 * namespace (dcgm-exporter's Kubernetes mapping), NaN for a rank with none. A pure function of one gang and one
 * telemetry snapshot; costs the gang's ranks, looked up in the frame's pod index.
 *
 * @param note one line under the map: the gang's mean and how many ranks have no series, or why there is no telemetry
 */
public record RankUtilisation(Map<RankSlot, Double> byRank, int withData, double gangMean, String note) {

    public static final RankUtilisation NONE = new RankUtilisation(Map.of(), 0, Double.NaN, "");

    public static RankUtilisation of(Gang gang, TelemetrySnapshot telemetry) {
        if (gang == null) {
            return NONE;
        }
        Map<RankSlot, Double> byRank = new IdentityHashMap<>(gang.ranks().size() * 2);
        if (telemetry == null || !telemetry.hasFrame()) {
            String why = telemetry == null ? "no GPU telemetry" : telemetry.whyNone();
            return new RankUtilisation(byRank, 0, Double.NaN, why);
        }
        int withData = 0;
        double sum = 0;
        for (RankSlot s : gang.ranks()) {
            double u = mean(telemetry.frame().ofPod(gang.key().namespace(), s.pod()));
            byRank.put(s, u);
            if (!Double.isNaN(u)) {
                withData++;
                sum += u;
            }
        }
        double gangMean = withData == 0 ? Double.NaN : sum / withData;
        int without = gang.ranks().size() - withData;
        String note = withData == 0 ? "no GPU series name this gang's pods"
                : String.format(Locale.ROOT, "mean %.0f%% over %d rank%s", gangMean, withData, withData == 1 ? "" : "s")
                + (without == 0 ? "" : " · " + without + (without == 1 ? " rank" : " ranks") + " without GPU series");
        return new RankUtilisation(byRank, withData, gangMean, note);
    }

    /** The rank's GPUs' mean utilisation in percent, NaN when none of its GPUs is in the telemetry. */
    public double of(RankSlot slot) {
        Double u = byRank.get(slot);
        return u == null ? Double.NaN : u;
    }

    private static double mean(List<GpuSignals> gpus) {
        double sum = 0;
        int n = 0;
        for (GpuSignals g : gpus) {
            double u = g.utilPercent();
            if (!Double.isNaN(u)) {
                sum += u;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
