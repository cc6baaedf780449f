package dev.flightdeck.app.connect;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each way a connection fails gets its own words, checked exactly. */
class ConnectionProblemTest {

    @TempDir
    Path dir;

    private ConnectionTarget target(String server) throws Exception {
        Path f = dir.resolve("config");
        Files.writeString(f, KubeconfigLoaderTest.kubeconfig("ctx", "c", server, "sre", "    token: " + dev.flightdeck.testkit.TestSecrets.remember("secret-token-do-not-print")));
        Kubeconfig k = KubeconfigLoader.load(List.of(f));
        return new ConnectionTarget.Context(k, "ctx");
    }

    @Test
    void unreachableServerSaysSoAndNamesIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there now
        }
        ConnectionTarget t = target("https://127.0.0.1:" + port);
        ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(t, SessionOptions.DEFAULTS));
        assertEquals(ProblemKind.UNREACHABLE, p.kind());
        assertTrue(p.getMessage().startsWith("cannot reach https://127.0.0.1:" + port + ": "), p.getMessage());
        assertTrue(p.getMessage().endsWith("— is the cluster up and the address right (VPN, proxy, port)?"), p.getMessage());
    }

    @Test
    void untrustedServerCertificateIsATlsProblem() throws Exception {
        try (StubApiServer s = StubApiServer.untrustedHttps(dir, ex -> StubApiServer.json(ex, 200, "{}"))) {
            ConnectionTarget t = target(s.url("https"));
            ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(t, SessionOptions.DEFAULTS));
            assertEquals(ProblemKind.TLS, p.kind(), p.getMessage());
            assertTrue(p.getMessage().startsWith("TLS with " + s.url("https") + " failed: "), p.getMessage());
            assertTrue(p.getMessage().endsWith("the server's certificate (CN=untrusted-apiserver) is not signed by a CA this"
                    + " machine trusts, and the kubeconfig names no certificate-authority for the cluster"), p.getMessage());
        }
    }

    @Test
    void expiredCredentialsAre401InWords() throws Exception {
        try (StubApiServer s = StubApiServer.http(ex -> StubApiServer.json(ex, 401,
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}"))) {
            ConnectionTarget t = target(s.url("http"));
            ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(t, SessionOptions.DEFAULTS));
            assertEquals(ProblemKind.UNAUTHORIZED, p.kind());
            assertEquals(s.url("http") + " rejected the credentials of user 'sre' (HTTP 401 Unauthorized): they have"
                    + " expired or are wrong — refresh them (e.g. re-run your provider's get-credentials) and reconnect",
                    p.getMessage());
            assertTrue(!p.getMessage().contains("secret-token"), "never print credentials");
        }
    }

    private ConnectionTarget targetWithUser(String server, String userYaml) throws Exception {
        Path f = dir.resolve("config");
        Files.writeString(f, KubeconfigLoaderTest.kubeconfig("ctx", "c", server, "sre", userYaml));
        return new ConnectionTarget.Context(KubeconfigLoader.load(List.of(f)), "ctx");
    }

    @Test
    void aFailingExecPluginIsOneLineAndNoRequestIsSent() throws Exception {
        Path plugin = dir.resolve("login.sh");
        Files.writeString(plugin, "#!/bin/sh\necho 'error: not logged in; run corp-login' >&2\nexit 1\n");
        plugin.toFile().setExecutable(true);
        java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        try (StubApiServer s = StubApiServer.http(ex -> {
            requests.incrementAndGet();
            StubApiServer.json(ex, 200, "{}");
        })) {
            ConnectionTarget t = targetWithUser(s.url("http"), """
                        exec:
                          apiVersion: client.authentication.k8s.io/v1beta1
                          command: ./login.sh
                """);
            ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(t, SessionOptions.DEFAULTS));
            assertEquals(ProblemKind.CREDENTIALS, p.kind());
            assertEquals("the credential plugin 'login.sh' of user 'sre' failed (exit 1): error: not logged in; run corp-login"
                    + " (context 'ctx')", p.getMessage());
            assertEquals(0, requests.get(), "nothing is sent without credentials");
        }
    }

    @Test
    void aTokenFileIsSentAndAMissingOneIsOneLine() throws Exception {
        Path token = dir.resolve("token");
        Files.writeString(token, "from-the-file\n");
        try (StubApiServer s = StubApiServer.http(ex -> {
            boolean ok = "Bearer from-the-file".equals(ex.getRequestHeaders().getFirst("Authorization"));
            StubApiServer.json(ex, ok ? 200 : 401, "{}");
        })) {
            try (ClusterConnection c = ClusterConnection.open(targetWithUser(s.url("http"), "    tokenFile: token\n"),
                    SessionOptions.DEFAULTS)) {
                assertEquals("ctx", c.displayName(), "the token from tokenFile (relative to the kubeconfig) was sent");
            }
            Files.delete(token);
            ConnectionTarget missing = targetWithUser(s.url("http"), "    tokenFile: token\n");
            ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> ClusterConnection.open(missing, SessionOptions.DEFAULTS));
            assertEquals(ProblemKind.CREDENTIALS, p.kind());
            assertEquals("cannot read token file " + token + ": it does not exist", p.getMessage());
        }
    }

    @Test
    void forbiddenPodsNamesTheMissingPermissionWhileNodesStillWork() throws Exception {
        String forbidden = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"pods is forbidden: User \\\"sre\\\" cannot list resource \\\"pods\\\" in API group \\\"\\\" at the cluster scope\","
                + "\"reason\":\"Forbidden\",\"details\":{\"kind\":\"pods\"},\"code\":403}";
        try (StubApiServer s = StubApiServer.http(ex -> {
            String path = ex.getRequestURI().getPath();
            String query = String.valueOf(ex.getRequestURI().getQuery());
            if (path.equals("/apis")) {
                StubApiServer.json(ex, 200, "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[]}");
            } else if (path.equals("/version")) {
                StubApiServer.json(ex, 200, "{\"major\":\"1\",\"minor\":\"32\",\"gitVersion\":\"v1.32.13\"}");
            } else if (path.equals("/api/v1/pods")) {
                StubApiServer.json(ex, 403, forbidden);
            } else if (path.equals("/api/v1/nodes") && !query.contains("watch")) {
                StubApiServer.json(ex, 200, "{\"kind\":\"NodeList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"5\"},\"items\":[]}");
            } else {
                try {
                    Thread.sleep(2_000); // a quiet watch
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                StubApiServer.json(ex, 200, "");
            }
        })) {
            Path f = dir.resolve("config");
            Files.writeString(f, KubeconfigLoaderTest.kubeconfig("ctx", "c", s.url("http"), "sre", "    token: t"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = CheckCommand.run(LaunchOptions.parse("check", "--kubeconfig", f.toString()), Map.of(),
                    new PrintStream(out), new PrintStream(err));
            assertEquals(CheckCommand.UNREADABLE, rc);
            assertEquals("flightdeck: ctx: could not read pods: failed: list/watch pods: HTTP 403 pods is forbidden: "
                    + "User \"sre\" cannot list resource \"pods\" in API group \"\" at the cluster scope\n",
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void checkWithABrokenKubeconfigExitsNonZeroWithOneLine() throws Exception {
        Path bad = dir.resolve("broken");
        Files.writeString(bad, "clusters: [\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = CheckCommand.run(LaunchOptions.parse("check", "--kubeconfig", bad.toString()), Map.of(),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(CheckCommand.UNREADABLE, rc);
        String msg = err.toString(StandardCharsets.UTF_8);
        assertEquals("flightdeck: kubeconfig " + bad + " line 1, column 12: not valid YAML (while parsing a flow node)\n", msg);
    }
}
