package dev.flightdeck.app.connect;

import dev.flightdeck.app.connect.auth.CredentialsUnavailable;
import dev.flightdeck.app.connect.auth.UserCredentials;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The kubeconfig files merged as kubectl merges them, and the contexts they offer.
 * {@code mergedYaml} holds credentials: it is handed to fabric8 and never logged.
 */
public record Kubeconfig(List<Path> files, List<KubeContext> contexts, String currentContext, String mergedYaml) {

    public Kubeconfig {
        files = List.copyOf(files);
        contexts = List.copyOf(contexts);
    }

    public Optional<KubeContext> context(String name) {
        return contexts.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** The context to use: the one asked for, else current-context; fails in words when neither works. */
    public KubeContext choose(String requested) throws ConnectionProblem {
        String name = requested != null ? requested : currentContext;
        if (name == null || name.isBlank()) {
            throw new ConnectionProblem(ProblemKind.UNKNOWN_CONTEXT, "kubeconfig " + fileList()
                    + " sets no current-context; choose one with --context (contexts: " + contextNames() + ")");
        }
        KubeContext ctx = context(name).orElseThrow(() -> new ConnectionProblem(ProblemKind.UNKNOWN_CONTEXT,
                "context '" + name + "' is not in kubeconfig " + fileList() + " (contexts: " + contextNames() + ")"));
        if (ctx.server() == null || ctx.server().isBlank()) {
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED, "context '" + name + "' in " + ctx.file()
                    + " refers to cluster '" + ctx.cluster() + "', which is missing or has no server URL");
        }
        return ctx;
    }

    /**
     * A fabric8 Config for one context: TLS, client certs and static tokens as the file says; an
     * exec plugin is run once here (with a deadline) and a token file opened, both kept fresh for
     * the session by the returned token source.
     */
    public ClientSetup toClientConfig(KubeContext ctx) throws ConnectionProblem {
        UserCredentials credentials;
        Config config;
        try {
            // Our merged text, not a file: fabric8's String overloads re-read the first file.
            var parsed = KubeconfigModel.parse(mergedYaml);
            TlsMaterial.check(parsed, ctx);
            credentials = UserCredentials.takeFrom(parsed, ctx.user(), ctx.cluster());
            config = Config.empty();
            KubeConfigUtils.merge(config, ctx.name(), parsed);
            // The context's own reading decides, not fabric8's parse of the same entry: what the console
            // shows (ctx.tlsVerificationOff) and what the client does are then one fact. Config.empty()
            // reads no system property or environment variable (kubernetes.trust.certificates), and
            // nothing after this sets them.
            config.setTrustCerts(ctx.tlsVerificationOff());
            config.setDisableHostnameVerification(ctx.tlsVerificationOff());
        } catch (RuntimeException e) {
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED,
                    "cannot use context '" + ctx.name() + "' from " + ctx.file() + ": " + oneLine(e.getMessage()), e);
        }
        KubeconfigSecrets.remember(config);
        try {
            return new ClientSetup(config, credentials.apply(config, Clock.systemUTC()));
        } catch (CredentialsUnavailable e) {
            throw new ConnectionProblem(ProblemKind.CREDENTIALS, e.getMessage() + " (context '" + ctx.name() + "')");
        }
    }

    String fileList() {
        return files.size() == 1 ? files.getFirst().toString() : files.toString();
    }

    private String contextNames() {
        return contexts.isEmpty() ? "none" : String.join(", ", contexts.stream().map(KubeContext::name).toList());
    }

    private static String oneLine(String s) {
        return s == null ? "unreadable" : s.lines().findFirst().orElse(s);
    }
}
