package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.client.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client keys as kubeconfigs carry them: a PKCS#8 key (which does not name its algorithm) is
 * read as what it is, EC included (the real API server lane connects with one); an unreadable
 * key is one line naming the user and context, never an exception from the HTTP client.
 */
class ClientKeyTest {

    private static String pkcs8(String algorithm, String curve) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm);
        if (curve != null) {
            g.initialize(new ECGenParameterSpec(curve));
        }
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(g.generateKeyPair().getPrivate()
                .getEncoded()) + "\n-----END PRIVATE KEY-----\n";
    }

    @Test
    void aPkcs8KeyIsReadAsTheAlgorithmItHolds(@TempDir Path dir) throws Exception {
        for (String[] c : new String[][]{{"EC", "secp256r1", "EC"}, {"RSA", null, "RSA"}, {"Ed25519", null, "Ed25519"}}) {
            Config config = Config.empty();
            config.setClientKeyData(Base64.getEncoder().encodeToString(pkcs8(c[0], c[1]).getBytes(StandardCharsets.UTF_8)));
            ClientKeyAlgorithm.apply(config);
            assertEquals(c[2], config.getClientKeyAlgo(), "key data of " + c[0]);
            Path file = Files.writeString(dir.resolve(c[0] + ".key"), pkcs8(c[0], c[1]));
            Config fromFile = Config.empty();
            fromFile.setClientKeyFile(file.toString());
            ClientKeyAlgorithm.apply(fromFile);
            assertEquals(c[2], fromFile.getClientKeyAlgo(), "key file of " + c[0]);
        }
    }

    @Test
    void anEcKeyInItsOwnFormatIsLeftToTheClient() throws Exception {
        Config config = Config.empty();
        config.setClientKeyData(Base64.getEncoder().encodeToString("-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----\n"
                .getBytes(StandardCharsets.UTF_8)));
        String before = config.getClientKeyAlgo();
        ClientKeyAlgorithm.apply(config);
        assertEquals(before, config.getClientKeyAlgo());
    }

    @Test
    void anUnreadableClientKeyIsOneLineNamingTheUserAndContext(@TempDir Path dir) throws Exception {
        Path kubeconfig = Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
                users: [{name: alice, user: {client-certificate-data: %s, client-key-data: %s}}]
                contexts: [{name: prod, context: {cluster: c, user: alice}}]
                current-context: prod
                """.formatted(Base64.getEncoder().encodeToString(Files.readAllBytes(
                StubApiServer.certificate(dir, "alice", "dns:alice").pem())), Base64.getEncoder().encodeToString(
                "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n".getBytes(StandardCharsets.UTF_8))));
        Kubeconfig k = KubeconfigLoader.load(List.of(kubeconfig));
        ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(
                new ConnectionTarget.Context(k, "prod"), dev.flightdeck.app.session.SessionOptions.DEFAULTS));
        assertEquals(ProblemKind.CREDENTIALS, p.kind());
        assertTrue(p.getMessage().startsWith("cannot use the credentials of user 'alice' in context 'prod' (" + kubeconfig + "): "),
                p.getMessage());
        assertEquals(1, p.getMessage().lines().count());
    }
}
