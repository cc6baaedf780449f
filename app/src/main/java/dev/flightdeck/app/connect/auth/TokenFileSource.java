package dev.flightdeck.app.connect.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * A kubeconfig user's {@code tokenFile}, re-read as client-go re-reads it: at most once a minute,
 * and at once when the server rejects the token it holds (a rotated projected token, a file a
 * sidecar rewrites). fabric8 ignores tokenFile altogether; without this a rotated token would
 * mean a restart. When a re-read fails the token already held is kept.
 */
public final class TokenFileSource implements TokenSource {

    public static final Duration REREAD_EVERY = Duration.ofMinutes(1);

    private final Path file;
    private final Clock clock;
    private final Duration rereadEvery;
    private String token;
    private Instant readAt;
    private int reads;

    /** @param initial the kubeconfig's inline {@code token}, used until the file is first read (may be null) */
    public TokenFileSource(Path file, String initial, Clock clock, Duration rereadEvery) {
        this.file = file;
        this.clock = clock;
        this.rereadEvery = rereadEvery;
        this.token = initial == null || initial.isBlank() ? null : initial;
        this.readAt = token == null ? null : clock.instant();
    }

    @Override
    public synchronized String token() {
        Instant now = clock.instant();
        if (token != null && readAt != null && now.isBefore(readAt.plus(rereadEvery))) {
            return token;
        }
        try {
            String read = Files.readString(file).strip();
            reads++;
            readAt = now;
            if (read.isEmpty()) {
                return keepOr(new CredentialsUnavailable("token file " + file + " is empty"));
            }
            token = read;
            dev.flightdeck.app.secrets.KnownSecrets.register(read);
            return token;
        } catch (IOException | SecurityException e) {
            readAt = now;
            return keepOr(new CredentialsUnavailable("cannot read token file " + file + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "it does not exist"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.getClass().getSimpleName())));
        }
    }

    private String keepOr(CredentialsUnavailable failure) {
        if (token != null) {
            return token;
        }
        throw failure;
    }

    @Override
    public synchronized void rejected(String rejected) {
        if (rejected.equals(token) && readAt != null && !clock.instant().isBefore(readAt.plusSeconds(1))) {
            readAt = null; // read the file again before the next request
            token = null;
        }
    }

    /** How many times the file has been read. */
    public synchronized int reads() {
        return reads;
    }

    @Override
    public String describe() {
        return "token file " + file;
    }
}
