package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.settings.PrometheusSettings;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.TelemetryFrame;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The Prometheus source at fleet scale (not a test: it prints figures). A real Prometheus is backfilled with an hour
 * of dcgm-exporter series for {@code -Dnodes} nodes × 8 GPUs ({@code -Dstep} seconds apart, ServiceMonitor shape,
 * half the GPUs with a workload), then each of the source's queries is timed on its own (ms, bytes, series), then
 * whole reads, alternately with the queries sent one after another and {@link PrometheusSource#IN_FLIGHT} at once
 * ({@code -Drounds} of each, 4 by default; the wall time, and the CPU Prometheus and the console spent), and the heap
 * after one. Run: {@code mvn -pl app -am -Pprom-bench -DskipTests verify
 * [-Dbench.prom.nodes=7500 -Dbench.prom.step=60 -Dbench.prom.reuse=true]}; the data goes to target/prom-bench
 * (removed first, unless {@code reuse} asks to measure again on it: the hour has to be within Prometheus's
 * retention and the queries are pinned to its end, so it can be re-read for days).
 */
public final class PrometheusTelemetryBench {

    public static void main(String[] args) throws Exception {
        int nodes = Integer.getInteger("nodes", 7500);
        long step = Long.getLong("step", 60);
        int batch = Integer.getInteger("batch", 1000);
        Path bin = PrometheusServer.binaries();
        if (bin == null) {
            System.out.println("prom-bench: " + PrometheusServer.HOW_TO_INSTALL);
            System.exit(2);
        }
        Path dir = Path.of(System.getProperty("dir", "target/prom-bench")).toAbsolutePath();
        if (Boolean.getBoolean("reuse") && Files.isDirectory(dir.resolve("tsdb"))) {
            // Measure again on the TSDB a former run backfilled (and Prometheus has since compacted), same hour.
            Instant end = Instant.ofEpochSecond(Long.parseLong(Files.readString(dir.resolve("end")).strip()));
            System.out.printf("prom-bench: %d nodes, reusing %s (ends %s)%n", nodes, dir, end);
            long t0 = System.nanoTime();
            try (PrometheusServer server = PrometheusServer.start(bin, dir.resolve("tsdb"), Duration.ofMinutes(20))) {
                System.out.printf("prom-bench: Prometheus 2.42 ready in %.1f s%n", (System.nanoTime() - t0) / 1e9);
                measure(server, end, fleet(nodes));
            }
            return;
        }
        if (Files.exists(dir)) {
            try (var all = Files.walk(dir)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(dir);
        Instant end = Instant.ofEpochSecond(Instant.now().getEpochSecond());
        Files.writeString(dir.resolve("end"), Long.toString(end.getEpochSecond()));
        List<DcgmOpenMetrics.Node> fleet = fleet(nodes);
        System.out.printf("prom-bench: %d nodes × 8 GPUs, 1 h every %d s, %d fields%n", nodes, step,
                java.util.Arrays.stream(DcgmField.values()).filter(DcgmOpenMetrics::exportedByDefault).count());
        long written = 0;
        long genNanos = 0;
        long fillNanos = 0;
        for (int from = 0; from < nodes; from += batch) {
            Path om = dir.resolve("batch.om");
            long t0 = System.nanoTime();
            try (BufferedWriter w = Files.newBufferedWriter(om, StandardCharsets.UTF_8)) {
                new DcgmOpenMetrics(w, end.getEpochSecond(), TestFleet.SPAN, step)
                        .writeAll(fleet.subList(from, Math.min(nodes, from + batch)), PrometheusTelemetryBench::value);
            }
            long t1 = System.nanoTime();
            written += Files.size(om);
            PrometheusServer.backfill(bin, om, dir.resolve("tsdb"));
            fillNanos += System.nanoTime() - t1;
            genNanos += t1 - t0;
            Files.delete(om);
        }
        System.out.printf("prom-bench: OpenMetrics written: %.1f GB in %.0f s; promtool backfill: %.0f s%n",
                written / 1e9, genNanos / 1e9, fillNanos / 1e9);
        long t0 = System.nanoTime();
        try (PrometheusServer server = PrometheusServer.start(bin, dir.resolve("tsdb"), Duration.ofMinutes(20))) {
            System.out.printf("prom-bench: Prometheus 2.42 ready in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            measure(server, end, fleet);
        }
    }

    private static void measure(PrometheusServer server, Instant end, List<DcgmOpenMetrics.Node> fleet) throws Exception {
        Duration window = Duration.ofMinutes(10);
        Duration timeout = Duration.ofSeconds(120);
        PrometheusClient client = new PrometheusClient(new DirectTransport(PrometheusSettings.of(server.url()), timeout,
                PrometheusTransport.MAX_ANSWER_BYTES), timeout);
        Map<String, String> queries = new LinkedHashMap<>();
        for (DcgmField f : DcgmField.values()) {
            queries.put(f.metric(), DcgmQueries.latest(f));
        }
        queries.put("max_over_time(GPU_UTIL[10m])", DcgmQueries.maxOverWindow(DcgmField.GPU_UTIL, window));
        queries.put("max_over_time(GR_ENGINE_ACTIVE[10m])", DcgmQueries.maxOverWindow(DcgmField.GR_ENGINE_ACTIVE, window));
        queries.put("changes(XID_ERRORS[10m]) > 0", DcgmQueries.xidChanged(window));
        System.out.println("prom-bench: per query (second run; the first warms Prometheus's page cache):");
        long totalMs = 0;
        for (int run = 0; run < 2; run++) {
            for (Map.Entry<String, String> q : queries.entrySet()) {
                long before = client.bytesRead();
                long t0 = System.nanoTime();
                int series = client.query(q.getValue(), end).size();
                long ms = (System.nanoTime() - t0) / 1_000_000;
                if (run == 1) {
                    totalMs += ms;
                    System.out.printf("  %-45s %6d ms %8.1f MB %7d series%n", q.getKey(), ms,
                            (client.bytesRead() - before) / 1e6, series);
                }
            }
        }
        System.out.printf("prom-bench: %d queries one after another: %d ms%n", queries.size(), totalMs);
        Map<String, String> pods = new HashMap<>();
        for (DcgmOpenMetrics.Node n : fleet) {
            pods.put(DcgmOpenMetrics.EXPORTER_NAMESPACE + "/" + n.exporterPod(), n.name());
            n.workloads().values().forEach(w -> pods.put(w.namespace() + "/" + w.pod(), n.name()));
        }
        Set<String> names = fleet.stream().map(DcgmOpenMetrics.Node::name).collect(Collectors.toSet());
        GpuLabelMapping mapping = new GpuLabelMapping((ns, pod) -> pods.get(ns + "/" + pod), names::contains);
        // One after another (as before QueriesInFlight) and as the console sends them, alternated so that a change in
        // this shared machine's load weighs on both alike; the CPU each side spent says what bounds the time.
        int rounds = Integer.getInteger("rounds", 4);
        Map<Integer, List<Long>> wall = new LinkedHashMap<>();
        TelemetryFrame frame = null;
        for (int round = 1; round <= rounds; round++) {
            for (int inFlight : new int[]{1, PrometheusSource.IN_FLIGHT}) {
                PrometheusSource source = new PrometheusSource(client, mapping, Clock.fixed(end, ZoneOffset.UTC), true,
                        inFlight);
                long bytes = client.bytesRead();
                long cpu = processCpuNanos();
                Duration serverCpu = server.cpu();
                long t0 = System.nanoTime();
                frame = source.read(window);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                wall.computeIfAbsent(inFlight, k -> new ArrayList<>()).add(ms);
                System.out.printf("prom-bench: whole read %d, %d in flight: %6d ms, %.0f MB, CPU: Prometheus %.1f s, console "
                        + "%.1f s; load %s; %d GPUs, %d unplaced, %d problems%n", round, inFlight, ms,
                        (client.bytesRead() - bytes) / 1e6, server.cpu().minus(serverCpu).toMillis() / 1e3,
                        (processCpuNanos() - cpu) / 1e9, loadAverage(), frame.gpus().size(), frame.unplaced(),
                        frame.problems().size());
            }
        }
        wall.forEach((inFlight, ms) -> System.out.printf("prom-bench: %d in flight: median %d ms of %s%n", inFlight,
                ms.stream().sorted().toList().get(ms.size() / 2), ms));
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.out.printf("prom-bench: heap after a read, the frame held: %.0f MB (max %.0f MB); %d GPUs in it%n",
                (rt.totalMemory() - rt.freeMemory()) / 1e6, rt.maxMemory() / 1e6, frame.gpus().size());
    }

    /** The 1-minute load average, where the OS says it (the machine is shared: other work shows here). */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    /** This JVM's CPU time so far (the console's side: reading and parsing the answers, the join). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** ServiceMonitor shape (the common production one), every other GPU running a node's workload pod. */
    static List<DcgmOpenMetrics.Node> fleet(int nodes) {
        List<DcgmOpenMetrics.Node> out = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            DcgmOpenMetrics.Workload w = new DcgmOpenMetrics.Workload("training", "job-" + i / 64 + "-worker-" + i % 64,
                    "trainer");
            out.add(new DcgmOpenMetrics.Node(String.format("gpu-node-%05d", i), i, DcgmOpenMetrics.Shape.SERVICE_MONITOR,
                    String.format("nvidia-dcgm-exporter-%05x", i * 7919 % 0xfffff), "10.%d.%d.%d".formatted(i >> 16 & 255,
                    i >> 8 & 255, i & 255), true, false, Map.of(0, w, 2, w, 4, w, 6, w)));
        }
        return out;
    }

    static Double value(DcgmField f, DcgmOpenMetrics.Node n, int gpu, long ago) {
        return TestFleet.value(f, n, gpu, ago);
    }

    private PrometheusTelemetryBench() {
    }
}
