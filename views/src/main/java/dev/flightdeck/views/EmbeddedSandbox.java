package dev.flightdeck.views;

import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.app.connect.LocalClusters;
import dev.flightdeck.app.connect.LocalObjectStorage;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxS3Server;

/**
 * The application's one link between the core and the embedded sandbox: it installs how a sandbox
 * is started, and hands each one to the core as a plain local cluster (URL, object storage and keys,
 * metrics clock, and the token of its control surface, which the sandbox gives its starter alone). The core never imports the sandbox module; the application, which ships both, does.
 */
public final class EmbeddedSandbox {

    private EmbeddedSandbox() {
    }

    /** From now on {@code --sandbox} (or no kubeconfig) starts the embedded sandbox. */
    public static void install() {
        LocalClusters.install(new LocalClusters.Starter(nodes -> local(SandboxCluster.start(nodes)),
                nodes -> local(SandboxCluster.startForDrill(nodes))));
    }

    /** A sandbox the core started: ending its session stops it. */
    private static LocalCluster local(SandboxCluster sandbox) {
        return local(sandbox, sandbox::close);
    }

    /** {@code sandbox} as the core sees it; {@code stop} is what ending the session does to it. */
    public static LocalCluster local(SandboxCluster sandbox, Runnable stop) {
        return new LocalCluster(sandbox.url(), new LocalObjectStorage(sandbox.objectStorageEndpoint(),
                SandboxS3Server.ACCESS_KEY, SandboxS3Server.SECRET_KEY), sandbox.pressure().time().clock(), sandbox.controlToken(), sandbox, stop);
    }
}
