package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * {@link KubeconfigModel} reads a kubeconfig into the same model as fabric8's own reader, field for field, unknown
 * fields and extensions included: the client built from it must not change with the reader. The files cover every
 * field kubectl's v1 Config has (clusters, users, contexts, preferences, extensions at each level).
 */
class KubeconfigModelTest {

    private static final String EVERY_FIELD = """
            apiVersion: v1
            kind: Config
            current-context: train
            preferences:
              colors: true
              extensions:
              - name: pref-ext
                extension: {a: 1}
            clusters:
            - name: gpu
              cluster:
                server: https://10.0.0.1:6443
                certificate-authority-data: Q0EtREFUQQ==
                tls-server-name: api.gpu.internal
                proxy-url: socks5://127.0.0.1:1080
                disable-compression: true
                extensions:
                - name: client.authentication.k8s.io/exec
                  extension:
                    audience: gpu
                    nested: {list: [1, 2, {x: y}]}
            - name: lab
              cluster:
                server: https://lab:6443
                certificate-authority: /etc/lab/ca.crt
                insecure-skip-tls-verify: true
                some-future-field: kept
            contexts:
            - name: train
              context:
                cluster: gpu
                user: sre
                namespace: training
                extensions:
                - name: flightdeck.dev/read-only
                  extension: true
            - name: lab
              context: {cluster: lab, user: exec-user}
            users:
            - name: sre
              user:
                client-certificate-data: Q0VSVA==
                client-key-data: S0VZ
                token: abc.def
                username: admin
                password: pw
                as: someone
                as-uid: "1000"
                as-groups: [a, b]
                as-user-extra: {scopes: [x, y]}
            - name: exec-user
              user:
                tokenFile: /var/run/token
                client-certificate: /etc/c.crt
                client-key: /etc/c.key
                exec:
                  apiVersion: client.authentication.k8s.io/v1
                  command: gke-gcloud-auth-plugin
                  args: [--flag, "two words"]
                  env:
                  - {name: A, value: "1"}
                  installHint: install it
                  provideClusterInfo: true
                  interactiveMode: Never
            - name: oidc
              user:
                auth-provider:
                  name: oidc
                  config: {client-id: x, idp-issuer-url: "https://issuer", refresh-token: r}
            """;

    private static final String MINIMAL = """
            apiVersion: v1
            kind: Config
            clusters: []
            contexts: []
            users: []
            """;

    private static final String AS_KUBECONFIG_LOADER_WRITES_IT = """
            ---
            apiVersion: "v1"
            kind: "Config"
            current-context: "sbx"
            clusters:
            - name: "sbx"
              cluster:
                server: "http://127.0.0.1:45713"
            contexts:
            - name: "sbx"
              context:
                cluster: "sbx"
                user: "u"
            users:
            - name: "u"
              user:
                token: "abc"
            """;

    @ParameterizedTest
    @ValueSource(strings = {EVERY_FIELD, MINIMAL, AS_KUBECONFIG_LOADER_WRITES_IT})
    void readsWhatFabric8Reads(String yaml) {
        Config ours = KubeconfigModel.parse(yaml);
        Config theirs = KubeConfigUtils.parseConfigFromString(yaml);
        assertNotNull(ours);
        assertEquals(theirs, ours);
        for (var context : ours.getContexts()) {
            boolean exec = ours.getUsers().stream().anyMatch(u -> u.getName().equals(context.getContext().getUser())
                    && u.getUser().getExec() != null);
            if (exec) {
                continue; // merging an exec user runs its plugin; the models above are already equal
            }
            io.fabric8.kubernetes.client.Config a = io.fabric8.kubernetes.client.Config.empty();
            io.fabric8.kubernetes.client.Config b = io.fabric8.kubernetes.client.Config.empty();
            KubeConfigUtils.merge(a, context.getName(), ours);
            KubeConfigUtils.merge(b, context.getName(), theirs);
            assertEquals(b.getMasterUrl(), a.getMasterUrl());
            assertEquals(b.getCaCertData(), a.getCaCertData());
            assertEquals(b.getClientCertData(), a.getClientCertData());
            assertEquals(b.getAutoOAuthToken(), a.getAutoOAuthToken());
            assertEquals(b.getNamespace(), a.getNamespace());
            assertEquals(b.getHttpsProxy(), a.getHttpsProxy());
            assertEquals(b.getImpersonateUsername(), a.getImpersonateUsername());
            assertEquals(b.getAuthProvider(), a.getAuthProvider());
        }
    }
}
