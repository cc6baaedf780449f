package dev.flightdeck.app.faults;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.testkit.Await;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Credentials that change under a running session, on the real API server. The tokens are
 * ServiceAccount token Secrets (legacy, revocable at once by deleting the Secret: the server looks
 * the Secret up on every request). The session starts with token A; the credential source then
 * hands out B and A is revoked; the API server is restarted so every watch must authenticate
 * again. The session must carry on — a node created afterwards reaches the model — without a
 * reconnect: from an exec plugin (by its expiry, and by a 401 when it gave none) and from a
 * rotated token file.
 */
@ExtendWith(RealKube.class)
class CredentialRotationRealTest {

    @TempDir
    Path dir;

    @Test
    void anExecPluginWithoutExpiryIsRunAgainWhenTheServerRejectsItsToken(RealCluster real) throws Exception {
        Rotor rotor = new Rotor(real, dir);
        Path kubeconfig = real.plane().kubeconfigWithUser("exec-no-expiry", "plugin-user", rotor.execUser(0));
        try (ClusterSession session = ClusterSessions.openStarted(RealCluster.target(kubeconfig), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            assertEquals(1, rotor.runs(), "the plugin ran once to connect");
            long rotated = rotor.rotate();
            real.plane().killApiserver();
            real.plane().startApiserverAgain();
            String node = awaitNewNodeShown(real, session);
            System.out.println("figure: exec plugin without expiry, token revoked and the API server restarted: "
                    + node + " shown " + (System.nanoTime() - rotated) / 1_000_000 + " ms after the rotation; plugin runs "
                    + rotor.runs());
            // Every watcher meets the 401 at once; the plugin runs again once for all of them (once more
            // if the restarting server also turns the new token away for a moment), not once per request.
            assertTrue(rotor.runs() >= 2 && rotor.runs() <= 3, "plugin runs: " + rotor.runs() + "; " + session.health().describe());
        }
    }

    @Test
    void anExecPluginIsRunAgainBeforeItsTokenExpires(RealCluster real) throws Exception {
        Rotor rotor = new Rotor(real, dir);
        Path kubeconfig = real.plane().kubeconfigWithUser("exec-expiry", "plugin-user", rotor.execUser(4));
        try (ClusterSession session = ClusterSessions.openStarted(RealCluster.target(kubeconfig), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            rotor.rotate();
            Instant expiry = rotor.lastExpiry();
            Await.until("past token A's expiry, " + expiry, Duration.ofSeconds(30), () -> Instant.now().isAfter(expiry));
            real.plane().killApiserver();
            real.plane().startApiserverAgain();
            String node = awaitNewNodeShown(real, session);
            assertNotNull(node);
            System.out.println("figure: exec plugin issuing 4 s tokens: plugin runs " + rotor.runs()
                    + " in the session; the revoked first token was never needed again");
            assertTrue(rotor.runs() >= 2, "the plugin was run again for a token that ran out; " + session.health().describe());
        }
    }

    @Test
    void aRotatedTokenFileIsReadAgainWhenTheServerRejectsTheOldToken(RealCluster real) throws Exception {
        Rotor rotor = new Rotor(real, dir);
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, rotor.current() + "\n");
        Path kubeconfig = real.plane().kubeconfigWithUser("token-file", "file-user", "    tokenFile: " + tokenFile + "\n");
        try (ClusterSession session = ClusterSessions.openStarted(RealCluster.target(kubeconfig), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            long rotated = rotor.rotate();
            Files.writeString(tokenFile, rotor.current() + "\n"); // as a sidecar rewrites a projected token
            real.plane().killApiserver();
            real.plane().startApiserverAgain();
            String node = awaitNewNodeShown(real, session);
            System.out.println("figure: token file rotated, old token revoked, API server restarted: " + node + " shown "
                    + (System.nanoTime() - rotated) / 1_000_000 + " ms after the rotation");
        }
    }

    /** A node registered now must reach the model: every watch authenticated again after the restart. */
    private static String awaitNewNodeShown(RealCluster real, ClusterSession session) throws InterruptedException {
        String node = RealCluster.unique("after-rotation");
        real.kubelet().registerGpuNode(node, 8, Map.of());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (session.model().node(node) != null) {
                return node;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(node + " never reached the model after the rotation: " + session.health().describe());
    }

    /**
     * Two cluster-admin ServiceAccount tokens and a plugin script that issues whichever is current.
     * {@link #rotate()} makes the second current and revokes the first.
     */
    private static final class Rotor {
        private final RealCluster real;
        private final Path dir;
        private final String namespace;
        private String currentSecret;
        private int generation;

        Rotor(RealCluster real, Path dir) throws Exception {
            this.real = real;
            this.dir = dir;
            this.namespace = real.namespace("rotor");
            real.admin().serviceAccounts().inNamespace(namespace)
                    .resource(new ServiceAccountBuilder().withNewMetadata().withName("rotor").endMetadata().build()).create();
            real.admin().rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder().withNewMetadata()
                    .withName(namespace + "-rotor").endMetadata()
                    .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", "cluster-admin")
                    .addNewSubject().withKind("ServiceAccount").withName("rotor").withNamespace(namespace).endSubject()
                    .build()).create();
            currentSecret = issue();
            Files.writeString(dir.resolve("current-token"), current());
        }

        /** A new token Secret, returned once the token controller has filled it in. */
        private String issue() throws InterruptedException {
            String name = "rotor-token-" + (++generation);
            real.admin().secrets().inNamespace(namespace).resource(new SecretBuilder().withNewMetadata().withName(name)
                    .addToAnnotations("kubernetes.io/service-account.name", "rotor").endMetadata()
                    .withType("kubernetes.io/service-account-token").build()).create();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // controllers may back off after a restart
            while (System.nanoTime() < deadline) {
                var s = real.admin().secrets().inNamespace(namespace).withName(name).get();
                if (s != null && s.getData() != null && s.getData().get("token") != null) {
                    return name;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("the token controller never filled in " + name + "\n" + real.plane().logTails());
        }

        String current() {
            var s = real.admin().secrets().inNamespace(namespace).withName(currentSecret).get();
            return dev.flightdeck.testkit.TestSecrets.remember(
                    new String(Base64.getDecoder().decode(s.getData().get("token")), StandardCharsets.UTF_8));
        }

        /** Issues the next token, makes the plugin hand it out, and revokes the one before; returns when (nanoTime). */
        long rotate() throws Exception {
            String old = currentSecret;
            currentSecret = issue();
            Files.writeString(dir.resolve("current-token"), current());
            real.admin().secrets().inNamespace(namespace).withName(old).delete();
            awaitRevoked(old);
            return System.nanoTime();
        }

        private void awaitRevoked(String secret) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (real.admin().secrets().inNamespace(namespace).withName(secret).get() != null) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(secret + " was not deleted");
                }
                Thread.sleep(50);
            }
        }

        /** The kubeconfig user lines for the plugin; {@code lifetimeSeconds} 0 gives no expirationTimestamp. */
        String execUser(int lifetimeSeconds) throws Exception {
            Path script = dir.resolve("issue-token.sh");
            Files.writeString(script, """
                    #!/bin/sh
                    # A credential plugin: the current token, and an expiry when asked for one.
                    token=$(cat "$TOKEN_DIR/current-token")
                    if [ "$LIFETIME" -gt 0 ]; then
                      expiry=$(date -u -d "+$LIFETIME seconds" +%Y-%m-%dT%H:%M:%SZ)
                      echo "run $expiry" >> "$TOKEN_DIR/runs"
                      printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s","expirationTimestamp":"%s"}}' "$token" "$expiry"
                    else
                      echo run >> "$TOKEN_DIR/runs"
                      printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s"}}' "$token"
                    fi
                    """);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
            return """
                        exec:
                          apiVersion: client.authentication.k8s.io/v1
                          command: %s
                          interactiveMode: Never
                          env:
                          - {name: TOKEN_DIR, value: "%s"}
                          - {name: LIFETIME, value: "%d"}
                    """.formatted(script, dir, lifetimeSeconds);
        }

        /** The expiry the plugin gave the last token it issued ("run EXPIRY" in its log of runs). */
        Instant lastExpiry() throws Exception {
            List<String> runs = Files.readAllLines(dir.resolve("runs"));
            return Instant.parse(runs.getLast().split(" ")[1]);
        }

        int runs() throws Exception {
            Path runs = dir.resolve("runs");
            return Files.exists(runs) ? (int) Files.readAllLines(runs).stream().filter(l -> !l.isBlank()).count() : 0;
        }
    }
}
