package dev.flightdeck.app.controlplane;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * JUnit 5 extension for the real-control-plane lane: {@code @ExtendWith(RealKube.class)} on a test
 * class gives its methods (and {@code @BeforeAll}) a {@link RealCluster} (or {@link ControlPlane}) parameter. One control
 * plane serves the whole test run (started by the first class that asks, stopped when the run
 * ends); tests keep out of each other's way by namespace and node names.
 *
 * <p>Without the binaries the class is skipped and one line says what to install, once per run on
 * stderr and as each skipped test's reason. With {@code FLIGHTDECK_REQUIRE_KUBE} set (CI), missing
 * binaries or a failed start fail the class instead.
 */
public final class RealKube implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(RealKube.class);
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

    @Override
    public void beforeAll(ExtensionContext context) {
        Started s = started(context);
        if (s.plane() == null) {
            if (KubeAssets.required(System.getenv())) {
                throw new IllegalStateException(s.whyNot() + " (" + KubeAssets.REQUIRED_ENV + " is set: this lane must run)");
            }
            if (TOLD.compareAndSet(false, true)) {
                System.err.println("flightdeck: " + s.whyNot());
            }
            Assumptions.abort(s.whyNot());
        }
    }

    private static Started started(ExtensionContext context) {
        return context.getRoot().getStore(NS).getOrComputeIfAbsent(Started.class, k -> start(), Started.class);
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
