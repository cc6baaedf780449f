package dev.flightdeck.app.connect;

import dev.flightdeck.app.connect.auth.TokenSource;
import io.fabric8.kubernetes.client.Config;

import java.util.Optional;

/**
 * What a client for one context needs: fabric8's config (server, TLS, static credentials) and,
 * when the user's token must stay fresh (an exec plugin, a token file), where to get it.
 */
public record ClientSetup(Config config, Optional<TokenSource> tokens) {
}
