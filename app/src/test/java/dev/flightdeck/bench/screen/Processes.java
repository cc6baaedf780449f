package dev.flightdeck.bench.screen;

import java.util.concurrent.TimeUnit;

/** Stopping what the benchmark started: politely, then for sure, with its children (a launcher's JVM). */
final class Processes {

    private Processes() {
    }

    static void stop(Process p) {
        if (p == null) {
            return;
        }
        var children = p.descendants().toList();
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
