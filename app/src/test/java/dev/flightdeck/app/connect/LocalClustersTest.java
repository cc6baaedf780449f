package dev.flightdeck.app.connect;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The core starts a sandbox only through the starter the application installed, and says so in words without one. */
class LocalClustersTest {

    @AfterEach
    void restore() {
        TestSandboxes.install();
    }

    @Test
    void withoutAStarterAskingForTheSandboxIsOneLineNotACrash() {
        LocalClusters.install(null);
        ConnectionProblem p = assertThrows(ConnectionProblem.class,
                () -> ClusterConnection.open(new ConnectionTarget.Sandbox(4), SessionOptions.DEFAULTS));
        assertEquals("this Flightdeck has no embedded sandbox to start; connect to a cluster with --kubeconfig or --context",
                p.getMessage());
    }

    @Test
    void aStarterThatFailsIsSaidAndTheCoreNeverSeesItsKeys() {
        LocalClusters.install(new LocalClusters.Starter(nodes -> {
            throw new IllegalStateException("port 0 refused");
        }, nodes -> {
            throw new IllegalStateException("port 0 refused");
        }));
        ConnectionProblem p = assertThrows(ConnectionProblem.class,
                () -> ClusterConnection.open(new ConnectionTarget.Sandbox(4), SessionOptions.DEFAULTS));
        assertTrue(p.getMessage().startsWith("the embedded sandbox did not start: "), p.getMessage());
        assertTrue(p.getMessage().contains("port 0 refused"), p.getMessage());
        LocalObjectStorage storage = new LocalObjectStorage(java.net.URI.create("http://127.0.0.1:9000"), "AKIDSANDBOX",
                "sandbox-secret-key");
        assertFalse(storage.toString().contains("sandbox-secret-key") || storage.toString().contains("AKIDSANDBOX"),
                storage.toString());
    }
}
