package dev.flightdeck.app.connect;

import dev.flightdeck.app.secrets.KnownSecrets;
import io.fabric8.kubernetes.client.Config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The credentials a kubeconfig hands the console — static token, password, client key (inline or as a file),
 * an auth-provider's tokens — remembered as known secrets the moment they are read, so that none of them
 * leaves the process in any form, whatever text carries it.
 */
final class KubeconfigSecrets {

    private KubeconfigSecrets() {
    }

    static void remember(Config config) {
        KnownSecrets.register(config.getAutoOAuthToken(), config.getOauthToken(), config.getPassword());
        KnownSecrets.registerBase64(config.getClientKeyData());
        String keyFile = config.getClientKeyFile();
        if (keyFile != null && !keyFile.isBlank()) {
            try {
                KnownSecrets.register(Files.readString(Path.of(keyFile)));
            } catch (IOException | RuntimeException unreadable) {
                // the TLS setup says in its own words that the key cannot be read
            }
        }
        if (config.getAuthProvider() != null && config.getAuthProvider().getConfig() != null) {
            config.getAuthProvider().getConfig().forEach((name, value) -> {
                if (dev.flightdeck.app.secrets.SecretNames.secret(name)) {
                    KnownSecrets.register(value);
                }
            });
        }
    }
}
