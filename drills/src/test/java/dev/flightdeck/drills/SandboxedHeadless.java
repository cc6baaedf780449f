package dev.flightdeck.drills;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.cli.Headless;

/**
 * The headless commands as the application's launcher starts them, with the embedded sandbox installed:
 * for a test that runs {@code flightdeck drill run} as a process of its own (the core alone has no sandbox).
 */
public final class SandboxedHeadless {

    private SandboxedHeadless() {
    }

    public static void main(String[] args) {
        TestSandboxes.install();
        Headless.main(args);
    }
}
