package dev.flightdeck.app.threads;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The guard the views' tests run with (flightdeck.uiThreadGuard=true, set by the build for every
 * module): blocking work on JavaFX's application thread throws, naming the work; elsewhere it passes.
 */
class UiThreadGuardTest {

    private static Throwable on(String threadName) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = Thread.ofPlatform().name(threadName).start(() -> {
            try {
                UiThreadGuard.blocking("GET /api/v1/nodes");
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.join();
        return thrown.get();
    }

    @Test
    void blockingWorkOnTheFxThreadIsNamedAndRefused() throws Exception {
        assertEquals("true", System.getProperty("flightdeck.uiThreadGuard"), "the build turns the guard on for tests");
        Throwable t = on(UiThreadGuard.FX_THREAD);
        assertEquals(IllegalStateException.class, t == null ? null : t.getClass());
        assertEquals("blocking work on the FX thread: GET /api/v1/nodes", t.getMessage());
        assertNull(on("session-switch-0"));
    }
}
