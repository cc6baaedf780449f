package dev.flightdeck.app.connect;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds and merges kubeconfig files the way kubectl (client-go's clientcmd) does:
 * {@code --kubeconfig FILE}, else every file in {@code KUBECONFIG} (missing ones skipped, a
 * path named twice read once) merged in order with the first definition of a name winning,
 * else {@code ~/.kube/config} under {@link HomeDirectory} ({@code $HOME}). An empty file — no
 * bytes, only whitespace or comments, or a mapping with no kubeconfig sections — counts as an
 * empty config, as kubectl counts it, and does not stop the merge. Relative paths inside a file
 * are made absolute against that file's folder before merging, so a merged config still finds
 * each file's certificates.
 */
public final class KubeconfigLoader {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final String[] SECTIONS = {"clusters", "contexts", "users"};

    private KubeconfigLoader() {
    }

    /** As {@link #locate(Path, Map, Path)}, with kubectl's home directory from the environment. */
    public static List<Path> locate(Path flag, Map<String, String> env) throws ConnectionProblem {
        return locate(flag, env, HomeDirectory.of(env));
    }

    /** The files that would be read, or empty when there is no kubeconfig anywhere (and none was asked for). */
    public static List<Path> locate(Path flag, Map<String, String> env, Path home) throws ConnectionProblem {
        if (flag != null) {
            if (!Files.isRegularFile(flag)) {
                throw new ConnectionProblem(ProblemKind.KUBECONFIG_MISSING,
                        "kubeconfig " + flag + " (from --kubeconfig) does not exist or is not a file");
            }
            return List.of(flag);
        }
        String list = env.get("KUBECONFIG");
        if (list != null && !list.isBlank()) {
            List<Path> found = new ArrayList<>();
            for (String part : new java.util.LinkedHashSet<>(List.of(list.split(File.pathSeparator)))) {
                if (!part.isBlank() && Files.isRegularFile(Path.of(part))) {
                    found.add(Path.of(part));
                }
            }
            if (found.isEmpty()) {
                throw new ConnectionProblem(ProblemKind.KUBECONFIG_MISSING,
                        "none of the files in KUBECONFIG exist: " + list);
            }
            return found;
        }
        Path standard = home.resolve(".kube").resolve("config");
        return Files.isRegularFile(standard) ? List.of(standard) : List.of();
    }

    public static Kubeconfig load(List<Path> files) throws ConnectionProblem {
        Map<String, Map<String, JsonNode>> merged = new HashMap<>();
        for (String s : SECTIONS) {
            merged.put(s, new LinkedHashMap<>());
        }
        Map<String, Path> contextFile = new HashMap<>();
        String current = null;
        ObjectNode first = null;
        for (Path file : files) {
            ObjectNode doc = read(file);
            if (first == null) {
                first = doc;
            }
            if (current == null && doc.hasNonNull("current-context") && !doc.get("current-context").asText().isBlank()) {
                current = doc.get("current-context").asText();
            }
            for (String section : SECTIONS) {
                JsonNode entries = doc.path(section);
                if (entries.isMissingNode() || entries.isNull()) {
                    continue;
                }
                if (!entries.isArray()) {
                    throw malformed(file, "'" + section + "' must be a list");
                }
                for (JsonNode entry : entries) {
                    String name = entry.path("name").asText("");
                    if (name.isEmpty()) {
                        throw malformed(file, "an entry in '" + section + "' has no name");
                    }
                    if (merged.get(section).putIfAbsent(name, absolutize(entry, file)) == null
                            && section.equals("contexts")) {
                        contextFile.put(name, file);
                    }
                }
            }
        }
        ObjectNode out = YAML.createObjectNode();
        out.put("apiVersion", "v1");
        out.put("kind", "Config");
        if (current != null) {
            out.put("current-context", current);
        }
        for (String section : SECTIONS) {
            ArrayNode arr = out.putArray(section);
            merged.get(section).values().forEach(arr::add);
        }
        List<KubeContext> contexts = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : merged.get("contexts").entrySet()) {
            JsonNode ctx = e.getValue().path("context");
            String cluster = ctx.path("cluster").asText(null);
            JsonNode clusterEntry = cluster == null ? null : merged.get("clusters").get(cluster);
            String server = clusterEntry == null ? null : clusterEntry.path("cluster").path("server").asText(null);
            contexts.add(new KubeContext(e.getKey(), cluster, ctx.path("user").asText(null),
                    ctx.path("namespace").asText(null), server, contextFile.get(e.getKey()), readOnly(ctx),
                    clusterEntry != null && TlsVerification.offIn(clusterEntry.path("cluster"))));
        }
        try {
            return new Kubeconfig(files, contexts, current, YAML.writeValueAsString(out));
        } catch (JsonProcessingException e) {
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED, "cannot merge kubeconfig " + files, e);
        }
    }

    /** {@code extensions: [{name: flightdeck.dev/read-only, extension: true}]} (a boolean or "true"). */
    private static boolean readOnly(JsonNode ctx) {
        for (JsonNode ext : ctx.path("extensions")) {
            if (KubeContext.READ_ONLY_EXTENSION.equals(ext.path("name").asText())) {
                JsonNode v = ext.path("extension");
                return v.asBoolean(false) || "true".equalsIgnoreCase(v.asText());
            }
        }
        return false;
    }

    private static ObjectNode read(Path file) throws ConnectionProblem {
        String text;
        try {
            text = Files.readString(file);
        } catch (java.nio.file.NoSuchFileException e) {
            // Gone between locating and reading (an editor replacing it, a script rewriting it).
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MISSING, "cannot read kubeconfig " + file + ": it does not exist");
        } catch (IOException e) {
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MISSING, "cannot read kubeconfig " + file + ": " + e.getMessage());
        }
        if (text.isBlank()) {
            return YAML.createObjectNode(); // client-go: no data is an empty config
        }
        JsonNode doc;
        try {
            doc = YAML.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED,
                    "kubeconfig " + file + where + ": not valid YAML (" + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
        }
        if (doc == null || doc.isMissingNode() || doc.isNull()) {
            return YAML.createObjectNode(); // only comments: an empty config, as for kubectl
        }
        if (!(doc instanceof ObjectNode obj)) {
            throw malformed(file, "not a kubeconfig (expected a mapping with clusters, contexts and users, found a "
                    + doc.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        return obj;
    }

    /** Paths in a kubeconfig are relative to the file that holds them (kubectl's rule). */
    private static JsonNode absolutize(JsonNode entry, Path file) {
        JsonNode copy = entry.deepCopy();
        Path dir = file.toAbsolutePath().getParent();
        for (String key : new String[]{"certificate-authority", "client-certificate", "client-key", "tokenFile"}) {
            for (String holder : new String[]{"cluster", "user"}) {
                JsonNode h = copy.path(holder);
                if (h instanceof ObjectNode o && o.hasNonNull(key)) {
                    Path p = Path.of(o.get(key).asText());
                    if (!p.isAbsolute()) {
                        o.put(key, dir.resolve(p).normalize().toString());
                    }
                }
            }
        }
        JsonNode exec = copy.path("user").path("exec");
        if (exec instanceof ObjectNode e && e.hasNonNull("command")) {
            String cmd = e.get("command").asText();
            // kubectl resolves an exec command relative to the file only when it names a path.
            if (cmd.contains("/") && !Path.of(cmd).isAbsolute()) {
                e.put("command", dir.resolve(cmd).normalize().toString());
            }
        }
        return copy;
    }

    private static ConnectionProblem malformed(Path file, String what) {
        return new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED, "kubeconfig " + file + ": " + what);
    }
}
