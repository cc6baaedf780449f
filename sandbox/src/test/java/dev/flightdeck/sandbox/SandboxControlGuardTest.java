package dev.flightdeck.sandbox;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Who may use a sandbox's control surface: a request to its own loopback port with its own token. */
class SandboxControlGuardTest {

    @Test
    void drawsAFreshUrlSafeTokenOf256BitsEachTime() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String t = new SandboxControlGuard(8080).token();
            assertTrue(t.matches("[A-Za-z0-9_-]{43}"), "32 random bytes as unpadded base64url: " + t.length());
            seen.add(t);
        }
        assertEquals(100, seen.size());
    }

    @Test
    void admitsItsOwnTokenOnItsOwnLoopbackPortOnly() {
        SandboxControlGuard guard = new SandboxControlGuard(8080);
        String token = guard.token();
        for (String host : new String[]{"127.0.0.1:8080", "localhost:8080", "Localhost:8080", "[::1]:8080"}) {
            assertNull(guard.refuse(host, token), host);
        }
        for (String host : new String[]{null, "", "127.0.0.1", "127.0.0.1:8081", "localhost:80800", "evil.example:8080",
                "[::1]", "::1:8080", "127.0.0.2:8080", "localhost.:8080"}) {
            assertEquals(403, guard.refuse(host, token).code(), String.valueOf(host));
        }
        assertEquals(401, guard.refuse("127.0.0.1:8080", null).code());
        assertEquals(401, guard.refuse("127.0.0.1:8080", "").code());
        assertEquals(401, guard.refuse("127.0.0.1:8080", new SandboxControlGuard(8080).token()).code());
        assertEquals(401, guard.refuse("127.0.0.1:8080", token.toUpperCase(java.util.Locale.ROOT)).code());
        assertFalse(guard.toString().contains(token), "its toString never shows the token");
        assertFalse(guard.refuse("127.0.0.1:8080", token + "x").json().contains(token), "a refusal never says it back");
    }

    @Test
    void letsTheKubernetesApiBeAddressedByAnyLoopbackNameAndPort() {
        for (String host : new String[]{null, "127.0.0.1", "127.0.0.1:1", "localhost:6443", "LocalHost", "[::1]", "[::1]:443"}) {
            assertNull(SandboxControlGuard.notLoopback(host), String.valueOf(host));
        }
        for (String host : new String[]{"evil.example", "evil.example:6443", "127.0.0.1.evil.example", "localhost.evil:1",
                "10.0.0.1:6443", ""}) {
            assertTrue(SandboxControlGuard.notLoopback(host).endsWith("not to " + host), host);
        }
    }

    @Test
    void refusesAHostWithControlCharactersOnOneShortLine() {
        String said = new SandboxControlGuard(1).refuse("evil\r\nX: y" + "a".repeat(300), "t").json();
        assertFalse(said.contains("\r") || said.contains("\\r"), said);
        assertTrue(said.contains("not to evil??X: yaaa") && said.contains("…"), said);
    }
}
