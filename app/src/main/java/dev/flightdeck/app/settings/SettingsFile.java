package dev.flightdeck.app.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.checkpoints.S3Settings;

import java.io.IOException;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The console's settings file: the console's look, then per cluster context:
 * <pre>{"theme": "dark",
 *  "clusters": {"prod-east": {"s3": {"endpoint": "https://minio.lab:9000", "region": "us-east-1", "pathStyle": true},
 *                              "metricsIntervalSeconds": 30, "readOnly": true,
 *                              "drainBreaker": {"maxNodes": 8, "maxGpuPercent": 10},
 *                              "prometheus": {"url": "https://prom.lab", "bearerTokenFile": "prom.token"},
 *                              "gpuStall": {"idleBelowPercent": 5, "minutes": 10},
 *                              "teamKey": "example.com/team",
 *                              "notifications": {"on": true, "queueWaitMinutes": 30}}}}</pre>
 * Read on every connect (so a hand edit takes effect on the next one); written whole to a
 * temporary file and moved into place, so a crash never leaves half a file. A file that cannot
 * be read is reported in one line and the defaults are used: it never stops the console.
 */
public final class SettingsFile {

    /** The settings read, and why they are the defaults if the file was unusable (else null). */
    public record Loaded(Map<String, ClusterSettings> clusters, String problem) {

        public Loaded {
            clusters = Map.copyOf(clusters);
        }

        public ClusterSettings forContext(String context) {
            return clusters.getOrDefault(context, ClusterSettings.DEFAULTS);
        }
    }

    /** Plain JSON: the settings file is the person's, not an API object. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private final Path file;

    public SettingsFile(Path file) {
        this.file = file;
    }

    public static SettingsFile standard() {
        return new SettingsFile(AppDirectories.standard().settingsFile());
    }

    public Path path() {
        return file;
    }

    public Loaded load() {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("reading " + file);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Loaded(Map.of(), null);
        } catch (IOException e) {
            return new Loaded(Map.of(), "settings file " + file + " cannot be read (" + e.getMessage() + "); using defaults");
        }
        try {
            return new Loaded(parse(JSON.readTree(bytes), directory()), null);
        } catch (JsonProcessingException e) {
            return new Loaded(Map.of(), "settings file " + file + " is not valid JSON (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + "); using defaults");
        } catch (IllegalArgumentException e) {
            return new Loaded(Map.of(), "settings file " + file + ": " + e.getMessage() + "; using defaults");
        } catch (IOException e) {
            return new Loaded(Map.of(), "settings file " + file + " cannot be read (" + e.getMessage() + "); using defaults");
        }
    }

    private static Map<String, ClusterSettings> parse(JsonNode root, Path settingsDir) {
        Map<String, ClusterSettings> out = new LinkedHashMap<>();
        JsonNode clusters = root.path("clusters");
        if (!clusters.isObject()) {
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = clusters.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode s3 = e.getValue().path("s3");
            S3Settings settings = S3Settings.AWS;
            if (s3.isObject()) {
                String endpoint = text(s3, "endpoint");
                try {
                    settings = new S3Settings(endpoint == null ? null : URI.create(endpoint), text(s3, "region"),
                            s3.path("pathStyle").asBoolean(endpoint != null));
                } catch (IllegalArgumentException bad) {
                    throw new IllegalArgumentException("cluster \"" + e.getKey() + "\": " + bad.getMessage());
                }
            }
            Duration interval = ClusterSettings.DEFAULT_METRICS_INTERVAL;
            JsonNode seconds = e.getValue().get("metricsIntervalSeconds");
            if (seconds != null) {
                if (!seconds.canConvertToLong()) {
                    throw new IllegalArgumentException("cluster \"" + e.getKey() + "\": metricsIntervalSeconds must be a whole number");
                }
                interval = Duration.ofSeconds(seconds.asLong());
            }
            try {
                JsonNode d = e.getValue().path("drainBreaker");
                DrainLimits breaker = d.isObject() ? new DrainLimits(d.path("maxNodes").asInt(DrainLimits.DEFAULTS.maxNodes()),
                        d.path("maxGpuPercent").asDouble(DrainLimits.DEFAULTS.maxGpuPercent())) : DrainLimits.DEFAULTS;
                out.put(e.getKey(), new ClusterSettings(settings, interval, e.getValue().path("readOnly").asBoolean(false), breaker,
                        e.getValue().path("drills").asBoolean(false),
                        PrometheusSettingsJson.read(e.getValue().get("prometheus"), settingsDir),
                        GpuStallJson.read(e.getValue().get("gpuStall")), teamKey(e.getValue().get("teamKey")),
                        NotifySettings.read(e.getValue().get("notifications"))));
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException("cluster \"" + e.getKey() + "\": " + bad.getMessage());
            }
        }
        return out;
    }

    /** A cluster's {@code "teamKey"}: a string naming a label or taint key, or absent (or null) for none. */
    private static TeamKey teamKey(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("teamKey must be a string such as \"example.com/team\", not " + v);
        }
        return new TeamKey(v.asText().trim());
    }

    /** Where relative files named in the settings (a Prometheus token file) are. */
    private Path directory() {
        return file.toAbsolutePath().getParent();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() || v.asText().isBlank() ? null : v.asText().trim();
    }

    /** Stores one cluster's settings, keeping every other cluster's as they are in the file. */
    public void save(String context, ClusterSettings settings) throws IOException {
        ObjectNode root = rootForSaving();
        ObjectNode cluster = root.with("clusters").putObject(context);
        if (settings.readOnly()) {
            cluster.put("readOnly", true);
        }
        if (settings.drills()) {
            cluster.put("drills", true);
        }
        if (!settings.drainBreaker().equals(DrainLimits.DEFAULTS)) {
            cluster.putObject("drainBreaker").put("maxNodes", settings.drainBreaker().maxNodes())
                    .put("maxGpuPercent", settings.drainBreaker().maxGpuPercent());
        }
        if (!settings.metricsInterval().equals(ClusterSettings.DEFAULT_METRICS_INTERVAL)) {
            cluster.put("metricsIntervalSeconds", settings.metricsInterval().toSeconds());
        }
        S3Settings s3 = settings.s3();
        if (!s3.equals(S3Settings.AWS)) {
            ObjectNode o = cluster.putObject("s3");
            if (s3.endpointOverride() != null) {
                o.put("endpoint", s3.endpointOverride().toString());
            }
            if (s3.region() != null) {
                o.put("region", s3.region());
            }
            o.put("pathStyle", s3.pathStyle());
        }
        if (settings.prometheus() != null) {
            PrometheusSettingsJson.write(cluster, settings.prometheus(), directory());
        }
        GpuStallJson.write(cluster, settings.gpuStall());
        if (settings.teamKey() != null) {
            cluster.put("teamKey", settings.teamKey().key());
        }
        NotifySettings.write(cluster, settings.notifications());
        write(root);
    }

    /** The contexts kept open at once ({@code "openContexts": {"all": false, "names": [...]}}); none when unreadable. */
    public OpenContexts loadOpenContexts() {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("reading " + file);
        try {
            JsonNode o = Files.exists(file) ? JSON.readTree(file.toFile()).path("openContexts") : null;
            if (o == null || !o.isObject()) {
                return OpenContexts.NONE;
            }
            java.util.List<String> names = new java.util.ArrayList<>();
            o.path("names").forEach(n -> {
                if (n.isTextual() && !n.asText().isBlank()) {
                    names.add(n.asText());
                }
            });
            return new OpenContexts(o.path("all").asBoolean(false), names);
        } catch (IOException e) {
            return OpenContexts.NONE; // load() says what is wrong with the file
        }
    }

    /** Remembers which contexts to keep open, keeping every cluster's settings as they are. */
    public void saveOpenContexts(OpenContexts open) throws IOException {
        ObjectNode root = rootForSaving();
        ObjectNode o = root.putObject("openContexts").put("all", open.all());
        open.names().forEach(o.putArray("names")::add);
        write(root);
    }

    /**
     * The theme at the top of the file ({@code "theme": "light" | "dark" | "system"}); light when there is none. A
     * value that names no theme is light too, with one line saying so; an unreadable file is light without one
     * ({@link #load()} says what is wrong with it).
     */
    public Theme.Chosen loadTheme() {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("reading " + file);
        JsonNode v;
        try {
            v = Files.exists(file) ? JSON.readTree(file.toFile()).get("theme") : null;
        } catch (IOException e) {
            return Theme.Chosen.DEFAULT;
        }
        if (v == null || v.isNull()) {
            return Theme.Chosen.DEFAULT;
        }
        Theme t = v.isTextual() ? Theme.ofWord(v.asText().trim().toLowerCase(java.util.Locale.ROOT)) : null;
        return t != null ? new Theme.Chosen(t, null) : new Theme.Chosen(Theme.LIGHT, "settings file " + file
                + ": \"theme\" must be \"light\", \"dark\" or \"system\", not " + v + "; using light");
    }

    /** Remembers the theme, at the top of the file, keeping every other setting as it is. */
    public void saveTheme(Theme theme) throws IOException {
        ObjectNode old = rootForSaving();
        // First in the file, where a person editing it by hand looks for it.
        ObjectNode root = JSON.createObjectNode().put("theme", theme.word());
        old.properties().forEach(e -> {
            if (!e.getKey().equals("theme")) {
                root.set(e.getKey(), e.getValue());
            }
        });
        write(root);
    }

    private ObjectNode rootForSaving() throws IOException {
        dev.flightdeck.app.threads.UiThreadGuard.blocking("writing " + file);
        try {
            return Files.exists(file) && JSON.readTree(file.toFile()) instanceof ObjectNode o
                    ? o : JSON.createObjectNode();
        } catch (JsonProcessingException e) {
            throw new IOException("settings file " + file + " is not valid JSON; fix or remove it before saving");
        }
    }

    private void write(ObjectNode root) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), "settings", ".tmp");
        try {
            Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
