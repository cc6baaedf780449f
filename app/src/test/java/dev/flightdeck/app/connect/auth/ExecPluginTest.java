package dev.flightdeck.app.connect.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exec credential plugins as real processes: what a well-behaved one gets from us and gives back,
 * and every way a broken one fails — each failure one line naming the plugin and the user, with
 * nothing the plugin printed on stdout quoted back (it may be a credential).
 */
class ExecPluginTest {

    private static final String V1 = "client.authentication.k8s.io/v1";
    private static final String SECRET = dev.flightdeck.testkit.TestSecrets.remember("s3cr3t-token-do-not-print");

    @TempDir
    Path dir;

    private Path script(String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private ExecPlugin plugin(Path command, Duration timeout) {
        return new ExecPlugin("alice", new ExecPlugin.Spec(command.toString(), List.of("--flag", "a b"),
                Map.of("PLUGIN_ENV", "from-kubeconfig"), V1, "IfAvailable", "install it with: brew install fancy-auth"),
                null, timeout);
    }

    private static String credential(String status) {
        return "printf '%s' '{\"apiVersion\":\"" + V1 + "\",\"kind\":\"ExecCredential\",\"status\":" + status + "}'";
    }

    @Test
    void aWellBehavedPluginGetsArgsEnvExecInfoAndNoTerminalAndItsTokenAndExpiryAreRead() throws Exception {
        Path seen = dir.resolve("seen");
        Path p = script("good", """
                read line; echo "stdin=[$line] rc=$?" > %1$s
                echo "args=$1|$2" >> %1$s
                echo "env=$PLUGIN_ENV" >> %1$s
                echo "$KUBERNETES_EXEC_INFO" >> %1$s
                echo "a progress message on stderr" >&2
                %2$s""".formatted(seen, credential("{\"token\":\"" + SECRET + "\",\"expirationTimestamp\":\"2030-01-02T03:04:05Z\"}")));
        com.fasterxml.jackson.databind.node.ObjectNode cluster = new ObjectMapper().createObjectNode().put("server", "https://k8s:6443");
        ExecPlugin plugin = new ExecPlugin("alice", new ExecPlugin.Spec(p.toString(), List.of("--flag", "a b"),
                Map.of("PLUGIN_ENV", "from-kubeconfig"), V1, "IfAvailable", null), cluster, Duration.ofSeconds(10));

        IssuedCredential c = plugin.run();

        assertEquals(SECRET, c.token());
        assertEquals(Instant.parse("2030-01-02T03:04:05Z"), c.expiry().orElseThrow());
        assertFalse(c.toString().contains(SECRET), "a credential never prints its secret");
        List<String> lines = Files.readAllLines(seen);
        assertEquals("stdin=[] rc=1", lines.get(0), "stdin is closed: a prompt reads end-of-file");
        assertEquals("args=--flag|a b", lines.get(1), "arguments pass as written, no shell splitting");
        assertEquals("env=from-kubeconfig", lines.get(2));
        JsonNode info = new ObjectMapper().readTree(lines.get(3));
        assertEquals("ExecCredential", info.path("kind").asText());
        assertEquals(V1, info.path("apiVersion").asText());
        assertFalse(info.path("spec").path("interactive").asBoolean(true));
        assertEquals("https://k8s:6443", info.path("spec").path("cluster").path("server").asText(), "provideClusterInfo");
    }

    @Test
    void aPluginThatHangsIsStoppedWithItsChildrenAndNamed() throws Exception {
        Path marker = dir.resolve("child-alive");
        Path p = script("hangs", "(sleep 30; touch " + marker + ") &\nsleep 30");
        long t0 = System.nanoTime();
        CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, () -> plugin(p, Duration.ofSeconds(1)).run());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("figure: a hanging exec plugin is given up on after " + ms + " ms (deadline 1 s)");
        assertEquals("the credential plugin 'hangs' of user 'alice' gave no answer within 1 s and was stopped — does it wait"
                + " for a login in a browser or a terminal? Log in once from a shell, then reconnect", e.getMessage());
        // Its child touches the marker after 30 s: had the plugin been waited on with its children, it would be there.
        assertFalse(Files.exists(marker), "stopped without waiting for its children to finish");
        long children = ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(marker.toString()))
                .count();
        assertEquals(0, children, "no child of the plugin left running");
    }

    @Test
    void aPluginThatExitsNonZeroSaysSoWithItsLastErrorLine() throws Exception {
        Path p = script("fails", "echo 'refreshing...' >&2\necho 'error: the refresh token has expired; run fancy-auth login' >&2\nexit 3");
        CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, () -> plugin(p, Duration.ofSeconds(10)).run());
        assertEquals("the credential plugin 'fails' of user 'alice' failed (exit 3): error: the refresh token has expired;"
                + " run fancy-auth login", e.getMessage());
    }

    @Test
    void garbageOnStdoutIsDescribedNeverQuoted() throws Exception {
        Path p = script("garbage", "echo 'Bearer " + SECRET + "'");
        CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, () -> plugin(p, Duration.ofSeconds(10)).run());
        assertTrue(e.getMessage().startsWith("the credential plugin 'garbage' of user 'alice' printed 33 bytes that are not"
                + " an ExecCredential (not JSON at line 1, column "), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET));
        assertFalse(e.getMessage().contains("Bearer"));
    }

    @Test
    void answersThatAreJsonButNotACredentialAreRefusedInWords() throws Exception {
        Map<String, String> cases = Map.of(
                "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"x\"}}'",
                "answered in apiVersion 'client.authentication.k8s.io/v1beta1' but the kubeconfig asks for '" + V1 + "'",
                "printf '{\"apiVersion\":\"" + V1 + "\",\"kind\":\"ExecCredential\"}'", "returned an ExecCredential without a status",
                credential("{}"), "returned neither a token nor a client certificate and key",
                credential("{\"clientCertificateData\":\"-----BEGIN CERTIFICATE-----\"}"), "returned a client certificate without its key",
                credential("{\"token\":\"x\",\"expirationTimestamp\":\"next tuesday\"}"),
                "returned an expirationTimestamp that is not an RFC 3339 time",
                "printf '[1,2]'", "printed 5 bytes that are not an ExecCredential (no JSON object)",
                "true", "printed 0 bytes that are not an ExecCredential (no JSON object)");
        int i = 0;
        for (var c : cases.entrySet()) {
            Path p = script("plugin" + i++, c.getKey());
            CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, () -> plugin(p, Duration.ofSeconds(10)).run());
            assertEquals("the credential plugin '" + p.getFileName() + "' of user 'alice' " + c.getValue(), e.getMessage());
        }
    }

    @Test
    void aClientCertificateFromThePluginIsRead() throws Exception {
        Path p = script("certs", credential("{\"clientCertificateData\":\"CERT-PEM\",\"clientKeyData\":\"KEY-PEM\"}"));
        IssuedCredential c = plugin(p, Duration.ofSeconds(10)).run();
        assertFalse(c.isToken());
        assertEquals("CERT-PEM", c.certificatePem());
        assertEquals("KEY-PEM", c.keyPem());
    }

    @Test
    void aMissingPluginGivesItsInstallHint() {
        ExecPlugin missing = new ExecPlugin("alice", new ExecPlugin.Spec("fancy-auth-plugin-that-is-not-installed", List.of(),
                Map.of(), V1, "Never", "install it with: brew install fancy-auth\nsee https://example.invalid/docs"), null,
                Duration.ofSeconds(5));
        CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, missing::run);
        assertEquals("the credential plugin 'fancy-auth-plugin-that-is-not-installed' of user 'alice' cannot run:"
                + " 'fancy-auth-plugin-that-is-not-installed' is not on PATH (install it with: brew install fancy-auth)", e.getMessage());
        ExecPlugin notAFile = new ExecPlugin("alice", new ExecPlugin.Spec(dir.resolve("bin/nope").toString(), List.of(), Map.of(),
                V1, "Never", null), null, Duration.ofSeconds(5));
        assertTrue(assertThrows(CredentialsUnavailable.class, notAFile::run).getMessage().endsWith("/bin/nope' does not exist"));
    }

    @Test
    void whatCannotWorkWithoutATerminalOrInAnOldApiVersionIsRefusedBeforeRunning() throws Exception {
        Path ran = dir.resolve("ran");
        Path p = script("interactive", "touch " + ran);
        ExecPlugin always = new ExecPlugin("alice", new ExecPlugin.Spec(p.toString(), List.of(), Map.of(), V1, "Always", null),
                null, Duration.ofSeconds(5));
        assertTrue(assertThrows(CredentialsUnavailable.class, always::run).getMessage()
                .contains("needs a terminal (interactiveMode: Always)"));
        ExecPlugin alpha = new ExecPlugin("alice", new ExecPlugin.Spec(p.toString(), List.of(), Map.of(),
                "client.authentication.k8s.io/v1alpha1", null, null), null, Duration.ofSeconds(5));
        assertEquals("the credential plugin 'interactive' of user 'alice' asks for apiVersion 'client.authentication.k8s.io/v1alpha1';"
                + " kubectl and Flightdeck speak client.authentication.k8s.io/v1 and client.authentication.k8s.io/v1beta1",
                assertThrows(CredentialsUnavailable.class, alpha::run).getMessage());
        assertFalse(Files.exists(ran), "neither was run");
    }
}
