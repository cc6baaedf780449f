package dev.flightdeck.app.connect.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Bearer tokens from an exec plugin, cached as client-go caches them: until shortly before the
 * expiry the plugin gave (a quarter of the lifetime or 10 s, whichever is less), or, without an
 * expiry, until the server rejects the token. One caller runs the plugin while the others wait
 * for its answer. A failed run is not repeated for {@link #RETRY_AFTER_FAILURE}, and while the
 * previous token has not yet expired it is still offered, so a flaky plugin costs nothing until
 * the token really runs out.
 */
public final class ExecTokenSource implements TokenSource {

    static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(10);
    /** A token the server rejected is replaced at most this often, so a 401 loop cannot fork a plugin per request. */
    static final Duration MIN_REJECTION_INTERVAL = Duration.ofSeconds(2);

    private final ExecPlugin plugin;
    private final Clock clock;
    private Held held;
    private CredentialsUnavailable lastFailure;
    private Instant failedAt;
    private int runs;

    private record Held(String token, Instant issued, Instant expiry) {
        boolean expired(Instant now) {
            return expiry != null && !now.isBefore(expiry);
        }

        boolean due(Instant now) {
            if (expiry == null) {
                return false;
            }
            Duration life = Duration.between(issued, expiry);
            Duration margin = life.dividedBy(4).compareTo(Duration.ofSeconds(10)) < 0 ? life.dividedBy(4) : Duration.ofSeconds(10);
            return !now.isBefore(expiry.minus(margin));
        }
    }

    /** @param first the token the plugin issued when the connection was made */
    public ExecTokenSource(ExecPlugin plugin, IssuedCredential first, Clock clock) {
        this.plugin = plugin;
        this.clock = clock;
        this.held = new Held(first.token(), clock.instant(), first.expiry().orElse(null));
        this.runs = 1;
    }

    @Override
    public synchronized String token() {
        Instant now = clock.instant();
        if (held != null && !held.due(now)) {
            return held.token();
        }
        if (lastFailure != null && now.isBefore(failedAt.plus(RETRY_AFTER_FAILURE))) {
            return stillValidOr(now, lastFailure);
        }
        try {
            IssuedCredential issued = plugin.run();
            runs++;
            if (!issued.isToken()) {
                throw new CredentialsUnavailable(plugin.describe()
                        + " switched from a token to a client certificate; reconnect to use it");
            }
            held = new Held(issued.token(), now, issued.expiry().orElse(null));
            lastFailure = null;
            return held.token();
        } catch (CredentialsUnavailable e) {
            lastFailure = e;
            failedAt = now;
            return stillValidOr(now, e);
        }
    }

    private String stillValidOr(Instant now, CredentialsUnavailable failure) {
        if (held != null && !held.expired(now)) {
            return held.token();
        }
        throw failure;
    }

    @Override
    public synchronized void rejected(String token) {
        Instant now = clock.instant();
        if (held != null && held.token().equals(token) && !now.isBefore(held.issued().plus(MIN_REJECTION_INTERVAL))) {
            held = null;
            lastFailure = null;
        }
    }

    /** How many times the plugin has run (the first, at connect, included). */
    public synchronized int runs() {
        return runs;
    }

    @Override
    public String describe() {
        return plugin.describe();
    }
}
