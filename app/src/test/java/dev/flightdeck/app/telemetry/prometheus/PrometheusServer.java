package dev.flightdeck.app.telemetry.prometheus;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus (Debian's {@code prometheus} package, 2.42) for tests and the benchmark: history is backfilled
 * with {@code promtool tsdb create-blocks-from openmetrics}, then the server is started on that TSDB with no scrape
 * of its own, and stopped on {@link #close()}. It listens on this machine's first non-loopback IPv4 address when it
 * has one — the API server's service proxy refuses loopback endpoints, and that is how a test reaches it through the
 * real API server — else on loopback.
 */
final class PrometheusServer implements AutoCloseable {

    static final String HOW_TO_INSTALL = "install Debian's prometheus package (apt-get install prometheus: "
            + "/usr/bin/prometheus and /usr/bin/promtool), or put both on the PATH";

    private final Process process;
    private final String host;
    private final int port;
    private final Path dir;

    private PrometheusServer(Process process, String host, int port, Path dir) {
        this.process = process;
        this.host = host;
        this.port = port;
        this.dir = dir;
    }

    /** The server's CPU time so far (user and system, from /proc on Linux); zero where the OS does not say. */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** prometheus and promtool from the PATH; null when either is missing. */
    static Path binaries() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isBlank() && Files.isExecutable(Path.of(d, "prometheus")) && Files.isExecutable(Path.of(d, "promtool"))) {
                return Path.of(d);
            }
        }
        return null;
    }

    /** Backfills {@code openMetrics} into {@code tsdb} (promtool writes 2-hour blocks; runs may add overlapping ones). */
    static void backfill(Path bin, Path openMetrics, Path tsdb) throws IOException, InterruptedException {
        Files.createDirectories(tsdb);
        Path log = tsdb.resolveSibling("promtool.log");
        Process p = new ProcessBuilder(bin.resolve("promtool").toString(), "tsdb", "create-blocks-from", "openmetrics",
                openMetrics.toString(), tsdb.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("promtool could not backfill " + openMetrics + ": " + tail(log));
        }
    }

    /** Starts Prometheus on {@code tsdb} and waits until it says it is ready (at most {@code wait}). */
    static PrometheusServer start(Path bin, Path tsdb, Duration wait) throws IOException, InterruptedException {
        return start(bin, tsdb, wait, address());
    }

    /** As {@link #start(Path, Path, Duration)}, listening on {@code host} (loopback where no proxy must reach it). */
    static PrometheusServer start(Path bin, Path tsdb, Duration wait, String host) throws IOException, InterruptedException {
        Path dir = tsdb.getParent();
        Path config = dir.resolve("prometheus.yml");
        // No scrape of its own: the backfilled history is all it holds, so every figure is known.
        Files.writeString(config, "global:\n  scrape_interval: 1m\nscrape_configs: []\n");
        int port = freePort(host);
        Path log = dir.resolve("prometheus.log");
        Process p = new ProcessBuilder(bin.resolve("prometheus").toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + tsdb, "--storage.tsdb.retention.time=30d", "--web.listen-address=" + host + ":" + port,
                "--query.max-samples=500000000").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        PrometheusServer s = new PrometheusServer(p, host, port, dir);
        long deadline = System.nanoTime() + wait.toNanos();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IOException("prometheus exited with " + p.exitValue() + ": " + tail(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(s.url().resolve("/-/ready"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return s;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(100);
        }
        s.close();
        throw new IOException("prometheus not ready within " + wait.toSeconds() + " s: " + tail(log));
    }

    URI url() {
        return URI.create("http://" + host + ":" + port + "/");
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    Path dir() {
        return dir;
    }

    /** This machine's first non-loopback IPv4 address, else loopback. */
    static String address() {
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp()) {
                    continue;
                }
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        } catch (IOException e) {
            // loopback then
        }
        return "127.0.0.1";
    }

    static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = new ArrayList<>(Files.readAllLines(log));
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
