package dev.flightdeck.views;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class (META-INF/services, autodetection on): installs how the sandbox is
 * started, as the launcher does at the application's start.
 */
public final class InstallsTheSandbox implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        EmbeddedSandbox.install();
    }
}
