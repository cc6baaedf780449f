package dev.flightdeck.app.connect;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import io.fabric8.kubernetes.client.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KubeconfigLoaderTest {

    @TempDir
    Path dir;

    private Path write(String name, String yaml) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, yaml);
        return p;
    }

    static String kubeconfig(String context, String cluster, String server, String user, String extraUser) {
        return """
                apiVersion: v1
                kind: Config
                current-context: %1$s
                clusters:
                - name: %2$s
                  cluster:
                    server: %3$s
                contexts:
                - name: %1$s
                  context:
                    cluster: %2$s
                    user: %4$s
                    namespace: training
                users:
                - name: %4$s
                  user:
                %5$s
                """.formatted(context, cluster, server, user, extraUser);
    }

    @Test
    void missingFileFromFlagSaysWhichFile() {
        Path missing = dir.resolve("nope.yaml");
        ConnectionProblem p = assertThrows(ConnectionProblem.class,
                () -> KubeconfigLoader.locate(missing, Map.of(), dir));
        assertEquals(ProblemKind.KUBECONFIG_MISSING, p.kind());
        assertEquals("kubeconfig " + missing + " (from --kubeconfig) does not exist or is not a file", p.getMessage());
    }

    @Test
    void malformedYamlNamesFileLineAndColumn() throws Exception {
        Path bad = write("bad.yaml", "apiVersion: v1\nclusters:\n- name: a\n  cluster: {server: https://x\n");
        ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> KubeconfigLoader.load(List.of(bad)));
        assertEquals(ProblemKind.KUBECONFIG_MALFORMED, p.kind());
        assertEquals("kubeconfig " + bad + " line 4, column 30: not valid YAML (while parsing a flow mapping)", p.getMessage());
    }

    @Test
    void yamlThatIsNotAKubeconfigMappingIsAnEmptyConfigAsForKubectl() throws Exception {
        Path notKube = write("values.yaml", "replicas: 3\nimage: nginx\n");
        Path good = write("config", kubeconfig("prod", "prod-cluster", "https://10.0.0.1:6443", "sre", "    token: abc"));
        assertEquals(List.of("prod"), KubeconfigLoader.load(List.of(notKube, good)).contexts().stream().map(KubeContext::name).toList());
        Path list = write("list.yaml", "- a\n- b\n");
        ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> KubeconfigLoader.load(List.of(list, good)));
        assertEquals("kubeconfig " + list + ": not a kubeconfig (expected a mapping with clusters, contexts and users, found a array)",
                p.getMessage(), "kubectl refuses a list too (\"couldn't get version/kind\")");
    }

    @Test
    void emptyFilesInKubeconfigAreSkippedAsKubectlSkipsThem() throws Exception {
        Path empty = write("empty", "");
        Path blank = write("blank", "  \n\n");
        Path comment = write("comment", "# written by an installer\n");
        Path good = write("config", kubeconfig("prod", "prod-cluster", "https://10.0.0.1:6443", "sre", "    token: abc"));
        String env = String.join(java.io.File.pathSeparator, empty.toString(), blank.toString(), comment.toString(), good.toString());
        ResolvedTarget r = TargetResolver.resolve(LaunchOptions.parse(), Map.of("KUBECONFIG", env), dir);
        assertEquals("prod", r.target().displayName());
    }

    @Test
    void kubeconfigsThatDefineNoContextAreNamedOrMeanTheSandbox() throws Exception {
        Path empty = write("empty", "");
        ConnectionProblem flag = assertThrows(ConnectionProblem.class, () -> TargetResolver.resolve(
                LaunchOptions.parse("--kubeconfig", empty.toString()), Map.of(), dir));
        assertEquals("kubeconfig " + empty + " (from --kubeconfig) defines no contexts (empty)", flag.getMessage());
        ConnectionProblem listed = assertThrows(ConnectionProblem.class, () -> TargetResolver.resolve(LaunchOptions.parse(),
                Map.of("KUBECONFIG", empty.toString()), dir));
        assertEquals("the files in KUBECONFIG [" + empty + "] define no contexts (empty)", listed.getMessage());
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve(".kube"));
        Files.writeString(home.resolve(".kube/config"), "");
        ResolvedTarget r = TargetResolver.resolve(LaunchOptions.parse(), Map.of(), home);
        assertInstanceOf(ConnectionTarget.Sandbox.class, r.target(), "an empty ~/.kube/config is no kubeconfig at all");
        assertEquals("kubeconfig " + home.resolve(".kube/config") + " defines no contexts", r.whySandbox());
    }

    @Test
    void homeIsTheEnvironmentsHomeNotJavasUserHome() throws Exception {
        Path home = dir.resolve("elsewhere");
        Files.createDirectories(home.resolve(".kube"));
        Files.writeString(home.resolve(".kube/config"), kubeconfig("ci", "ci-cluster", "https://10.0.0.2:6443", "bot", "    token: t"));
        assertTrue(!home.toString().equals(System.getProperty("user.home")));
        ResolvedTarget r = TargetResolver.resolve(LaunchOptions.parse(), Map.of("HOME", home.toString()));
        assertEquals("ci", r.target().displayName(), "kubectl reads $HOME/.kube/config (sudo -E, containers, CI)");
    }

    @Test
    void aFileNamedTwiceInKubeconfigIsReadOnce() throws Exception {
        Path good = write("config", kubeconfig("prod", "prod-cluster", "https://10.0.0.1:6443", "sre", "    token: abc"));
        String sep = java.io.File.pathSeparator;
        assertEquals(List.of(good), KubeconfigLoader.locate(null, Map.of("KUBECONFIG", good + sep + sep + good), dir));
    }

    @Test
    void unknownContextListsTheContextsThereAre() throws Exception {
        Path f = write("config", kubeconfig("prod", "prod-cluster", "https://10.0.0.1:6443", "sre", "    token: abc"));
        Kubeconfig k = KubeconfigLoader.load(List.of(f));
        ConnectionProblem p = assertThrows(ConnectionProblem.class, () -> k.choose("staging"));
        assertEquals(ProblemKind.UNKNOWN_CONTEXT, p.kind());
        assertEquals("context 'staging' is not in kubeconfig " + f + " (contexts: prod)", p.getMessage());
    }

    @Test
    void kubeconfigMergeFollowsKubectlFirstDefinitionWins() throws Exception {
        Path a = write("a", kubeconfig("train", "c1", "https://train.example:6443", "u1", "    token: t1"));
        Path b = write("b", kubeconfig("train", "c1", "https://WRONG.example:6443", "u1", "    token: t2")
                .replace("current-context: train", "current-context: other")
                + "");
        Path c = write("c", kubeconfig("infer", "c2", "https://infer.example:6443", "u2", "    token: t3"));
        String env = a + File.pathSeparator + dir.resolve("missing") + File.pathSeparator + b + File.pathSeparator + c;
        List<Path> files = KubeconfigLoader.locate(null, Map.of("KUBECONFIG", env), dir);
        assertEquals(List.of(a, b, c), files);
        Kubeconfig k = KubeconfigLoader.load(files);
        assertEquals("train", k.currentContext());
        assertEquals(List.of("train", "infer"), k.contexts().stream().map(KubeContext::name).toList());
        assertEquals("https://train.example:6443", k.context("train").orElseThrow().server());
        Config cfg = k.toClientConfig(k.choose("infer")).config();
        assertEquals("https://infer.example:6443/", cfg.getMasterUrl());
        assertEquals("t3", cfg.getAutoOAuthToken());
        assertEquals("training", cfg.getNamespace());
    }

    @Test
    void relativeCertificatePathsResolveAgainstTheirOwnFile() throws Exception {
        Path sub = Files.createDirectories(dir.resolve("clusters"));
        Files.writeString(sub.resolve("ca.crt"), "not a real cert");
        Path f = sub.resolve("config");
        Files.writeString(f, kubeconfig("x", "cx", "https://x.example:6443", "ux", "    token: t")
                .replace("    server: https://x.example:6443", "    server: https://x.example:6443\n    certificate-authority: ca.crt"));
        Kubeconfig k = KubeconfigLoader.load(List.of(f));
        assertTrue(k.mergedYaml().contains("certificate-authority: \"" + sub.resolve("ca.crt") + "\"")
                || k.mergedYaml().contains("certificate-authority: " + sub.resolve("ca.crt")), k.mergedYaml());
    }

    @Test
    void insecureSkipTlsVerifyOnlyWhenTheFileSaysSo() throws Exception {
        Path secure = write("secure", kubeconfig("s", "cs", "https://s.example:6443", "us", "    token: t"));
        Path insecure = write("insecure", kubeconfig("i", "ci", "https://i.example:6443", "ui", "    token: t")
                .replace("    server: https://i.example:6443", "    server: https://i.example:6443\n    insecure-skip-tls-verify: true"));
        Kubeconfig ks = KubeconfigLoader.load(List.of(secure));
        Kubeconfig ki = KubeconfigLoader.load(List.of(insecure));
        assertEquals(false, ks.toClientConfig(ks.choose(null)).config().isTrustCerts());
        assertEquals(true, ki.toClientConfig(ki.choose(null)).config().isTrustCerts());
    }

    @Test
    void noKubeconfigAnywhereFallsBackToTheSandboxAndSaysWhy() throws Exception {
        ResolvedTarget r = TargetResolver.resolve(LaunchOptions.parse(), Map.of(), dir);
        assertInstanceOf(ConnectionTarget.Sandbox.class, r.target());
        assertEquals("no kubeconfig found (KUBECONFIG unset, " + dir.resolve(".kube/config") + " missing)", r.whySandbox());
    }

    @Test
    void defaultFileIsUsedWhenNothingElseIsGiven() throws Exception {
        Files.createDirectories(dir.resolve(".kube"));
        Files.writeString(dir.resolve(".kube/config"), kubeconfig("home", "ch", "https://h.example:6443", "uh", "    token: t"));
        ResolvedTarget r = TargetResolver.resolve(LaunchOptions.parse(), Map.of(), dir);
        ConnectionTarget.Context ctx = assertInstanceOf(ConnectionTarget.Context.class, r.target());
        assertEquals("home", ctx.name());
    }
}
