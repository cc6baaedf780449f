package dev.flightdeck.app.connect;

import dev.flightdeck.app.connect.auth.BearerTokenInterceptor;
import dev.flightdeck.app.connect.auth.TokenSource;
import dev.flightdeck.app.watch.ApiEndpoint;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One authenticated connection to one cluster (a kubeconfig context or the sandbox).
 * Opening it asks the server for {@code /version}, so a bad address, a TLS mismatch
 * or expired credentials surface at once, in words, instead of as a silent watch retry.
 */
public final class ClusterConnection implements AutoCloseable {

    private static final long PROBE_SECONDS = 15;

    private final String displayName;
    private final String user;
    private final KubernetesClient client;
    private final ApiEndpoint api;
    private final LocalCluster sandbox;
    private final boolean ownsSandbox;
    private final RequestBudget budget;

    private ClusterConnection(String displayName, String user, KubernetesClient client, LocalCluster sandbox,
                              boolean ownsSandbox, RequestBudget budget) {
        this.ownsSandbox = ownsSandbox;
        this.displayName = displayName;
        this.user = user;
        this.client = client;
        this.budget = budget;
        // Every request of the console to this cluster goes through its budget (watches, scrapes, actions).
        this.api = new ApiEndpoint(client.getHttpClient().newBuilder()
                .addOrReplaceInterceptor("flightdeck-request-budget", budget).build(),
                client.getConfiguration().getMasterUrl());
        this.sandbox = sandbox;
    }

    /** This connection's request budget (how many requests it has charged). */
    public RequestBudget budget() {
        return budget;
    }

    public static ClusterConnection open(ConnectionTarget target, ConnectionOptions options) throws ConnectionProblem {
        return switch (target) {
            case ConnectionTarget.Sandbox s -> sandbox(target, LocalClusters.start(s.nodes()), true, options);
            case ConnectionTarget.RunningSandbox r -> sandbox(target, r.cluster(), false, options);
            case ConnectionTarget.Context c -> {
                KubeContext ctx = c.kubeconfig().choose(c.name());
                ClientSetup setup = c.kubeconfig().toClientConfig(ctx);
                Config config = tuned(setup.config(), options);
                yield probed(new ClusterConnection(ctx.name(), ctx.user(), client(config, setup.tokens(), ctx), null, false,
                        options.requestBudget().fresh()));
            }
        };
    }

    private static ClusterConnection sandbox(ConnectionTarget target, LocalCluster cluster, boolean owned,
                                             ConnectionOptions options) throws ConnectionProblem {
        Config config = tuned(new ConfigBuilder(Config.empty()).withMasterUrl(cluster.url()).build(), options);
        return probed(new ClusterConnection(target.displayName(), "sandbox-admin",
                new KubernetesClientBuilder().withConfig(config).withHttpClientBuilderConsumer(b ->
                        b.addOrReplaceInterceptor(SecretsNeverRead.NAME, new SecretsNeverRead())).build(),
                cluster, owned, options.requestBudget().fresh()));
    }

    /**
     * The client for a context; unreadable client credentials (a key fabric8 cannot load, a
     * missing certificate file) are one line naming the user and context, not an exception.
     */
    private static KubernetesClient client(Config config, Optional<TokenSource> tokens, KubeContext ctx)
            throws ConnectionProblem {
        try {
            ClientKeyAlgorithm.apply(config);
            // Fresh tokens on every request of this client and of everything derived from it.
            return new KubernetesClientBuilder().withConfig(config)
                    .withHttpClientBuilderConsumer(b -> {
                        b.addOrReplaceInterceptor(SecretsNeverRead.NAME, new SecretsNeverRead());
                        tokens.ifPresent(t -> b.addOrReplaceInterceptor(BearerTokenInterceptor.NAME, new BearerTokenInterceptor(t)));
                    })
                    .build();
        } catch (java.io.IOException | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new ConnectionProblem(ProblemKind.CREDENTIALS, "cannot use the credentials of user '" + ctx.user()
                    + "' in context '" + ctx.name() + "' (" + ctx.file() + "): " + cause.getClass().getSimpleName() + ": "
                    + String.valueOf(cause.getMessage()).lines().findFirst().orElse(""), e);
        }
    }

    /** Our watchers back off on their own; fabric8's per-request retries would only hide an outage. */
    private static Config tuned(Config config, ConnectionOptions options) {
        config.setRequestRetryBackoffLimit(0);
        config.setUserAgent(options.userAgent());
        config.setConnectionTimeout(10_000);
        return config;
    }

    private static ClusterConnection probed(ClusterConnection c) throws ConnectionProblem {
        try {
            c.probe();
            return c;
        } catch (ConnectionProblem p) {
            c.close();
            throw p;
        }
    }

    private void probe() throws ConnectionProblem {
        String server = api.baseUrl().replaceAll("/+$", "");
        try {
            HttpResponse<String> r = api.http()
                    .sendAsync(api.http().newHttpRequestBuilder().uri(api.uri("/version")).build(), String.class)
                    .get(PROBE_SECONDS, TimeUnit.SECONDS);
            if (!r.isSuccessful()) {
                throw ProblemClassifier.forStatus(r.code(), server, user, "read /version");
            }
        } catch (ExecutionException e) {
            throw ProblemClassifier.classify(e.getCause() == null ? e : e.getCause(), server, caSource());
        } catch (TimeoutException e) {
            throw new ConnectionProblem(ProblemKind.UNREACHABLE,
                    "cannot reach " + server + ": no answer within " + PROBE_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionProblem(ProblemKind.OTHER, "interrupted while connecting to " + server);
        } catch (RuntimeException e) {
            // exec credential plugins and token files fail here, before any request is sent
            throw ProblemClassifier.classify(e, server, caSource());
        }
    }

    /** Where this connection's CA comes from, for TLS messages; null when the kubeconfig names none. */
    private String caSource() {
        Config c = client.getConfiguration();
        if (c.getCaCertFile() != null && !c.getCaCertFile().isBlank()) {
            return c.getCaCertFile();
        }
        return c.getCaCertData() != null && !c.getCaCertData().isBlank() ? "certificate-authority-data" : null;
    }

    public String displayName() {
        return displayName;
    }

    /**
     * The client does not check the server's certificate: read from the client's own settings, which
     * only the kubeconfig's {@code insecure-skip-tls-verify} sets ({@link TlsVerification}).
     */
    public boolean tlsVerificationOff() {
        return client.getConfiguration().isTrustCerts();
    }

    /** The user name from the kubeconfig context; never a credential. */
    public String user() {
        return user;
    }

    public boolean isSandbox() {
        return sandbox != null;
    }

    /** The clock the sandbox's simulated metrics follow, when this is the sandbox. */
    public Optional<java.time.Clock> sandboxMetricsClock() {
        return sandbox == null ? Optional.empty() : Optional.of(sandbox.metricsClock());
    }

    /** The sandbox's object storage and the keys it takes, when this is the sandbox. */
    public Optional<LocalObjectStorage> localObjectStorage() {
        return sandbox == null ? Optional.empty() : Optional.ofNullable(sandbox.objectStorage());
    }

    /** The local cluster this connects to, when it is one (the sandbox). */
    public Optional<LocalCluster> sandbox() {
        return Optional.ofNullable(sandbox);
    }

    public KubernetesClient client() {
        return client;
    }

    public ApiEndpoint api() {
        return api;
    }

    @Override
    public void close() {
        client.close();
        if (sandbox != null && ownsSandbox) {
            sandbox.stop().run();
        }
    }
}
