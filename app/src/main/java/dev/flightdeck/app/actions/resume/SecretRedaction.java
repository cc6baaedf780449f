package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.flightdeck.app.watch.KubeJson;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Takes literal secrets out of a Kubernetes object before it is written to the journal. A resume
 * saves the whole workload and its pods so they can be restored, and workloads carry tokens
 * and passwords as literal env values, in container arguments and in annotations (kubectl's
 * last-applied-configuration repeats the whole manifest). Those values are replaced by
 * {@link #PLACEHOLDER}; everything else — and every reference to a Secret (secretKeyRef,
 * envFrom, volumes), which holds no value — is kept, so the saved copy still restores.
 *
 * <p>A value is taken out when its name looks secret (a word such as token, password, secret,
 * credential, or an api/private/secret/access key), or when the value itself looks like one (a
 * PEM private key, a JWT, a GitHub or Slack token, an AWS access key id).
 */
public final class SecretRedaction {

    public static final String PLACEHOLDER = "<redacted by flightdeck>";
    static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

    /** The object with secrets replaced, and where each was, e.g. {@code spec.template.spec.containers[trainer].env[HF_TOKEN]}. */
    public record Result(JsonNode object, List<String> redacted) {
    }

    private static final Set<String> SECRET_WORDS = Set.of("password", "passwd", "pwd", "passphrase", "secret", "token",
            "credential", "credentials", "apikey", "bearer", "auth", "cookie", "dsn", "privatekey", "connectionstring");
    /** A name ending in "key" holds one (WANDB_KEY, --openai-key) unless the word before says what kind of key it is not. */
    private static final Set<String> PLAIN_KEYS = Set.of("sort", "partition", "cache", "primary", "foreign", "hash", "routing",
            "public", "label", "node", "group", "shard", "lookup", "index", "object", "dedup", "idempotency", "host", "ssh-host");
    /** "key" or "string" is secret after these words anywhere in a name: API_KEY_FILE, PRIVATE_KEY_PATH, CONNECTION_STRING. */
    private static final Map<String, Set<String>> SECRET_PAIRS = Map.of(
            "key", Set.of("api", "private", "secret", "access", "signing", "encryption", "master", "client", "ssh"),
            "string", Set.of("connection", "conn"));
    private static final Pattern SECRET_VALUE = Pattern.compile(
            "-----BEGIN [A-Z ]*PRIVATE KEY-----.*"                      // PEM private keys
                    + "|eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\..*"   // JWTs
                    + "|(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
                    + "|xox[abprs]-[A-Za-z0-9-]{10,}"                       // Slack
                    + "|AKIA[0-9A-Z]{16}"                                   // AWS access key id
                    + "|hf_[A-Za-z0-9]{30,}",                               // Hugging Face
            Pattern.DOTALL);
    /**
     * Inside a shell line ({@code bash -c "HF_TOKEN=abc python train.py --api-key xyz"}): NAME=value and
     * --flag value, where the name ends in the secret word (so --max-tokens and --tokenizer stay).
     */
    private static final Pattern IN_SHELL_LINE = Pattern.compile(
            "(?i)((?:^|\\s)--?[a-z0-9_.-]*(?:token|password|passwd|secret|credentials?|api[-_]?key|private[-_]?key)(?:=|\\s+)"
                    + "|(?:^|\\s)[a-z0-9_]*(?:token|password|passwd|secret|credentials?|api_?key|private_?key)=)"
                    + "(\"[^\"]*\"|'[^']*'|[^\\s\"';]+)");
    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

    private SecretRedaction() {
    }

    /** A redacted deep copy of {@code object}; the original is not changed. */
    public static Result redact(JsonNode object) {
        JsonNode copy = object.deepCopy();
        List<String> redacted = new ArrayList<>();
        walk(copy, "", redacted);
        return new Result(copy, List.copyOf(redacted));
    }

    /** Whether an env var, annotation or flag of this name holds a secret by its name. */
    static boolean secretName(String name) {
        String previous = "";
        String[] words = WORD_BREAK.split(name);
        for (int i = 0; i < words.length; i++) {
            String w = words[i].toLowerCase(Locale.ROOT);
            boolean last = i == words.length - 1;
            if (SECRET_WORDS.contains(w) || SECRET_PAIRS.getOrDefault(w, Set.of()).contains(previous)
                    || last && w.equals("key") && !previous.isEmpty() && !PLAIN_KEYS.contains(previous)) {
                return true;
            }
            previous = w;
        }
        return false;
    }

    static boolean secretValue(String value) {
        return SECRET_VALUE.matcher(value.strip()).matches();
    }

    private static void walk(JsonNode node, String path, List<String> redacted) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
            List<Map.Entry<String, JsonNode>> replace = new ArrayList<>();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String at = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
                JsonNode v = f.getValue();
                if (f.getKey().equals("env") && v instanceof ArrayNode env) {
                    redactEnv(env, at, redacted);
                } else if (f.getKey().equals("annotations") && v instanceof ObjectNode annotations) {
                    redactAnnotations(annotations, at, redacted);
                } else if ((f.getKey().equals("args") || f.getKey().equals("command")) && v instanceof ArrayNode argv) {
                    redactArguments(argv, at, redacted);
                } else if (v.isTextual() && secretValue(v.asText())) {
                    replace.add(Map.entry(f.getKey(), TextNode.valueOf(PLACEHOLDER)));
                    redacted.add(at);
                } else {
                    walk(v, at, redacted);
                }
            }
            replace.forEach(e -> o.set(e.getKey(), e.getValue()));
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                JsonNode item = a.get(i);
                String at = path + "[" + (item.hasNonNull("name") ? item.path("name").asText() : String.valueOf(i)) + "]";
                if (item.isTextual() && secretValue(item.asText())) {
                    a.set(i, TextNode.valueOf(PLACEHOLDER));
                    redacted.add(at);
                } else {
                    walk(item, at, redacted);
                }
            }
        }
    }

    /** Literal values only: valueFrom (secretKeyRef, configMapKeyRef, fieldRef) holds no value and stays. */
    private static void redactEnv(ArrayNode env, String path, List<String> redacted) {
        for (JsonNode var : env) {
            if (var instanceof ObjectNode v && v.path("value").isTextual()) {
                String name = v.path("name").asText();
                if (secretName(name) || secretValue(v.path("value").asText())) {
                    v.put("value", PLACEHOLDER);
                    redacted.add(path + "[" + name + "]");
                }
            }
        }
    }

    private static void redactAnnotations(ObjectNode annotations, String path, List<String> redacted) {
        List<String> names = new ArrayList<>();
        annotations.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode v = annotations.get(name);
            if (!v.isTextual()) {
                continue;
            }
            String at = path + "[" + name + "]";
            if (name.equals(LAST_APPLIED)) {
                // The whole manifest as kubectl last applied it: redact inside it the same way.
                String redactedManifest = redactEmbedded(v.asText(), at, redacted);
                annotations.put(name, redactedManifest);
            } else if (secretName(name.substring(name.lastIndexOf('/') + 1)) || secretValue(v.asText())) {
                annotations.put(name, PLACEHOLDER);
                redacted.add(at);
            }
        }
    }

    private static String redactEmbedded(String json, String path, List<String> redacted) {
        try {
            JsonNode manifest = KubeJson.MAPPER.readTree(json);
            List<String> inside = new ArrayList<>();
            walk(manifest, "", inside);
            if (inside.isEmpty()) {
                return json;
            }
            inside.forEach(p -> redacted.add(path + ": " + p));
            return KubeJson.MAPPER.writeValueAsString(manifest);
        } catch (JsonProcessingException notJson) {
            redacted.add(path);
            return PLACEHOLDER; // cannot look inside, so keep none of it
        }
    }

    /** {@code --token=abc} and {@code --token abc}; any argument that looks like a secret by its value. */
    private static void redactArguments(ArrayNode argv, String path, List<String> redacted) {
        boolean nextIsSecret = false;
        for (int i = 0; i < argv.size(); i++) {
            if (!argv.get(i).isTextual()) {
                continue;
            }
            String arg = argv.get(i).asText();
            String at = path + "[" + i + "]";
            if (nextIsSecret && !arg.startsWith("-")) {
                argv.set(i, TextNode.valueOf(PLACEHOLDER));
                redacted.add(at);
                nextIsSecret = false;
                continue;
            }
            nextIsSecret = false;
            int eq = arg.indexOf('=');
            if (arg.startsWith("-") && eq > 0 && secretName(arg.substring(0, eq))) {
                argv.set(i, TextNode.valueOf(arg.substring(0, eq + 1) + PLACEHOLDER));
                redacted.add(at);
            } else if (arg.startsWith("-") && eq < 0 && secretName(arg)) {
                nextIsSecret = true;
            } else if (secretValue(arg)) {
                argv.set(i, TextNode.valueOf(PLACEHOLDER));
                redacted.add(at);
            } else if (arg.contains(" ") || arg.contains("\n")) {
                String line = IN_SHELL_LINE.matcher(arg).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group(1) + PLACEHOLDER));
                if (!line.equals(arg)) {
                    argv.set(i, TextNode.valueOf(line));
                    redacted.add(at);
                }
            }
        }
    }
}
