package dev.flightdeck.app.settings;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-cluster settings file: defaults, round trip, bad files in one line, OS directories. */
class SettingsFileTest {

    @TempDir
    Path dir;

    private static final S3Settings MINIO = new S3Settings(URI.create("https://minio.lab:9000"), "eu-1", true);

    @Test
    void noFileMeansDefaultsAndNoProblem() {
        SettingsFile.Loaded l = new SettingsFile(dir.resolve("settings.json")).load();
        assertNull(l.problem());
        assertEquals(S3Settings.AWS, l.forContext("prod").s3());
    }

    @Test
    void savedSettingsComeBackPerContextAndOtherContextsAreKept() throws IOException {
        SettingsFile f = new SettingsFile(dir.resolve("sub/settings.json"));
        f.save("lab", new ClusterSettings(MINIO));
        f.save("prod", ClusterSettings.DEFAULTS);
        SettingsFile.Loaded l = f.load();
        assertNull(l.problem());
        assertEquals(MINIO, l.forContext("lab").s3());
        assertEquals(S3Settings.AWS, l.forContext("prod").s3());
        assertEquals(S3Settings.AWS, l.forContext("never-saved").s3());
        try (var files = Files.list(f.path().getParent())) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void sessionOptionsTakeTheContextsSettingsButNotForTheSandbox() throws IOException {
        SettingsFile f = new SettingsFile(dir.resolve("settings.json"));
        f.save("lab", new ClusterSettings(MINIO));
        ConnectionTarget lab = new ConnectionTarget.Context(null, "lab");
        assertEquals(MINIO, SessionOptions.forTarget(lab, f.load()).s3());
        assertEquals(S3Settings.AWS, SessionOptions.forTarget(new ConnectionTarget.Sandbox(8), f.load()).s3());
    }

    @Test
    void brokenJsonIsOneLineWithItsPlaceAndDefaultsAreUsed() throws IOException {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"clusters\": {\n  \"lab\": {\"s3\": {\"endpoint\": }}}}");
        SettingsFile.Loaded l = new SettingsFile(p).load();
        assertTrue(l.problem().startsWith("settings file " + p + " is not valid JSON (line 2, column "), l.problem());
        assertTrue(l.problem().endsWith("; using defaults"));
        assertEquals(S3Settings.AWS, l.forContext("lab").s3());
        IOException refused = assertThrows(IOException.class, () -> new SettingsFile(p).save("lab", ClusterSettings.DEFAULTS));
        assertTrue(refused.getMessage().contains("fix or remove it before saving"), "the broken file is not overwritten");
    }

    @Test
    void anEndpointThatIsNotAUrlNamesTheCluster() throws IOException {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"clusters\": {\"lab\": {\"s3\": {\"endpoint\": \"minio.lab:9000\"}}}}");
        String problem = new SettingsFile(p).load().problem();
        assertEquals("settings file " + p + ": cluster \"lab\": S3 endpoint override \"minio.lab:9000\" is not an "
                + "http:// or https:// URL with a host; using defaults", problem);
    }

    @Test
    void theMetricsIntervalIsKeptAndBoundedInWords() throws IOException {
        SettingsFile f = new SettingsFile(dir.resolve("settings.json"));
        f.save("lab", new ClusterSettings(MINIO).withMetricsInterval(java.time.Duration.ofSeconds(30)));
        assertEquals(java.time.Duration.ofSeconds(30), f.load().forContext("lab").metricsInterval());
        assertEquals(java.time.Duration.ofSeconds(30), SessionOptions.forTarget(new ConnectionTarget.Context(null, "lab"),
                f.load()).metricsInterval());
        Files.writeString(f.path(), "{\"clusters\": {\"lab\": {\"metricsIntervalSeconds\": 1}}}");
        assertEquals("settings file " + f.path() + ": cluster \"lab\": the /metrics interval must be between 5 and 300 "
                + "seconds, not 1; using defaults", f.load().problem());
    }

    @Test
    void directoriesFollowEachOsConvention() {
        Path home = Path.of("/home/sre");
        assertEquals(new AppDirectories(Path.of("/home/sre/.config/flightdeck"), Path.of("/home/sre/.local/share/flightdeck")),
                AppDirectories.of(null, Map.of(), "Linux", home));
        assertEquals(new AppDirectories(Path.of("/x/cfg/flightdeck"), Path.of("/home/sre/.local/share/flightdeck")),
                AppDirectories.of(null, Map.of("XDG_CONFIG_HOME", "/x/cfg", "XDG_DATA_HOME", "relative/ignored"), "Linux", home));
        Path mac = Path.of("/home/sre/Library/Application Support/Flightdeck");
        assertEquals(new AppDirectories(mac, mac), AppDirectories.of(null, Map.of(), "Mac OS X", home));
        assertEquals(new AppDirectories(Path.of("C:/Users/sre/AppData/Roaming/Flightdeck"),
                        Path.of("C:/Users/sre/AppData/Local/Flightdeck")),
                AppDirectories.of(null, Map.of("APPDATA", "C:/Users/sre/AppData/Roaming",
                        "LOCALAPPDATA", "C:/Users/sre/AppData/Local"), "Windows 11", home));
        assertEquals(new AppDirectories(Path.of("/opt/fd/config"), Path.of("/opt/fd/data")),
                AppDirectories.of(null, Map.of("FLIGHTDECK_HOME", "/opt/fd"), "Linux", home));
    }
}
