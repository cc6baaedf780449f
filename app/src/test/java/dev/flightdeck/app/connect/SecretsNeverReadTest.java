package dev.flightdeck.app.connect;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which paths are reads of Secret objects (refused before sending) and which only look like one. */
class SecretsNeverReadTest {

    @Test
    void readsOfTheCoreApisSecretsAreRecognised() {
        for (String path : List.of("/api/v1/secrets", "/api/v1/secrets?watch=true", "/api/v1/namespaces/training/secrets",
                "/api/v1/namespaces/training/secrets/s3-credentials", "/k8s/clusters/c-1/api/v1/namespaces/x/secrets/y")) {
            assertTrue(SecretsNeverRead.readsSecrets(URI.create("https://10.0.0.1:6443" + path)), path);
        }
    }

    @Test
    void whatOnlyLooksLikeOneIsNot() {
        for (String path : List.of("/api/v1/namespaces/secrets", "/api/v1/namespaces/secrets/pods", "/api/v1/pods",
                "/apis/external-secrets.io/v1beta1/namespaces/x/externalsecrets", "/apis/bitnami.com/v1alpha1/sealedsecrets",
                "/api/v1/namespaces/training/pods/secrets", "/version", "/api", "/api/v1")) {
            assertFalse(SecretsNeverRead.readsSecrets(URI.create("https://10.0.0.1:6443" + path)), path);
        }
    }
}
