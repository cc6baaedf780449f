package dev.flightdeck.app.secrets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Takes secrets out of a Kubernetes object (or any JSON) before it leaves the process. Workloads carry tokens
 * and passwords as literal env values, in container arguments and shell lines, and in annotations (kubectl's
 * last-applied-configuration repeats the whole manifest). Those values become {@link SecretText#PLACEHOLDER};
 * everything else — and every reference to a Secret (secretKeyRef, envFrom, volumes), which holds no value — is
 * kept, so a saved copy still restores. Every text leaf also goes through {@link SecretText}, so an object
 * redacted here has nothing left that the text boundary would take out.
 */
public final class SecretObjects {

    public static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
    private static final ObjectMapper JSON = com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .addModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    /** The object with secrets replaced, and where each was, e.g. {@code spec.template.spec.containers[trainer].env[HF_TOKEN]}. */
    public record Result(JsonNode object, List<String> redacted) {
    }

    /** What a person is shown of an object: redacted, and what was left out of it entirely (said, not hidden). */
    public record Shown(JsonNode object, List<String> leftOut) {
    }

    private SecretObjects() {
    }

    /** A redacted deep copy of {@code object}; the original is not changed. */
    public static Result redact(JsonNode object) {
        JsonNode copy = object.deepCopy();
        List<String> redacted = new ArrayList<>();
        JsonNode top = walk(copy, "", redacted);
        return new Result(top, List.copyOf(redacted));
    }

    /**
     * The object as a plan or a diff shows it: redacted, without {@code metadata.managedFields} and kubectl's
     * last-applied-configuration (the whole manifest again, which would only repeat the object around every change).
     */
    public static Shown forDisplay(JsonNode object) {
        JsonNode copy = redact(object).object();
        List<String> leftOut = new ArrayList<>();
        if (copy.path("metadata") instanceof ObjectNode meta) {
            if (meta.remove("managedFields") != null) {
                leftOut.add("metadata.managedFields");
            }
            if (meta.path("annotations") instanceof ObjectNode annotations && annotations.remove(LAST_APPLIED) != null) {
                leftOut.add("the " + LAST_APPLIED + " annotation");
                if (annotations.isEmpty()) {
                    meta.remove("annotations");
                }
            }
        }
        return new Shown(copy, List.copyOf(leftOut));
    }

    /** Walks {@code node} in place; returns what stands in its place (a text leaf may be replaced). */
    private static JsonNode walk(JsonNode node, String path, List<String> redacted) {
        if (node instanceof ObjectNode o) {
            boolean secretObject = "Secret".equals(o.path("kind").asText()) && o.path("apiVersion").asText().equals("v1");
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String at = path.isEmpty() ? name : path + "." + name;
                JsonNode v = o.get(name);
                if (name.equals("env") && v instanceof ArrayNode env) {
                    redactEnv(env, at, redacted);
                } else if (name.equals("annotations") && v instanceof ObjectNode annotations) {
                    redactAnnotations(annotations, at, redacted);
                } else if ((name.equals("args") || name.equals("command")) && v instanceof ArrayNode argv) {
                    redactArguments(argv, at, redacted);
                } else if (secretObject && (name.equals("data") || name.equals("stringData")) && v instanceof ObjectNode data) {
                    data.properties().forEach(e -> {
                        e.setValue(TextNode.valueOf(SecretText.PLACEHOLDER));
                        redacted.add(at + "[" + e.getKey() + "]");
                    });
                } else {
                    o.set(name, walk(v, at, redacted));
                }
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                JsonNode item = a.get(i);
                String at = path + "[" + (item.hasNonNull("name") ? item.path("name").asText() : String.valueOf(i)) + "]";
                a.set(i, walk(item, at, redacted));
            }
        } else if (node.isTextual()) {
            return text(node.asText(), path, redacted);
        }
        return node;
    }

    /** A text leaf: whole when it is a secret by shape, else with whatever secret it holds taken out. */
    private static JsonNode text(String value, String path, List<String> redacted) {
        String out = SecretShapes.isSecret(value) ? SecretText.PLACEHOLDER : SecretText.redact(value);
        if (out.equals(value)) {
            return TextNode.valueOf(value);
        }
        redacted.add(path);
        return TextNode.valueOf(out);
    }

    /** Literal values only: valueFrom (secretKeyRef, configMapKeyRef, fieldRef) holds no value and stays. */
    private static void redactEnv(ArrayNode env, String path, List<String> redacted) {
        boolean awsKeyId = false;
        for (JsonNode var : env) {
            awsKeyId |= var.path("value").isTextual() && SecretShapes.hasAwsKeyId(var.path("value").asText());
        }
        for (JsonNode var : env) {
            if (!(var instanceof ObjectNode v)) {
                continue;
            }
            String name = v.path("name").asText();
            String at = path + "[" + name + "]";
            if (v.path("value").isTextual()) {
                String value = v.path("value").asText();
                if (SecretNames.secret(name) && !value.isEmpty() || SecretShapes.isSecret(value)
                        || awsKeyId && SecretShapes.AWS_SECRET.matcher(value.strip()).matches()) {
                    v.put("value", SecretText.PLACEHOLDER);
                    redacted.add(at);
                } else {
                    v.set("value", text(value, at, redacted));
                }
            }
            if (v.has("valueFrom")) {
                v.set("valueFrom", walk(v.get("valueFrom"), at + ".valueFrom", redacted));
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
            String local = name.substring(name.lastIndexOf('/') + 1);
            if (name.equals(LAST_APPLIED)) {
                // The whole manifest as kubectl last applied it: redact inside it the same way.
                annotations.put(name, redactEmbedded(v.asText(), at, redacted));
            } else if (SecretNames.secret(local) && !v.asText().isEmpty()
                    || SecretNames.hintsKeyMaterial(local) && SecretShapes.isBase64Blob(v.asText())) {
                annotations.put(name, SecretText.PLACEHOLDER);
                redacted.add(at);
            } else {
                annotations.set(name, text(v.asText(), at, redacted));
            }
        }
    }

    private static String redactEmbedded(String json, String path, List<String> redacted) {
        try {
            JsonNode manifest = JSON.readTree(json);
            List<String> inside = new ArrayList<>();
            manifest = walk(manifest, "", inside);
            if (inside.isEmpty()) {
                return json;
            }
            inside.forEach(p -> redacted.add(path + ": " + p));
            return JSON.writeValueAsString(manifest);
        } catch (JsonProcessingException notJson) {
            String text = SecretText.redact(json);
            if (!text.equals(json)) {
                redacted.add(path);
            }
            return text; // not JSON: what the text boundary finds in it is taken out
        }
    }

    /** {@code --token=abc}, {@code --token abc}, {@code KEY=abc}, shell lines, and any argument that is a secret by shape. */
    private static void redactArguments(ArrayNode argv, String path, List<String> redacted) {
        boolean nextIsSecret = false;
        for (int i = 0; i < argv.size(); i++) {
            if (!argv.get(i).isTextual()) {
                continue;
            }
            String arg = argv.get(i).asText();
            String at = path + "[" + i + "]";
            boolean flag = arg.startsWith("-");
            if (nextIsSecret && !flag) {
                argv.set(i, TextNode.valueOf(SecretText.PLACEHOLDER));
                redacted.add(at);
                nextIsSecret = false;
                continue;
            }
            nextIsSecret = false;
            int eq = arg.indexOf('=');
            if (flag && eq > 0 && SecretNames.secretFlag(arg.substring(0, eq)) && eq < arg.length() - 1) {
                argv.set(i, TextNode.valueOf(arg.substring(0, eq + 1) + SecretText.PLACEHOLDER));
                redacted.add(at);
            } else if (flag && eq < 0 && !arg.contains(" ") && SecretNames.secretFlag(arg)) {
                nextIsSecret = true;
            } else {
                argv.set(i, text(arg, at, redacted));
            }
        }
    }

    /** Every value of {@code details} as it may leave the process (JSON trees, texts, lists and maps within). */
    static Object value(Object v) {
        return switch (v) {
            case null -> null;
            case String s -> SecretText.redact(s);
            case JsonNode n -> redact(n).object();
            case Map<?, ?> m -> {
                Map<Object, Object> out = new java.util.LinkedHashMap<>();
                m.forEach((k, x) -> out.put(k, k instanceof String name && SecretNames.secret(name) && x instanceof String s
                        && !s.isEmpty() ? SecretText.PLACEHOLDER : value(x)));
                yield out;
            }
            case java.util.Collection<?> c -> c.stream().map(SecretObjects::value).toList();
            case Number n -> n;
            case Boolean b -> b;
            case Enum<?> e -> e;
            case java.time.temporal.Temporal t -> t;
            default -> redact(JSON.valueToTree(v)).object();
        };
    }
}
