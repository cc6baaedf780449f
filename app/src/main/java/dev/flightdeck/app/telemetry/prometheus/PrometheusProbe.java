package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.time.Duration;
import java.util.Locale;

/**
 * One read of a Prometheus as the settings dialog's Test button makes it, before anything is saved: the source opened
 * from the settings as entered (or looked for, when they name none), every query sent once, and what came of it in one
 * line: {@code Prometheus 2.42.0 at https://prom.lab: 4,096 GPUs on 512 nodes}, or what went wrong.
 */
public final class PrometheusProbe {

    /** What the read came to; {@code ok} when GPUs were read, even with some queries refused (said in the line). */
    public record Result(boolean ok, String line) {
    }

    private PrometheusProbe() {
    }

    /**
     * Blocking (one refresh's queries): call it off the FX thread.
     *
     * @param settings the Prometheus as entered, or null to look for one behind the API server
     * @param rest     the cluster connection to look through, or null when no session is at hand
     * @param mapping  how series are placed on nodes
     * @param window   the stall window the utilisation maximum is asked over
     */
    public static Result once(PrometheusSettings settings, KubeRest rest, GpuLabelMapping mapping, Duration window) {
        if (settings == null && rest == null) {
            return new Result(false, "no connection to this cluster to look for a Prometheus through: enter its URL, "
                    + "or connect first");
        }
        PrometheusSource source;
        try {
            source = PrometheusSources.open(settings, rest, mapping);
        } catch (TelemetryUnavailable e) {
            return new Result(false, e.getMessage());
        }
        String version = source.serverVersion();
        String where = settings != null ? "at " + settings.url()
                + (settings.insecureSkipTlsVerify() && "https".equals(settings.url().getScheme()) ? " (TLS not verified)" : "")
                : source.describe();
        String what = "Prometheus" + (version == null ? "" : " " + version) + (settings != null ? " " : ", ") + where;
        TelemetryFrame frame;
        try {
            frame = source.read(window);
        } catch (TelemetryUnavailable e) {
            return new Result(false, e.getMessage());
        } catch (RuntimeException e) {
            return new Result(false, what + ": reading it failed (" + e + ")");
        }
        long nodes = frame.gpus().stream().map(g -> g.placement().node()).distinct().count();
        int gpus = frame.gpus().size();
        StringBuilder line = new StringBuilder(what).append(": ");
        line.append(gpus == 0 ? "no GPUs" : String.format(Locale.ROOT, "%,d GPU%s on %,d node%s", gpus, gpus == 1 ? "" : "s",
                nodes, nodes == 1 ? "" : "s"));
        if (!frame.problems().isEmpty()) {
            line.append("; ").append(frame.problems().size() == 1 ? "" : frame.problems().size() + " problems, the first: ")
                    .append(frame.problems().getFirst());
        }
        return new Result(gpus > 0, line.toString());
    }
}
