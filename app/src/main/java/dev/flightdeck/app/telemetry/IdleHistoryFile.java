package dev.flightdeck.app.telemetry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.journal.OwnerOnlyFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Where a headless command keeps, per cluster, which GPUs it saw idle and since when ({@link IdleTracker.State}), so
 * that the next one, a minute later, can tell a gang idle for ten minutes from one idle for a moment without a
 * Prometheus. A cache: a missing, unreadable or foreign file is taken for an empty one, and a write that fails costs
 * only that knowledge. Owner-only, like the journal beside it (it names pods and nodes).
 */
public final class IdleHistoryFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    public IdleHistoryFile(Path file) {
        this.file = file;
    }

    /** The file for a cluster, under the data directory: {@code telemetry/idle-NAME.json}, the name made safe. */
    public static IdleHistoryFile forCluster(Path dataDirectory, String cluster) {
        String safe = cluster.replaceAll("[^A-Za-z0-9._-]", "_");
        String name = safe.length() > 80 ? safe.substring(0, 80) : safe;
        return new IdleHistoryFile(dataDirectory.resolve("telemetry").resolve("idle-" + name + "-"
                + Integer.toHexString(cluster.hashCode()) + ".json"));
    }

    public Path path() {
        return file;
    }

    public IdleTracker.State load() {
        try {
            if (!Files.isRegularFile(file)) {
                return IdleTracker.State.NONE;
            }
            var root = JSON.readTree(file.toFile());
            Instant observed = Instant.parse(root.path("observedAt").asText());
            Map<String, Instant> idle = new HashMap<>();
            for (Iterator<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> it = root.path("idleSince").fields(); it.hasNext(); ) {
                var e = it.next();
                idle.put(e.getKey(), Instant.parse(e.getValue().asText()));
            }
            return new IdleTracker.State(observed, idle);
        } catch (IOException | RuntimeException e) { // unreadable, or a time that does not parse
            return IdleTracker.State.NONE;
        }
    }

    /** Replaces the file with {@code state} (written beside it, then moved over it, so a reader never sees half). */
    public void save(IdleTracker.State state) {
        try {
            Path dir = file.getParent();
            Files.createDirectories(dir);
            OwnerOnlyFiles.directory(dir);
            ObjectNode root = JSON.createObjectNode();
            root.put("observedAt", state.observedAt().toString());
            ObjectNode idle = root.putObject("idleSince");
            state.idleSince().forEach((k, v) -> idle.put(k, v.toString()));
            Path tmp = Files.createTempFile(dir, "idle-", ".tmp");
            OwnerOnlyFiles.file(tmp);
            JSON.writeValue(tmp.toFile(), root);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            System.getLogger(IdleHistoryFile.class.getName()).log(System.Logger.Level.DEBUG,
                    "the GPU idle history could not be saved to " + file + ": " + e.getMessage());
        }
    }
}
