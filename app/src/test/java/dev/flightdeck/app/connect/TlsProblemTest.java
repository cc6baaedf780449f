package dev.flightdeck.app.connect;

import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A kubeconfig's TLS gone wrong: each case one line naming what and where, checked exactly, and
 * TLS never weakened to get past it — the server never receives a request.
 */
class TlsProblemTest {

    @TempDir
    static Path dir;
    private static StubApiServer.Certified otherName;
    private static StubApiServer.Certified stranger;

    @BeforeAll
    static void certificates() throws Exception {
        otherName = StubApiServer.certificate(dir, "other-name", "dns:apiserver.other.example");
        stranger = StubApiServer.certificate(dir, "stranger", "ip:127.0.0.1");
    }

    private final AtomicInteger requests = new AtomicInteger();

    private ConnectionProblem open(String server, String clusterExtra, String userExtra) throws Exception {
        Path f = Files.createTempFile(dir, "config", ".yaml");
        Files.writeString(f, """
                apiVersion: v1
                kind: Config
                current-context: ctx
                clusters:
                - name: c
                  cluster:
                    server: %s
                %s
                contexts:
                - name: ctx
                  context: {cluster: c, user: sre}
                users:
                - name: sre
                  user:
                    token: not-a-secret-here
                %s
                """.formatted(server, clusterExtra, userExtra));
        ConnectionTarget t = new ConnectionTarget.Context(KubeconfigLoader.load(List.of(f)), "ctx");
        return assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(t, SessionOptions.DEFAULTS));
    }

    private StubApiServer serving(StubApiServer.Certified cert) throws Exception {
        return StubApiServer.https(cert, ex -> {
            requests.incrementAndGet();
            StubApiServer.json(ex, 200, "{}");
        });
    }

    @Test
    void aCertificateForAnotherNameSaysWhichNames() throws Exception {
        try (StubApiServer s = serving(otherName)) {
            ConnectionProblem p = open(s.url("https"), "    certificate-authority: " + otherName.pem(), "");
            assertEquals(ProblemKind.TLS, p.kind());
            assertEquals("TLS with " + s.url("https") + " failed: the server's certificate is for apiserver.other.example,"
                    + " not 127.0.0.1 — the kubeconfig's server address must be one of the names the certificate holds",
                    p.getMessage());
            assertEquals(0, requests.get(), "no request went over the mismatched connection");
        }
    }

    @Test
    void aCertificateNotSignedByTheKubeconfigsCaSaysSo() throws Exception {
        try (StubApiServer s = serving(stranger)) {
            ConnectionProblem p = open(s.url("https"), "    certificate-authority: " + otherName.pem(), "");
            assertEquals("TLS with " + s.url("https") + " failed: the server's certificate (CN=stranger) is not signed by"
                    + " the kubeconfig's certificate-authority (" + otherName.pem() + ")", p.getMessage());
            ConnectionProblem none = open(s.url("https"), "", "");
            assertEquals("TLS with " + s.url("https") + " failed: the server's certificate (CN=stranger) is not signed by a CA"
                    + " this machine trusts, and the kubeconfig names no certificate-authority for the cluster", none.getMessage());
            assertEquals(0, requests.get());
        }
    }

    @Test
    void caFilesAndDataThatCannotBeUsedAreNamedBeforeAnyConnection() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.crt"), "this is not a certificate\n");
        String server = "https://127.0.0.1:1";
        assertEquals("certificate-authority " + dir.resolve("missing.crt") + " of cluster 'c' cannot be read: it does not exist",
                open(server, "    certificate-authority: " + dir.resolve("missing.crt"), "").getMessage());
        assertEquals("certificate-authority " + dir + " of cluster 'c' cannot be read: it is a directory, not a file",
                open(server, "    certificate-authority: " + dir, "").getMessage());
        assertEquals("certificate-authority " + garbage + " of cluster 'c' holds no PEM certificate",
                open(server, "    certificate-authority: " + garbage, "").getMessage());
        assertEquals("certificate-authority-data of cluster 'c' is not base64",
                open(server, "    certificate-authority-data: '%%% not base64 %%%'", "").getMessage());
        ConnectionProblem p = open(server, "    certificate-authority-data: dGhpcyBpcyBub3QgYSBjZXJ0aWZpY2F0ZQ==", "");
        assertEquals("certificate-authority-data of cluster 'c' holds no PEM certificate", p.getMessage());
        assertEquals(ProblemKind.TLS, p.kind());
    }

    @Test
    void clientCertificateFilesThatCannotBeReadAreNamed() throws Exception {
        String server = "https://127.0.0.1:1";
        ConnectionProblem p = open(server, "", "    client-certificate: " + dir.resolve("alice.crt") + "\n    client-key: "
                + dir.resolve("alice.key"));
        assertEquals(ProblemKind.CREDENTIALS, p.kind());
        assertEquals("client-certificate " + dir.resolve("alice.crt") + " of user 'sre' cannot be read: it does not exist",
                p.getMessage());
        assertEquals("client-key " + dir.resolve("alice.key") + " of user 'sre' cannot be read: it does not exist",
                open(server, "", "    client-certificate: " + otherName.pem() + "\n    client-key: " + dir.resolve("alice.key"))
                        .getMessage());
    }
}
