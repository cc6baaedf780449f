package dev.flightdeck.app.connect.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.ExecConfig;
import io.fabric8.kubernetes.api.model.ExecEnvVar;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedExtension;
import io.fabric8.kubernetes.client.Config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The credentials of a kubeconfig user that must stay fresh for the whole session: an exec plugin
 * and a token file. They are taken out of the user before fabric8 reads it — fabric8 runs exec
 * plugins without a deadline, never again once a token is had, and ignores tokenFile — and served
 * instead by a {@link TokenSource} behind a {@link BearerTokenInterceptor}. Static tokens, client
 * certificates, basic auth and auth-providers are left to fabric8.
 */
public final class UserCredentials {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXEC_EXTENSION = "client.authentication.k8s.io/exec";

    private final String user;
    private final ExecPlugin.Spec exec;
    private final ObjectNode clusterInfo;
    private final String tokenFile;
    private final String inlineToken;

    private UserCredentials(String user, ExecPlugin.Spec exec, ObjectNode clusterInfo, String tokenFile, String inlineToken) {
        this.user = user;
        this.exec = exec;
        this.clusterInfo = clusterInfo;
        this.tokenFile = tokenFile;
        this.inlineToken = inlineToken;
    }

    /** Takes exec and tokenFile out of {@code userName}'s entry in {@code kubeconfig} (which it changes). */
    public static UserCredentials takeFrom(io.fabric8.kubernetes.api.model.Config kubeconfig, String userName, String clusterName) {
        AuthInfo info = kubeconfig.getUsers() == null ? null : kubeconfig.getUsers().stream()
                .filter(u -> u.getName() != null && u.getName().equals(userName) && u.getUser() != null)
                .map(NamedAuthInfo::getUser).findFirst().orElse(null);
        if (info == null || (info.getExec() == null && blank(info.getTokenFile()))) {
            return new UserCredentials(userName, null, null, null, null);
        }
        ExecConfig e = info.getExec();
        ExecPlugin.Spec spec = e == null || blank(e.getCommand()) ? null : new ExecPlugin.Spec(e.getCommand(), e.getArgs(),
                env(e), e.getApiVersion(), e.getInteractiveMode(), e.getInstallHint());
        ObjectNode cluster = spec != null && Boolean.TRUE.equals(e.getProvideClusterInfo())
                ? clusterInfo(kubeconfig, clusterName) : null;
        UserCredentials taken = new UserCredentials(userName, spec, cluster, blank(info.getTokenFile()) ? null : info.getTokenFile(),
                info.getToken());
        info.setExec(null);
        info.setTokenFile(null);
        if (taken.takesOver()) {
            info.setToken(null); // ours replaces it; fabric8 would otherwise retry 401s with the stale one
        }
        return taken;
    }

    /** Whether this user's token comes from us rather than from fabric8. */
    public boolean takesOver() {
        return exec != null || tokenFile != null;
    }

    /**
     * Sets up the fabric8 config for this user: runs the exec plugin once (a plugin that issues a
     * client certificate has it put into the config), and returns the token source requests use.
     *
     * @throws CredentialsUnavailable when the plugin fails, in words
     */
    public Optional<TokenSource> apply(Config config, Clock clock) {
        if (exec != null) {
            ExecPlugin plugin = new ExecPlugin(user, exec, clusterInfo, ExecPlugin.DEFAULT_TIMEOUT);
            IssuedCredential first = plugin.run();
            if (first.isToken()) {
                return Optional.of(new ExecTokenSource(plugin, first, clock));
            }
            Base64.Encoder b64 = Base64.getEncoder();
            config.setClientCertData(b64.encodeToString(first.certificatePem().getBytes(StandardCharsets.UTF_8)));
            config.setClientKeyData(b64.encodeToString(first.keyPem().getBytes(StandardCharsets.UTF_8)));
            config.setClientCertFile(null);
            config.setClientKeyFile(null);
            return Optional.empty();
        }
        if (tokenFile != null) {
            return Optional.of(new TokenFileSource(Path.of(tokenFile), inlineToken, clock, TokenFileSource.REREAD_EVERY));
        }
        return Optional.empty();
    }

    private static Map<String, String> env(ExecConfig e) {
        Map<String, String> env = new LinkedHashMap<>();
        if (e.getEnv() != null) {
            for (ExecEnvVar v : e.getEnv()) {
                if (v.getName() != null) {
                    env.put(v.getName(), v.getValue() == null ? "" : v.getValue());
                }
            }
        }
        return env;
    }

    /** client-go's ExecCredential spec.cluster: what a plugin needs to know about the cluster it signs in to. */
    private static ObjectNode clusterInfo(io.fabric8.kubernetes.api.model.Config kubeconfig, String clusterName) {
        Cluster c = kubeconfig.getClusters() == null ? null : kubeconfig.getClusters().stream()
                .filter(n -> n.getName() != null && n.getName().equals(clusterName)).map(NamedCluster::getCluster)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        ObjectNode out = JSON.createObjectNode();
        if (c == null) {
            return out;
        }
        out.put("server", c.getServer());
        if (!blank(c.getTlsServerName())) {
            out.put("tls-server-name", c.getTlsServerName());
        }
        if (Boolean.TRUE.equals(c.getInsecureSkipTlsVerify())) {
            out.put("insecure-skip-tls-verify", true);
        }
        String caData = c.getCertificateAuthorityData();
        if (blank(caData) && !blank(c.getCertificateAuthority())) {
            try {
                caData = Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(c.getCertificateAuthority())));
            } catch (IOException | RuntimeException ignored) {
                caData = null; // the TLS setup reports an unreadable CA file in its own words
            }
        }
        if (!blank(caData)) {
            out.put("certificate-authority-data", caData);
        }
        if (!blank(c.getProxyUrl())) {
            out.put("proxy-url", c.getProxyUrl());
        }
        if (c.getExtensions() != null) {
            for (NamedExtension x : c.getExtensions()) {
                if (EXEC_EXTENSION.equals(x.getName())) {
                    out.set("config", JSON.valueToTree(x.getExtension()));
                }
            }
        }
        return out;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
