package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;

/**
 * Opens a cluster's Prometheus source: the one its settings name, else one found behind the API server's service
 * proxy ({@link PrometheusDiscovery}).
 */
public final class PrometheusSources {

    /** How long one query may take, the answer read whole (Prometheus is told one second less). */
    public static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);

    private PrometheusSources() {
    }

    /**
     * @param settings the cluster's Prometheus settings, or null to look for one
     * @throws TelemetryUnavailable no Prometheus named or found, or its settings cannot be used (a missing CA file),
     *                              in one line
     */
    public static PrometheusSource open(PrometheusSettings settings, KubeRest rest, GpuLabelMapping mapping)
            throws TelemetryUnavailable {
        return new PrometheusSource(new PrometheusClient(transport(settings, rest), QUERY_TIMEOUT), mapping,
                Clock.systemUTC(), false);
    }

    static PrometheusTransport transport(PrometheusSettings settings, KubeRest rest) throws TelemetryUnavailable {
        if (settings != null) {
            try {
                return new DirectTransport(settings, QUERY_TIMEOUT, PrometheusTransport.MAX_ANSWER_BYTES);
            } catch (IOException e) {
                throw new TelemetryUnavailable("Prometheus at " + settings.url() + ": " + e.getMessage(), e);
            }
        }
        try {
            PrometheusDiscovery.Found f = new PrometheusDiscovery(rest).find().orElseThrow(() -> new TelemetryUnavailable(
                    "no Prometheus found behind the API server (looked for prometheus-operated, *-kube-prometheus-prometheus, "
                            + "prometheus-k8s, prometheus-server in " + String.join(", ", PrometheusDiscovery.NAMESPACES)
                            + " and for Services labelled app.kubernetes.io/name=prometheus); set prometheus.url in the "
                            + "cluster's settings"));
            return new ServiceProxyTransport(rest, f.service(), f.port(), f.how(),
                    PrometheusTransport.MAX_ANSWER_BYTES);
        } catch (IOException e) {
            throw new TelemetryUnavailable("looking for a Prometheus: " + e.getMessage(), e);
        }
    }
}
