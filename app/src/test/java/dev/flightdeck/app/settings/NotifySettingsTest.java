package dev.flightdeck.app.settings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Notifications are off unless a person turns them on for a cluster; on, they round-trip with their queue wait. */
class NotifySettingsTest {

    @TempDir
    Path dir;

    @Test
    void offEverywhereUnlessTurnedOnForOneCluster() throws Exception {
        SettingsFile f = new SettingsFile(dir.resolve("settings.json"));
        assertEquals(NotifySettings.OFF, f.load().forContext("prod").notifications());
        f.save("prod", ClusterSettings.DEFAULTS.withNotifications(new NotifySettings(true, Duration.ofMinutes(45))));
        f.save("staging", ClusterSettings.DEFAULTS);
        SettingsFile.Loaded l = f.load();
        assertEquals(new NotifySettings(true, Duration.ofMinutes(45)), l.forContext("prod").notifications());
        assertEquals(NotifySettings.OFF, l.forContext("staging").notifications());
        assertTrue(Files.readString(f.path()).contains("\"queueWaitMinutes\" : 45"), Files.readString(f.path()));
        assertTrue(!Files.readString(f.path()).contains("\"staging\" : {\n      \"notifications\""), "off is not written");
    }

    @Test
    void aBadValueIsOneLineNamingTheCluster() throws Exception {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"clusters\": {\"prod\": {\"notifications\": {\"on\": true, \"queueWaitMinutes\": \"soon\"}}}}");
        assertEquals("settings file " + p + ": cluster \"prod\": notifications.queueWaitMinutes must be a whole number, "
                + "not \"soon\"; using defaults", new SettingsFile(p).load().problem());
        Files.writeString(p, "{\"clusters\": {\"prod\": {\"notifications\": {\"on\": true, \"queueWaitMinutes\": 0}}}}");
        assertTrue(new SettingsFile(p).load().problem().contains("between 1 and 10080 minutes, not 0"),
                new SettingsFile(p).load().problem());
        Files.writeString(p, "{\"clusters\": {\"prod\": {\"notifications\": true}}}");
        assertTrue(new SettingsFile(p).load().problem().contains("notifications must be an object"));
    }
}
