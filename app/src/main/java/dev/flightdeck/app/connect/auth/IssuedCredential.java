package dev.flightdeck.app.connect.auth;

import java.time.Instant;
import java.util.Optional;

/**
 * What a credential plugin issued: a bearer token, or a client certificate and key (PEM), and
 * when it expires if the plugin said. {@link #toString()} never shows the secret parts.
 */
public record IssuedCredential(String token, String certificatePem, String keyPem, Optional<Instant> expiry) {

    public IssuedCredential {
        dev.flightdeck.app.secrets.KnownSecrets.register(token, keyPem); // kept out of everything that leaves the process
    }

    public boolean isToken() {
        return token != null;
    }

    @Override
    public String toString() {
        return (isToken() ? "token" : "client certificate") + expiry.map(e -> " expiring " + e).orElse("");
    }
}
