package dev.flightdeck.app;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.testkit.TestSecrets;
import dev.flightdeck.app.connect.LocalClusters;
import dev.flightdeck.app.connect.LocalObjectStorage;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxS3Server;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The tests' link between the core and the sandbox module, as the application's launcher makes it:
 * registered for every test class (META-INF/services, autodetection on), it installs how
 * {@code --sandbox} starts a sandbox; {@link #target} connects a session to a sandbox a test owns.
 * Every sandbox's control token that passes through here is remembered for the secrets scan.
 */
public final class TestSandboxes implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        install();
    }

    /** {@code --sandbox} and {@link ConnectionTarget.Sandbox} start a sandbox, as in the application. */
    public static void install() {
        LocalClusters.install(new LocalClusters.Starter(nodes -> local(SandboxCluster.start(nodes)),
                nodes -> local(SandboxCluster.startForDrill(nodes))));
    }

    /** A session target on {@code sandbox}, which the test owns: closing the session leaves it running. */
    public static ConnectionTarget target(SandboxCluster sandbox) {
        return new ConnectionTarget.RunningSandbox(local(sandbox, () -> { }));
    }

    private static LocalCluster local(SandboxCluster s) {
        return local(s, s::close);
    }

    /**
     * {@code s}, its control token remembered for the secrets scan ({@link TestSecrets}): for a test that
     * starts a sandbox itself and never hands it to a session (one that does goes through {@link #target}).
     */
    public static SandboxCluster remembered(SandboxCluster s) {
        TestSecrets.remember(s.controlToken());
        TestSecrets.remember(SandboxS3Server.SECRET_KEY);
        return s;
    }

    /** {@code s} as the application hands it to the core, its control token remembered for the secrets scan. */
    private static LocalCluster local(SandboxCluster s, Runnable stop) {
        remembered(s);
        return new LocalCluster(s.url(), new LocalObjectStorage(s.objectStorageEndpoint(), SandboxS3Server.ACCESS_KEY,
                SandboxS3Server.SECRET_KEY), s.pressure().time().clock(), s.controlToken(), s, stop);
    }
}
