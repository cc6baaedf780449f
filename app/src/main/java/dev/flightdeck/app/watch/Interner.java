package dev.flightdeck.app.watch;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Shares one copy of strings that repeat across thousands of objects (namespaces,
 * node names, phases, label keys and values). Unlike {@link String#intern()} it is
 * owned by one session and goes away with it.
 */
final class Interner {

    private final ConcurrentHashMap<String, String> pool = new ConcurrentHashMap<>();

    String intern(String s) {
        if (s == null) {
            return null;
        }
        String existing = pool.putIfAbsent(s, s);
        return existing == null ? s : existing;
    }
}
