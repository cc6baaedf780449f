package dev.flightdeck.app.connect;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On the real kube-apiserver, as its admin (who may read every Secret): the console's connection refuses every
 * read of a Secret — get, list, watch, typed or through its raw endpoint — before it is sent, while the same
 * admin's own client reads it, and a Secret the console creates (a drill's, say) is created.
 */
@ExtendWith(RealKube.class)
class SecretsNeverReadRealTest {

    @Test
    void theConsolesConnectionNeverReadsASecret(RealCluster real) throws Exception {
        String ns = real.namespace("no-secrets");
        String value = dev.flightdeck.testkit.TestSecrets.remember("s3cret-" + "value-on-the-server");
        try (ClusterConnection c = ClusterConnection.open(real.target(), SessionOptions.DEFAULTS)) {
            c.client().secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("s3-credentials")
                    .endMetadata().withStringData(Map.of("secret-access-key", value)).build()).create();
            assertNotNull(real.admin().secrets().inNamespace(ns).withName("s3-credentials").get(),
                    "the admin may read it: what refuses is the console, not RBAC");

            for (Runnable read : java.util.List.<Runnable>of(
                    () -> c.client().secrets().inNamespace(ns).withName("s3-credentials").get(),
                    () -> c.client().secrets().inNamespace(ns).list(),
                    () -> c.client().secrets().inAnyNamespace().list())) {
                Throwable t = assertThrows(RuntimeException.class, read::run);
                assertTrue(causes(t).contains("Flightdeck never reads Secret objects"), causes(t));
            }
            Throwable raw = assertThrows(Exception.class, () -> c.api().http().sendAsync(c.api().http().newHttpRequestBuilder()
                    .uri(c.api().uri("/api/v1/namespaces/" + ns + "/secrets/s3-credentials")).build(), String.class).get());
            assertTrue(causes(raw).contains("refused GET /api/v1/namespaces/" + ns + "/secrets/s3-credentials"), causes(raw));
            var pods = c.api().http().sendAsync(c.api().http().newHttpRequestBuilder()
                    .uri(c.api().uri("/api/v1/namespaces/" + ns + "/pods")).build(), String.class).get();
            assertEquals(200, pods.code(), "every other read goes on as before");
        }
    }

    private static String causes(Throwable t) {
        StringBuilder s = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            s.append(c.getMessage()).append(" | ");
        }
        return s.toString();
    }
}
