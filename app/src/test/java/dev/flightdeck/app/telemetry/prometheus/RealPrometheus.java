package dev.flightdeck.app.telemetry.prometheus;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * JUnit 5 extension for the real-Prometheus lane: {@code @ExtendWith(RealPrometheus.class)} gives a class's methods a
 * {@link Loaded} parameter: a real Prometheus holding {@link TestFleet}'s hour, ending at {@link Loaded#end()}. One
 * serves the whole test JVM (backfilled and started by the first class that asks, stopped when the JVM exits).
 *
 * <p>Without prometheus and promtool on the PATH the class is skipped, with one line saying what to install — unless
 * {@code FLIGHTDECK_REQUIRE_KUBE} is set (CI sets it), where a missing binary or a failed start fails the class, as
 * the real-control-plane lane does.
 */
public final class RealPrometheus implements ExecutionCondition, BeforeAllCallback, ParameterResolver {

    static final String REQUIRED_ENV = "FLIGHTDECK_REQUIRE_KUBE";

    /** The running server and the instant its history ends (queries are pinned there, so the hour never ages). */
    record Loaded(PrometheusServer server, Instant end) {
    }

    private record Started(Loaded loaded, String whyNot) {
    }

    private static Started started;
    private static final java.util.concurrent.atomic.AtomicBoolean TOLD = new java.util.concurrent.atomic.AtomicBoolean();

    static boolean required(Map<String, String> env) {
        String v = env.get(REQUIRED_ENV);
        return v != null && !v.isBlank() && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Started s = started();
        if (s.loaded() != null || required(System.getenv())) {
            return ConditionEvaluationResult.enabled("real Prometheus");
        }
        String line = "real-Prometheus lane skipped: " + s.whyNot();
        if (TOLD.compareAndSet(false, true)) {
            System.err.println("flightdeck: " + line);
        }
        return ConditionEvaluationResult.disabled(line);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Started s = started();
        if (s.loaded() == null) {
            throw new IllegalStateException("real-Prometheus lane cannot run (" + REQUIRED_ENV + " is set, so it must): "
                    + s.whyNot());
        }
    }

    private static synchronized Started started() {
        if (started == null) {
            started = start();
            if (started.loaded() != null) {
                PrometheusServer server = started.loaded().server();
                Runtime.getRuntime().addShutdownHook(new Thread(server::close, "real-prometheus-stop"));
            }
        }
        return started;
    }

    private static Started start() {
        Path bin = PrometheusServer.binaries();
        if (bin == null) {
            return new Started(null, "prometheus and promtool are not on the PATH; " + PrometheusServer.HOW_TO_INSTALL);
        }
        try {
            Path dir = workDir();
            Instant end = Instant.ofEpochSecond(Instant.now().getEpochSecond());
            Path om = dir.resolve("dcgm-fleet.om");
            try (BufferedWriter w = Files.newBufferedWriter(om, StandardCharsets.UTF_8)) {
                new DcgmOpenMetrics(w, end.getEpochSecond(), TestFleet.SPAN, TestFleet.STEP)
                        .writeAll(TestFleet.NODES, TestFleet.SCRIPT);
            }
            long t0 = System.nanoTime();
            PrometheusServer.backfill(bin, om, dir.resolve("tsdb"));
            PrometheusServer server = PrometheusServer.start(bin, dir.resolve("tsdb"), Duration.ofSeconds(60));
            System.err.printf("flightdeck: real Prometheus at %s ready in %.1f s (backfill included)%n", server.url(),
                    (System.nanoTime() - t0) / 1e9);
            return new Started(new Loaded(server, end), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Started(null, "interrupted while starting the real Prometheus");
        } catch (IOException e) {
            return new Started(null, "the real Prometheus could not start: " + e.getMessage());
        }
    }

    /** Under target/test-tmp when Maven runs the tests (so mvn clean removes it), else the system's temp. */
    static Path workDir() throws IOException {
        String root = System.getProperty("flightdeck.test.tmp");
        if (root == null) {
            return Files.createTempDirectory("flightdeck-prometheus-");
        }
        return Files.createTempDirectory(Files.createDirectories(Path.of(root)), "RealPrometheus-");
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        return p.getParameter().getType() == Loaded.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        return started().loaded();
    }
}
