package dev.flightdeck.views;

import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.app.connect.LocalClusters;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxS3Server;
import dev.flightdeck.testkit.TestSecrets;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class (META-INF/services, autodetection on): installs how the sandbox is
 * started, as the launcher does at the application's start ({@link EmbeddedSandbox}), with each sandbox's
 * control token and object-store key remembered for the secrets scan.
 */
public final class InstallsTheSandbox implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        LocalClusters.install(new LocalClusters.Starter(nodes -> local(SandboxCluster.start(nodes)),
                nodes -> local(SandboxCluster.startForDrill(nodes))));
    }

    private static LocalCluster local(SandboxCluster sandbox) {
        return EmbeddedSandbox.local(remembered(sandbox), sandbox::close);
    }

    /** {@code sandbox}, its control token and the object store's key remembered for the secrets scan. */
    public static SandboxCluster remembered(SandboxCluster sandbox) {
        TestSecrets.remember(sandbox.controlToken());
        TestSecrets.remember(SandboxS3Server.SECRET_KEY);
        return sandbox;
    }
}
