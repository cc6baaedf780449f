package dev.flightdeck.app.connect.auth;

import dev.flightdeck.app.MutableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * When the token sources run their plugin or read their file again, on a clock the test moves: by
 * expiry, by a 401, never in a loop, and keeping a token that is still good when a refresh fails.
 */
class TokenSourcesTest {

    private static final Instant T0 = Instant.parse("2026-11-24T12:00:00Z");

    @TempDir
    Path dir;

    /** A plugin that issues tok-1, tok-2, ... each expiring at the instant written in {@code expiry}, or fails if {@code fail} exists. */
    private ExecPlugin countingPlugin() throws Exception {
        Path p = dir.resolve("counting");
        Files.writeString(p, """
                #!/bin/sh
                d=%s
                if [ -e "$d/fail" ]; then echo "error: identity provider unreachable" >&2; exit 1; fi
                n=$(( $(cat "$d/n" 2>/dev/null || echo 0) + 1 )); echo $n > "$d/n"
                if [ -e "$d/expiry" ]; then e=",\\"expirationTimestamp\\":\\"$(cat "$d/expiry")\\""; else e=""; fi
                printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"tok-%%s"%%s}}' "$n" "$e"
                """.formatted(dir));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return new ExecPlugin("alice", new ExecPlugin.Spec(p.toString(), List.of(), Map.of(),
                "client.authentication.k8s.io/v1", "Never", null), null, Duration.ofSeconds(10));
    }

    private void expiry(Instant at) throws Exception {
        Files.writeString(dir.resolve("expiry"), at.toString());
    }

    @Test
    void anExecTokenIsKeptUntilShortlyBeforeItExpiresThenIssuedAgain() throws Exception {
        MutableClock clock = new MutableClock(T0);
        ExecPlugin plugin = countingPlugin();
        expiry(T0.plusSeconds(60));
        ExecTokenSource source = new ExecTokenSource(plugin, plugin.run(), clock);
        assertEquals("tok-1", source.token());
        clock.advance(Duration.ofSeconds(49));
        assertEquals("tok-1", source.token(), "10 s before expiry it is still kept");
        expiry(T0.plusSeconds(120));
        clock.advance(Duration.ofSeconds(1));
        assertEquals("tok-2", source.token(), "renewed 10 s before it runs out");
        assertEquals(2, source.runs());
    }

    @Test
    void aShortLivedTokenIsRenewedAQuarterOfItsLifeEarly() throws Exception {
        MutableClock clock = new MutableClock(T0);
        ExecPlugin plugin = countingPlugin();
        expiry(T0.plusSeconds(4));
        ExecTokenSource source = new ExecTokenSource(plugin, plugin.run(), clock);
        clock.advance(Duration.ofMillis(2_900));
        assertEquals("tok-1", source.token());
        clock.advance(Duration.ofMillis(100));
        assertEquals("tok-2", source.token());
    }

    @Test
    void aTokenWithoutExpiryIsReplacedOnlyWhenRejectedAndNotInALoop() throws Exception {
        MutableClock clock = new MutableClock(T0);
        ExecPlugin plugin = countingPlugin();
        ExecTokenSource source = new ExecTokenSource(plugin, plugin.run(), clock);
        clock.advance(Duration.ofHours(5));
        assertEquals("tok-1", source.token(), "no expiry: kept for hours");
        source.rejected("tok-1");
        assertEquals("tok-2", source.token());
        source.rejected("tok-1");
        assertEquals("tok-2", source.token(), "a late 401 for the old token changes nothing");
        source.rejected("tok-2");
        assertEquals("tok-2", source.token(), "a token just issued is not replaced at once: no plugin run per 401");
        clock.advance(ExecTokenSource.MIN_REJECTION_INTERVAL);
        source.rejected("tok-2");
        assertEquals("tok-3", source.token());
        assertEquals(3, source.runs());
    }

    @Test
    void aFailingRefreshKeepsAGoodTokenAndIsNotRetriedAtOnce() throws Exception {
        MutableClock clock = new MutableClock(T0);
        ExecPlugin plugin = countingPlugin();
        expiry(T0.plusSeconds(60));
        ExecTokenSource source = new ExecTokenSource(plugin, plugin.run(), clock);
        Files.writeString(dir.resolve("fail"), "");
        clock.advance(Duration.ofSeconds(55));
        assertEquals("tok-1", source.token(), "the refresh failed but tok-1 has 5 s left");
        clock.advance(Duration.ofSeconds(5));
        CredentialsUnavailable e = assertThrows(CredentialsUnavailable.class, source::token);
        assertEquals("the credential plugin 'counting' of user 'alice' failed (exit 1): error: identity provider unreachable",
                e.getMessage());
        Files.delete(dir.resolve("fail"));
        expiry(T0.plusSeconds(600));
        clock.advance(Duration.ofSeconds(4));
        assertThrows(CredentialsUnavailable.class, source::token, "within 10 s of the failure the plugin is not run again");
        clock.advance(Duration.ofSeconds(1));
        assertEquals("tok-2", source.token());
    }

    @Test
    void aTokenFileIsReadAgainAfterAMinuteOrAtOnceWhenRejected() throws Exception {
        MutableClock clock = new MutableClock(T0);
        Path file = dir.resolve("token");
        Files.writeString(file, "  first\n");
        TokenFileSource source = new TokenFileSource(file, null, clock, TokenFileSource.REREAD_EVERY);
        assertEquals("first", source.token(), "whitespace around the token is not part of it");
        Files.writeString(file, "second\n");
        clock.advance(Duration.ofSeconds(59));
        assertEquals("first", source.token());
        clock.advance(Duration.ofSeconds(1));
        assertEquals("second", source.token(), "re-read after a minute");
        Files.writeString(file, "third\n");
        clock.advance(Duration.ofSeconds(2));
        source.rejected("second");
        assertEquals("third", source.token(), "a rejected token sends us back to the file at once");
        assertEquals(3, source.reads());
    }

    @Test
    void aTokenFileThatGoesMissingOrEmptyKeepsTheTokenItHadAndSaysWhyWhenItHasNone() throws Exception {
        MutableClock clock = new MutableClock(T0);
        Path file = dir.resolve("token");
        TokenFileSource none = new TokenFileSource(file, null, clock, TokenFileSource.REREAD_EVERY);
        assertEquals("cannot read token file " + file + ": it does not exist",
                assertThrows(CredentialsUnavailable.class, none::token).getMessage());
        Files.writeString(file, "good\n");
        TokenFileSource source = new TokenFileSource(file, null, clock, TokenFileSource.REREAD_EVERY);
        assertEquals("good", source.token());
        Files.writeString(file, "\n");
        clock.advance(Duration.ofMinutes(1));
        assertEquals("good", source.token(), "a half-written (empty) file does not cost the token we have");
        Files.delete(file);
        clock.advance(Duration.ofMinutes(1));
        assertEquals("good", source.token());
        TokenFileSource inline = new TokenFileSource(file, "from-kubeconfig", clock, TokenFileSource.REREAD_EVERY);
        assertEquals("from-kubeconfig", inline.token(), "the inline token is used until the file is due");
    }
}
