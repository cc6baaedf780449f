package dev.flightdeck.app.watch;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Shares one copy of strings that repeat across thousands of objects (namespaces,
 * node names, phases, label keys and values). Unlike {@link String#intern()} it is
 * owned by one session and goes away with it. For values with few distinct spellings only: it never
 * forgets one (Event projections share the rest through a bounded cache).
 */
public final class Interner {

    private final ConcurrentHashMap<String, String> pool = new ConcurrentHashMap<>();

    public String intern(String s) {
        if (s == null) {
            return null;
        }
        String existing = pool.putIfAbsent(s, s);
        return existing == null ? s : existing;
    }
}
