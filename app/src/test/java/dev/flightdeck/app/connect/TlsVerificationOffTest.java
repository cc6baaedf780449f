package dev.flightdeck.app.connect;

import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.client.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS verification is off only where a context's cluster entry says {@code insecure-skip-tls-verify: true},
 * and what the console shows (the context's fact) is what the client does (fabric8's trustCerts): read
 * from the kubeconfig once, for both. fabric8's own ways to trust every certificate — the system
 * property {@code kubernetes.trust.certificates} and the variable {@code KUBERNETES_TRUST_CERTIFICATES},
 * read by one method for both — turn nothing off.
 */
class TlsVerificationOffTest {

    @TempDir
    Path dir;

    private static final String FLAG = "    insecure-skip-tls-verify: %s\n";

    /** A kubeconfig with one context {@code ctx} on cluster {@code c}; {@code clusterExtra} goes under {@code cluster:}. */
    private Kubeconfig load(String name, String server, String clusterExtra) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, kubeconfig(server, clusterExtra));
        return KubeconfigLoader.load(List.of(f));
    }

    private static String kubeconfig(String server, String clusterExtra) {
        return """
                apiVersion: v1
                kind: Config
                current-context: ctx
                clusters:
                - name: c
                  cluster:
                    server: %s
                %scontexts:
                - name: ctx
                  context: {cluster: c, user: sre}
                users:
                - name: sre
                  user: {}
                """.formatted(server, clusterExtra);
    }

    /** The fact the switcher shows and the setting the client is built with, for the context {@code ctx}. */
    private record Both(boolean shown, boolean targetSays, boolean trustCerts, boolean noHostnameCheck) {
        static Both of(Kubeconfig k) throws ConnectionProblem {
            KubeContext ctx = k.choose("ctx");
            Config c = k.toClientConfig(ctx).config();
            return new Both(ctx.tlsVerificationOff(), new ConnectionTarget.Context(k, "ctx").tlsVerificationOff(),
                    c.isTrustCerts(), c.isDisableHostnameVerification());
        }
    }

    @Test
    void withoutTheFlagVerificationIsOnAndWithItItIsShownAsOffAndTheClientAgrees() throws Exception {
        assertEquals(new Both(false, false, false, false), Both.of(load("none", "https://s.example:6443", "")),
                "no flag: the certificate is checked, nothing says otherwise");
        assertEquals(new Both(false, false, false, false),
                Both.of(load("false", "https://s.example:6443", FLAG.formatted("false"))));
        assertEquals(new Both(true, true, true, true), Both.of(load("true", "https://s.example:6443", FLAG.formatted("true"))),
                "the flag: shown as off, and the client trusts every certificate — the same fact");
        // A quoted "true" fabric8 reads as true: shown as off too, never off unseen.
        assertEquals(new Both(true, true, true, true), Both.of(load("quoted", "https://s.example:6443", FLAG.formatted("\"true\""))));
        // Neither true nor false: no client is built at all, so nothing can disagree with what is shown.
        ConnectionProblem maybe = assertThrows(ConnectionProblem.class,
                () -> Both.of(load("maybe", "https://s.example:6443", FLAG.formatted("maybe"))));
        assertEquals(ProblemKind.KUBECONFIG_MALFORMED, maybe.kind());
        assertTrue(maybe.getMessage().startsWith("cannot use context 'ctx' from " + dir.resolve("maybe") + ": ")
                && maybe.getMessage().contains("\"maybe\"") && !maybe.getMessage().contains("\n"), maybe.getMessage());
    }

    @Test
    void theClusterEntryThatWinsTheMergeDecides() throws Exception {
        // kubectl's merge: the first file to define cluster 'c' wins — its flag, not a later file's.
        Path first = Files.writeString(dir.resolve("first"), kubeconfig("https://a.example:6443", ""));
        Path second = Files.writeString(dir.resolve("second"), kubeconfig("https://b.example:6443", FLAG.formatted("true")));
        Kubeconfig secureFirst = KubeconfigLoader.load(KubeconfigLoader.locate(null,
                Map.of("KUBECONFIG", first + File.pathSeparator + second), dir));
        assertEquals(new Both(false, false, false, false), Both.of(secureFirst));
        Kubeconfig insecureFirst = KubeconfigLoader.load(KubeconfigLoader.locate(null,
                Map.of("KUBECONFIG", second + File.pathSeparator + first), dir));
        assertEquals(new Both(true, true, true, true), Both.of(insecureFirst));
    }

    @Test
    void fabric8sOwnTrustAllSwitchesTurnNothingOff() throws Exception {
        withProperties(() -> {
            assertEquals(new Both(false, false, false, false), Both.of(load("plain", "https://s.example:6443", "")),
                    "kubernetes.trust.certificates=true must not reach a context whose kubeconfig says nothing");
            return null;
        });
    }

    @Test
    void aServerNobodyTrustsIsRefusedWithoutTheFlagEvenWhenFabric8IsToldToTrustAllAndReachedWithIt() throws Exception {
        StubApiServer.Certified cert = StubApiServer.certificate(dir, "untrusted", "ip:127.0.0.1");
        AtomicInteger requests = new AtomicInteger();
        try (StubApiServer s = StubApiServer.https(cert, ex -> {
            requests.incrementAndGet();
            StubApiServer.json(ex, 200, "{\"major\":\"1\",\"minor\":\"32\"}");
        })) {
            String url = s.url("https");
            ConnectionProblem refused = withProperties(() -> assertThrows(ConnectionProblem.class, () ->
                    ClusterConnection.open(new ConnectionTarget.Context(load("refused", url, ""), "ctx"), SessionOptions.DEFAULTS)));
            assertEquals(ProblemKind.TLS, refused.kind());
            assertEquals("TLS with " + url + " failed: the server's certificate (CN=untrusted) is not signed by a CA this machine"
                    + " trusts, and the kubeconfig names no certificate-authority for the cluster", refused.getMessage());
            assertEquals(0, requests.get(), "no request went to a server whose certificate was not checked");

            try (ClusterConnection c = ClusterConnection.open(new ConnectionTarget.Context(load("skip", url, FLAG.formatted("true")),
                    "ctx"), SessionOptions.DEFAULTS)) {
                assertTrue(c.tlsVerificationOff(), "connected only because the kubeconfig said so, and it says so");
                assertTrue(requests.get() > 0, "the probe reached the server");
            }
        }
    }

    @Test
    void theSandboxChecksNothingAndSaysNothing() {
        assertFalse(new ConnectionTarget.Sandbox(4).tlsVerificationOff());
        assertFalse(new ConnectionTarget.Context(null, "ctx").tlsVerificationOff(), "no kubeconfig: nothing says off");
    }

    @Test
    void theReportLineStartsWithTheWords() {
        assertEquals("TLS verification off (kubeconfig): context lab sets insecure-skip-tls-verify: true, so the certificate"
                + " of https://10.0.0.1:6443 is not checked", TlsVerification.explain("lab", "https://10.0.0.1:6443"));
    }

    private interface Body<T> {
        T run() throws Exception;
    }

    /** Runs {@code body} with fabric8's trust-all and no-hostname-check properties set, restoring them after. */
    private static <T> T withProperties(Body<T> body) throws Exception {
        Map<String, String> set = Map.of(Config.KUBERNETES_TRUST_CERT_SYSTEM_PROPERTY, "true",
                Config.KUBERNETES_DISABLE_HOSTNAME_VERIFICATION_SYSTEM_PROPERTY, "true");
        Map<String, String> before = new java.util.HashMap<>();
        set.keySet().forEach(k -> before.put(k, System.getProperty(k)));
        set.forEach(System::setProperty);
        try {
            return body.run();
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }
}
