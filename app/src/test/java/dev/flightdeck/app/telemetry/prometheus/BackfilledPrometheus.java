package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.DcgmField;

import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real Prometheus for tests outside this package that bring series of their own: an hour of dcgm-exporter series for
 * the GPU nodes they name, as kube-prometheus-stack scrapes the exporter through a ServiceMonitor (the workload in
 * {@code exported_pod}/{@code exported_namespace}, the exporter pod in {@code pod}/{@code namespace}), ending at the
 * moment it is started. The session's source asks Prometheus for its own "now", not a pinned instant, so the history
 * must end at the real time; queries within Prometheus's 5-minute lookback after {@link #end()} read its last samples.
 * Listens on loopback.
 */
public final class BackfilledPrometheus implements AutoCloseable {

    /**
     * A GPU node: its dcgm-exporter pod (in {@link #EXPORTER_NAMESPACE}) and the pod holding its 8 GPUs, if any, for
     * the whole hour or only for the last {@code heldFor}: before it the exporter wrote the GPUs' series without a
     * workload, and from then on with the pod's labels, new series as dcgm-exporter's Kubernetes mapping makes them.
     */
    public record GpuNode(String name, String exporterPod, String workloadNamespace, String workloadPod, Duration heldFor) {

        public GpuNode(String name, String exporterPod, String workloadNamespace, String workloadPod) {
            this(name, exporterPod, workloadNamespace, workloadPod, null);
        }
    }

    /** A GPU's value of a field {@code ago} seconds before the end, or null for no sample then. */
    @FunctionalInterface
    public interface Values {
        Double value(DcgmField field, String node, int gpu, long ago);
    }

    public static final String EXPORTER_NAMESPACE = DcgmOpenMetrics.EXPORTER_NAMESPACE;
    /** The history's length and its samples' spacing (a 30 s scrape interval). */
    public static final Duration SPAN = Duration.ofHours(1);
    public static final Duration STEP = Duration.ofSeconds(30);

    private final PrometheusServer server;
    private final Instant end;

    private BackfilledPrometheus(PrometheusServer server, Instant end) {
        this.server = server;
        this.end = end;
    }

    /**
     * The one line to skip with where prometheus or promtool is missing; null to run: both are there, or
     * {@code FLIGHTDECK_REQUIRE_KUBE} is set (CI), where a missing binary must fail {@link #start} instead.
     */
    public static String whySkip() {
        return PrometheusServer.binaries() != null || RealPrometheus.required(System.getenv()) ? null
                : "real-Prometheus lane skipped: " + missing();
    }

    private static String missing() {
        return "prometheus and promtool are not on the PATH; " + PrometheusServer.HOW_TO_INSTALL;
    }

    /** Writes the hour ending now, backfills it with promtool and starts Prometheus on it. */
    public static BackfilledPrometheus start(List<GpuNode> nodes, Values values) throws IOException, InterruptedException {
        Path bin = PrometheusServer.binaries();
        if (bin == null) {
            throw new IOException(missing());
        }
        Path dir = RealPrometheus.workDir();
        Instant end = Instant.ofEpochSecond(Instant.now().getEpochSecond());
        List<DcgmOpenMetrics.Node> shaped = new ArrayList<>();
        Map<String, Long> heldSince = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            GpuNode n = nodes.get(i);
            Map<Integer, DcgmOpenMetrics.Workload> held = new HashMap<>();
            for (int gpu = 0; gpu < 8 && n.workloadPod() != null; gpu++) {
                held.put(gpu, new DcgmOpenMetrics.Workload(n.workloadNamespace(), n.workloadPod(), "trainer"));
            }
            if (n.heldFor() != null && !held.isEmpty()) {
                heldSince.put(n.name(), n.heldFor().toSeconds());
                shaped.add(shape(n, i, Map.of()));
            }
            shaped.add(shape(n, i, held));
        }
        Path om = dir.resolve("dcgm.om");
        try (BufferedWriter w = Files.newBufferedWriter(om, StandardCharsets.UTF_8)) {
            new DcgmOpenMetrics(w, end.getEpochSecond(), SPAN.toSeconds(), STEP.toSeconds()).writeAll(shaped,
                    (f, n, gpu, ago) -> {
                        Long since = heldSince.get(n.name());
                        boolean heldSeries = !n.workloads().isEmpty();
                        // Each series only while its labels were the exporter's: unheld until the pod came, held since.
                        if (since != null && (heldSeries ? ago > since : ago <= since)) {
                            return null;
                        }
                        return values.value(f, n.name(), gpu, ago);
                    });
        }
        PrometheusServer.backfill(bin, om, dir.resolve("tsdb"));
        return new BackfilledPrometheus(PrometheusServer.start(bin, dir.resolve("tsdb"), Duration.ofSeconds(60), "127.0.0.1"),
                end);
    }

    private static DcgmOpenMetrics.Node shape(GpuNode n, int index, Map<Integer, DcgmOpenMetrics.Workload> held) {
        // Profiling (DCP) off: utilisation is GPU_UTIL, as a default install without the profiling counters has it.
        return new DcgmOpenMetrics.Node(n.name(), index, DcgmOpenMetrics.Shape.SERVICE_MONITOR, n.exporterPod(),
                "10.8.1." + (10 + index), false, false, held);
    }

    /** Where it answers, without a trailing slash: {@code http://127.0.0.1:PORT}. */
    public URI url() {
        return URI.create(server.url().toString().replaceAll("/$", ""));
    }

    /** The instant its history ends. */
    public Instant end() {
        return end;
    }

    @Override
    public void close() {
        server.close();
    }
}
