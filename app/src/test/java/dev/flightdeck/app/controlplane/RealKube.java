package dev.flightdeck.app.controlplane;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * JUnit 5 extension for the real-control-plane lane: {@code @ExtendWith(RealKube.class)} on a test
 * class gives its methods (and {@code @BeforeAll}) a {@link RealCluster} (or {@link ControlPlane}) parameter. One control
 * plane serves the whole test JVM (started by the first class that asks, stopped when the JVM
 * exits): Surefire runs each class of a fork in a launcher run of its own, so a plane kept in
 * JUnit's root store was started and stopped again for every class (25 starts of 8 s in one CI
 * run). Tests keep out of each other's way by namespace and node names.
 *
 * <p>Without the binaries the class is skipped (its tests counted as skipped) and one line says
 * what to install, once per run on stderr and as the skip reason. With {@code FLIGHTDECK_REQUIRE_KUBE} set (CI), missing
 * binaries or a failed start fail the class instead.
 */
public final class RealKube implements ExecutionCondition, BeforeAllCallback, ParameterResolver {

    private static final AtomicBoolean TOLD = new AtomicBoolean();

    /** What the first attempt gave: the control plane, or why there is none. Kept for the whole run. */
    private record Started(ControlPlane plane, RealCluster cluster, String whyNot) implements AutoCloseable {
        @Override
        public void close() {
            if (cluster != null) {
                cluster.close();
            }
            if (plane != null) {
                plane.close();
            }
        }
    }

    /** Skipped, counted as skipped and said once in one line, when there is no control plane and none is required. */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Started s = started(context);
        if (s.plane() != null || KubeAssets.required(System.getenv())) {
            return ConditionEvaluationResult.enabled("real control plane");
        }
        String line = "real-control-plane lane skipped: " + s.whyNot();
        if (TOLD.compareAndSet(false, true)) {
            System.err.println("flightdeck: " + line);
        }
        return ConditionEvaluationResult.disabled(line);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Started s = started(context);
        if (s.plane() == null) {
            throw new IllegalStateException("real-control-plane lane cannot run (" + KubeAssets.REQUIRED_ENV
                    + " is set, so it must): " + s.whyNot());
        }
    }

    /** The one attempt of this JVM, made by the first class that asks. */
    private static Started started;

    private static synchronized Started started(ExtensionContext context) {
        if (started == null) {
            Started s = start();
            started = s;
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "real-control-plane-stop"));
        }
        return started;
    }

    private static Started start() {
        KubeAssets.Found found = KubeAssets.locate(System.getProperty(KubeAssets.PROPERTY), System.getenv());
        if (found instanceof KubeAssets.Found.Missing m) {
            return new Started(null, null, m.why());
        }
        KubeAssets assets = ((KubeAssets.Found.Ready) found).assets();
        long t0 = System.nanoTime();
        try {
            ControlPlane plane = ControlPlane.start(assets);
            System.err.printf("flightdeck: real control plane (kube-apiserver %s) ready in %.1f s%n", plane.server(),
                    (System.nanoTime() - t0) / 1e9);
            return new Started(plane, RealCluster.open(plane), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Started(null, null, "interrupted while starting the real control plane");
        } catch (Exception e) {
            return new Started(null, null, "the real control plane could not start: " + e.getMessage());
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        Class<?> t = p.getParameter().getType();
        return t == ControlPlane.class || t == RealCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        Started s = started(e);
        return p.getParameter().getType() == ControlPlane.class ? s.plane() : s.cluster();
    }
}
