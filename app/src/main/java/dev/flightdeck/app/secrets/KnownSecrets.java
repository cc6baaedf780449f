package dev.flightdeck.app.secrets;

import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The exact secrets this process holds — tokens, passwords and keys read from a kubeconfig, issued by an exec
 * plugin, read from a token file or the settings — so that they are taken out of anything that leaves the
 * process wherever they appear, whatever surrounds them. Values shorter than {@link #MIN_LENGTH} are not kept:
 * they would match ordinary words (such a value is still caught by its name or shape).
 */
public final class KnownSecrets {

    static final int MIN_LENGTH = 8;
    /** Longest first, so that a secret containing another is replaced whole. Replaced, never changed in place. */
    private static volatile String[] values = new String[0];

    private KnownSecrets() {
    }

    /** Remembers each non-null value (and, for a multi-line one such as a PEM key, each of its long lines). */
    public static void register(String... secrets) {
        Set<String> add = new LinkedHashSet<>();
        for (String s : secrets) {
            if (s == null) {
                continue;
            }
            String v = s.strip();
            if (v.length() >= MIN_LENGTH) {
                add.add(v);
            }
            if (v.contains("\n")) {
                v.lines().map(String::strip).filter(l -> l.length() >= 16 && !l.startsWith("-----")).forEach(add::add);
            }
        }
        if (!add.isEmpty()) {
            merge(add);
        }
    }

    /** Remembers base64 text (kubeconfig {@code client-key-data}) and what it decodes to. */
    public static void registerBase64(String base64) {
        if (base64 == null || base64.isBlank()) {
            return;
        }
        register(base64);
        try {
            register(new String(Base64.getMimeDecoder().decode(base64.strip()), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notBase64) {
            // kept as it is written; nothing more to learn from it
        }
    }

    private static synchronized void merge(Set<String> add) {
        Set<String> all = new LinkedHashSet<>(Arrays.asList(values));
        if (all.addAll(add)) {
            String[] next = all.toArray(String[]::new);
            Arrays.sort(next, Comparator.comparingInt(String::length).reversed());
            values = next;
        }
    }

    /** {@code text} with every known secret replaced by {@code placeholder}. */
    static String replaceIn(String text, String placeholder) {
        String out = text;
        for (String v : values) {
            if (out.contains(v)) {
                out = out.replace(v, placeholder);
            }
        }
        return out;
    }

    /** How many values are kept (for tests and the About dialog's diagnostics). */
    public static int size() {
        return values.length;
    }
}
