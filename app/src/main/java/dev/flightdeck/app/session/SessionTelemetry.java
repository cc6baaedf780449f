package dev.flightdeck.app.session;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryPoller;
import dev.flightdeck.app.telemetry.exporter.ExporterSource;
import dev.flightdeck.app.telemetry.prometheus.PrometheusProbe;
import dev.flightdeck.app.telemetry.prometheus.PrometheusSources;

import java.time.Duration;
import java.util.List;

/**
 * Where one session looks for GPU telemetry, in order (see {@link dev.flightdeck.app.telemetry.TelemetrySources}): the
 * Prometheus its settings name — and only that one, so a wrong URL says so instead of quietly reading elsewhere — else
 * a Prometheus behind the API server's service proxy, else the dcgm-exporter pods through the pod proxy. GPUs are placed
 * by the model's pods (the workload's, else the exporter's) and nodes.
 */
final class SessionTelemetry {

    private SessionTelemetry() {
    }

    static List<TelemetryPoller.SourceFinder> finders(ClusterConnection connection, SessionOptions options, ClusterModel fleet) {
        KubeRest rest = new KubeRest(connection.api());
        GpuLabelMapping mapping = mapping(fleet);
        if (options.prometheus() != null) {
            return List.of(() -> PrometheusSources.open(options.prometheus(), rest, mapping));
        }
        return List.of(() -> PrometheusSources.open(null, rest, mapping),
                () -> ExporterSource.findIn(connection, fleet::nodeOfPod, node -> fleet.node(node) != null));
    }

    /** One read of the Prometheus {@code settings} name (null: the one found), placed as the session places GPUs. */
    static PrometheusProbe.Result probe(ClusterConnection connection, ClusterModel fleet, PrometheusSettings settings,
                                        Duration window) {
        return PrometheusProbe.once(settings, new KubeRest(connection.api()), mapping(fleet), window);
    }

    private static GpuLabelMapping mapping(ClusterModel fleet) {
        return new GpuLabelMapping(fleet::nodeOfPod, node -> fleet.node(node) != null);
    }
}
