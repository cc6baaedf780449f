package dev.flightdeck.app.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * kubectl as a second opinion on kubeconfig resolution: for chains of files merged through
 * KUBECONFIG (overlapping names, current-context only in a later file, relative certificate
 * paths in different folders, empty and missing files, a path named twice), {@code --kubeconfig},
 * {@code --context}, and {@code $HOME} pointing elsewhere than Java's user.home, the context the
 * console resolves — its name, cluster, user, namespace, server and the files it would read —
 * must equal what {@code kubectl config view --minify --raw} resolves; where kubectl refuses,
 * the console refuses too. Skipped, in one line, where kubectl is not installed.
 */
class KubectlConfigDifferentialTest {

    @TempDir
    static Path dir;
    private static Path a;
    private static Path b;
    private static Path c;
    private static Path empty;
    private static Path home;

    @BeforeAll
    static void files() throws Exception {
        a = write("team-a/config", """
                apiVersion: v1
                kind: Config
                clusters:
                - {name: prod-cluster, cluster: {server: "https://10.0.0.1:6443", certificate-authority: pki/ca.crt}}
                - {name: shared-cluster, cluster: {server: "https://10.0.0.9:6443"}}
                users:
                - {name: alice, user: {client-certificate: pki/alice.crt, client-key: pki/alice.key}}
                contexts:
                - {name: prod, context: {cluster: prod-cluster, user: alice, namespace: training}}
                - {name: shared, context: {cluster: shared-cluster, user: alice}}
                """);
        b = write("team-b/nested/config", """
                apiVersion: v1
                kind: Config
                current-context: staging
                clusters:
                - {name: shared-cluster, cluster: {server: "https://10.9.9.9:6443", certificate-authority: ../ca-b.crt}}
                - {name: staging-cluster, cluster: {server: "https://10.0.0.2:6443", insecure-skip-tls-verify: true}}
                users:
                - {name: alice, user: {token: from-b}}
                - {name: bob, user: {tokenFile: tokens/bob}}
                contexts:
                - {name: shared, context: {cluster: staging-cluster, user: bob}}
                - {name: staging, context: {cluster: staging-cluster, user: bob, namespace: eval}}
                """);
        c = write("home/.kube/config", """
                apiVersion: v1
                kind: Config
                current-context: gke
                clusters:
                - {name: gke-cluster, cluster: {server: "https://34.1.2.3"}}
                users:
                - name: gke-user
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: gke-gcloud-auth-plugin, provideClusterInfo: true}
                - name: script-user
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ./bin/token.sh}
                contexts:
                - {name: gke, context: {cluster: gke-cluster, user: gke-user}}
                - {name: script, context: {cluster: gke-cluster, user: script-user}}
                """);
        empty = write("empty/config", "");
        home = dir.resolve("home");
        // The files the kubeconfigs name, each in one folder only: kubectl prints paths as written,
        // and where one exists tells which file's folder it is relative to.
        for (String f : List.of("team-a/pki/ca.crt", "team-a/pki/alice.crt", "team-a/pki/alice.key", "team-b/ca-b.crt",
                "team-b/nested/tokens/bob", "home/.kube/bin/token.sh")) {
            write(f, "");
        }
    }

    private static Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    private static String chain(Path... files) {
        List<String> parts = new ArrayList<>();
        for (Path p : files) {
            parts.add(p.toString());
        }
        return String.join(File.pathSeparator, parts);
    }

    /** One case: the environment (HOME, KUBECONFIG) and the flags both tools get. */
    private record Case(String name, Map<String, String> env, List<String> flags) {
    }

    private static List<Case> cases() {
        Path missing = dir.resolve("missing/config");
        Path noHome = dir.resolve("nobody");
        return List.of(
                new Case("current-context only in the later file", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(a, b)), List.of()),
                new Case("--context from the first file", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(a, b)), List.of("--context", "prod")),
                new Case("a name in both files: the first wins", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(a, b)), List.of("--context", "shared")),
                new Case("the other order", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(b, a)), List.of("--context", "shared")),
                new Case("empty and missing files in the chain", Map.of("HOME", noHome.toString(),
                        "KUBECONFIG", chain(empty, a, missing, b)), List.of("--context", "prod")),
                new Case("a path named twice", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(a, a, b)), List.of()),
                new Case("--kubeconfig wins over KUBECONFIG", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(b)),
                        List.of("--kubeconfig", a.toString(), "--context", "shared")),
                new Case("$HOME elsewhere than user.home", Map.of("HOME", home.toString()), List.of()),
                new Case("exec command relative to its file", Map.of("HOME", home.toString()), List.of("--context", "script")),
                new Case("unknown context", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(a, b)), List.of("--context", "nope")),
                new Case("only an empty file", Map.of("HOME", noHome.toString(), "KUBECONFIG", chain(empty)), List.of()),
                new Case("--kubeconfig that does not exist", Map.of("HOME", noHome.toString()),
                        List.of("--kubeconfig", missing.toString())));
    }

    @Test
    void theConsoleResolvesEveryChainAsKubectlDoes() throws Exception {
        assumeTrue(kubectl() != null, "kubectl is not installed: the kubeconfig differential against it is skipped");
        List<String> differences = new ArrayList<>();
        for (Case k : cases()) {
            Map<String, String> theirs = kubectlView(k);
            Map<String, String> ours = consoleView(k);
            if (!theirs.equals(ours)) {
                differences.add(k.name() + ":\n  kubectl " + theirs + "\n  console " + ours);
            }
        }
        assertEquals(List.of(), differences);
    }

    /** What kubectl resolved, or {"error": "refused"}. */
    private static Map<String, String> kubectlView(Case k) throws Exception {
        List<String> command = new ArrayList<>(List.of(kubectl(), "config", "view", "--minify", "--raw", "-o", "json"));
        command.addAll(k.flags());
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(false);
        pb.directory(dir.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().putAll(k.env());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        p.getErrorStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            return Map.of("error", "refused");
        }
        JsonNode v = KubeJson.MAPPER.readTree(out);
        JsonNode ctx = v.path("contexts").path(0);
        Map<String, String> m = view(ctx.path("name").asText(), ctx.path("context"), v.path("clusters").path(0).path("cluster"),
                v.path("users").path(0).path("user"));
        for (String key : List.of("certificate-authority", "client-certificate", "client-key", "tokenFile", "exec")) {
            m.put(key, absolute(m.get(key)));
        }
        return m;
    }

    /**
     * A path kubectl printed as written, made absolute against the folder of the file that holds
     * it (the one folder where it exists), as kubectl does when it uses it. A bare exec command
     * ("gke-gcloud-auth-plugin") is looked up on the PATH and stays as it is.
     */
    private static String absolute(String written) throws Exception {
        if (written.isEmpty() || Path.of(written).isAbsolute() || !written.contains("/")) {
            return written;
        }
        try (var folders = Files.walk(dir)) {
            for (Path folder : folders.filter(Files::isDirectory).toList()) {
                if (Files.exists(folder.resolve(written))) {
                    return folder.resolve(written).normalize().toString();
                }
            }
        }
        return "unresolvable " + written;
    }

    /** What the console resolved, read the same way from its merged kubeconfig. */
    private static Map<String, String> consoleView(Case k) throws Exception {
        ResolvedTarget r;
        try {
            String[] args = k.flags().toArray(String[]::new);
            r = TargetResolver.resolve(LaunchOptions.parse(args), k.env());
        } catch (ConnectionProblem e) {
            assertEquals(1, e.getMessage().lines().count(), "a refusal is one line: " + e.getMessage());
            return Map.of("error", "refused");
        }
        if (r.kubeconfig() == null) {
            return Map.of("error", "refused"); // the sandbox: kubectl has nothing to resolve
        }
        KubeContext ctx = r.kubeconfig().choose(((dev.flightdeck.app.connect.ConnectionTarget.Context) r.target()).name());
        JsonNode merged = new YAMLMapper().readTree(r.kubeconfig().mergedYaml());
        return view(ctx.name(), entry(merged, "contexts", ctx.name()).path("context"),
                entry(merged, "clusters", ctx.cluster()).path("cluster"), entry(merged, "users", ctx.user()).path("user"));
    }

    private static JsonNode entry(JsonNode merged, String section, String name) {
        for (JsonNode e : merged.path(section)) {
            if (e.path("name").asText().equals(name)) {
                return e;
            }
        }
        return KubeJson.MAPPER.createObjectNode();
    }

    /** The fields both are compared on, paths absolute. */
    private static Map<String, String> view(String name, JsonNode context, JsonNode cluster, JsonNode user) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("context", name);
        m.put("cluster", context.path("cluster").asText());
        m.put("user", context.path("user").asText());
        m.put("namespace", context.path("namespace").asText(""));
        m.put("server", cluster.path("server").asText());
        m.put("certificate-authority", cluster.path("certificate-authority").asText(""));
        m.put("insecure-skip-tls-verify", String.valueOf(cluster.path("insecure-skip-tls-verify").asBoolean(false)));
        m.put("client-certificate", user.path("client-certificate").asText(""));
        m.put("client-key", user.path("client-key").asText(""));
        m.put("token", user.path("token").asText(""));
        m.put("tokenFile", user.path("tokenFile").asText(""));
        m.put("exec", user.path("exec").path("command").asText(""));
        return m;
    }

    private static String kubectl() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isBlank() && Files.isExecutable(Path.of(d, "kubectl"))) {
                return Path.of(d, "kubectl").toString();
            }
        }
        return null;
    }
}
