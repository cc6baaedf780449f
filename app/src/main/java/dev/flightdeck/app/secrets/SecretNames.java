package dev.flightdeck.app.secrets;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a name — of an env var, an annotation, a command-line flag, a header or a YAML field — says
 * that its value is a secret. Names are split into words ({@code HF_TOKEN}, {@code apiKey},
 * {@code --wandb-key}) and judged by them, so that a count or a path about a secret stays visible
 * ({@code MAX_TOKENS}, {@code TOKENIZER}, {@code SECRET_NAME}, {@code API_KEY_FILE}) while the secret itself does not.
 */
public final class SecretNames {

    /** Words that make a name secret wherever they stand in it. */
    private static final Set<String> SECRET_WORDS = Set.of("password", "passwd", "passphrase", "secret", "token",
            "credential", "credentials", "creds", "apikey", "privatekey", "secretkey", "accesskey", "bearer", "cookie",
            "connectionstring", "htpasswd", "keytab");
    /** Words that make a name secret only as its last word ({@code BASIC_AUTH}, {@code GH_PAT}; not {@code AUTH_MODE}). */
    private static final Set<String> SECRET_LAST_WORDS = Set.of("auth", "pat", "pass", "dsn");
    /**
     * A last word that says the value is about a secret, not the secret: where it lives, what it is called,
     * how long it is. {@code SECRET_NAME}, {@code TOKEN_PATH}, {@code MAX_TOKEN_LENGTH}, {@code TOKEN_URL} stay.
     */
    private static final Set<String> DESCRIBING_WORDS = Set.of("file", "files", "path", "paths", "dir", "directory",
            "name", "names", "url", "uri", "endpoint", "id", "ref", "mount", "location", "type", "kind", "version",
            "length", "len", "limit", "limits", "count", "size", "ttl", "timeout", "expiry", "expires", "expiration",
            "lifetime", "age", "seconds", "minutes", "hours", "days", "ms", "mode", "enabled", "required", "algorithm", "format",
            "prefix", "field", "source", "provider");
    /** "key" after these words is a plain key (a sort key, a label key), not a secret one. */
    private static final Set<String> PLAIN_KEYS = Set.of("sort", "partition", "cache", "primary", "foreign", "hash",
            "routing", "public", "label", "node", "group", "shard", "lookup", "index", "object", "dedup", "idempotency",
            "host", "s3", "bucket", "map", "dict", "json", "yaml", "config", "cluster", "table", "row", "column",
            "queue", "topic", "metric", "feature", "dataset", "resource", "annotation", "selector", "match", "taint");
    /** "key" or "string" after these words anywhere in a name: {@code API_KEY}, {@code CONNECTION_STRING}. */
    private static final Map<String, Set<String>> SECRET_PAIRS = Map.of(
            "key", Set.of("api", "private", "secret", "access", "signing", "encryption", "master", "client", "ssh", "license",
                    "service", "account", "app", "hmac", "session", "tls", "gpg", "pgp"),
            "string", Set.of("connection", "conn"),
            "pwd", Set.of("db", "database", "user", "admin", "root", "mysql", "postgres", "redis", "ldap", "smtp"));
    /** Words that say a value may be key material: a base64 blob under such a name is taken out. */
    private static final Set<String> KEY_MATERIAL_WORDS = Set.of("key", "keys", "kubeconfig", "config", "ssh", "tls",
            "private", "signing", "encryption", "keystore", "keyring", "keytab", "pem", "p12", "pfx", "jks", "cert", "data");
    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

    private SecretNames() {
    }

    /** Whether a value under this name is a secret ({@code HF_TOKEN}, {@code WANDB_API_KEY}, {@code DB_PASSWORD}). */
    public static boolean secret(String name) {
        return judge(name, false);
    }

    /**
     * As {@link #secret}, for a command-line flag, where a bare {@code --key}, {@code --pat} or {@code --auth}
     * carries a secret too (a bare {@code key:} in YAML is a label or taint key, and stays).
     */
    public static boolean secretFlag(String flag) {
        return judge(flag, true);
    }

    /** Whether the name hints at key material ({@code example.com/ssh-config}, {@code tls-data}): see {@link SecretShapes#isBase64Blob}. */
    public static boolean hintsKeyMaterial(String name) {
        return words(name).stream().anyMatch(KEY_MATERIAL_WORDS::contains);
    }

    private static boolean judge(String name, boolean flag) {
        List<String> words = words(name);
        if (words.isEmpty() || DESCRIBING_WORDS.contains(words.getLast())) {
            return false;
        }
        String previous = "";
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean last = i == words.size() - 1;
            if (SECRET_WORDS.contains(w) || last && SECRET_LAST_WORDS.contains(w)
                    || SECRET_PAIRS.getOrDefault(w, Set.of()).contains(previous)
                    || last && w.equals("key") && (previous.isEmpty() ? flag : !PLAIN_KEYS.contains(previous))) {
                return true;
            }
            previous = w;
        }
        return false;
    }

    private static List<String> words(String name) {
        return WORD_BREAK.splitAsStream(name).filter(w -> !w.isEmpty()).map(w -> w.toLowerCase(Locale.ROOT)).toList();
    }
}
