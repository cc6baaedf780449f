package dev.flightdeck.app.settings;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.StallThresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A cluster's "gpuStall" block: read over the defaults, kept on save, carried into the session, bad values in one line. */
class GpuStallSettingsTest {

    @TempDir
    Path dir;

    private Path settings(String cluster) throws IOException {
        return Files.writeString(dir.resolve("settings.json"), "{\"clusters\": {\"lab\": " + cluster + "}}");
    }

    private String problemOf(String block) throws IOException {
        Path p = settings("{\"gpuStall\": " + block + "}");
        String problem = new SettingsFile(p).load().problem();
        String prefix = "settings file " + p + ": cluster \"lab\": ";
        assertTrue(problem != null && problem.startsWith(prefix) && problem.endsWith("; using defaults"), problem);
        return problem.substring(prefix.length(), problem.length() - "; using defaults".length());
    }

    @Test
    void withoutABlockTheIssuesFivePercentForTenMinutes() throws IOException {
        StallThresholds read = new SettingsFile(settings("{\"readOnly\": true}")).load().forContext("lab").gpuStall();
        assertEquals(StallThresholds.DEFAULTS, read);
        assertEquals(5, read.idleBelowPercent());
        assertEquals(Duration.ofMinutes(10), read.window());
    }

    @Test
    void theBlockIsReadOverTheDefaultsKeptWhenSavedAndCarriedIntoTheSession() throws IOException {
        SettingsFile f = new SettingsFile(settings("{\"gpuStall\": {\"idleBelowPercent\": 12.5, \"minutes\": 2}}"));
        StallThresholds read = f.load().forContext("lab").gpuStall();
        assertEquals(StallThresholds.DEFAULTS.withStall(12.5, Duration.ofMinutes(2)), read);
        assertEquals(StallThresholds.DEFAULTS.stragglerFraction(), read.stragglerFraction(), "the straggler's are the console's");

        f.save("lab", f.load().forContext("lab").withReadOnly(true));
        assertEquals(read, f.load().forContext("lab").gpuStall(), "saving another setting keeps the block");
        assertEquals(read, SessionOptions.forTarget(new ConnectionTarget.Context(null, "lab"), f.load()).gpuStall());
        assertEquals(StallThresholds.DEFAULTS,
                SessionOptions.forTarget(new ConnectionTarget.Sandbox(8), f.load()).gpuStall(), "the sandbox's are its own");

        f.save("lab", f.load().forContext("lab").withGpuStall(StallThresholds.DEFAULTS.withStall(3, Duration.ofMinutes(30))));
        assertTrue(Files.readString(f.path()).contains("\"idleBelowPercent\" : 3,"), Files.readString(f.path()));
        assertEquals(Duration.ofMinutes(30), f.load().forContext("lab").gpuStall().window());

        f.save("lab", f.load().forContext("lab").withGpuStall(StallThresholds.DEFAULTS));
        assertFalse(Files.readString(f.path()).contains("gpuStall"), "the defaults are not written");
    }

    @Test
    void aFieldLeftOutKeepsItsDefault() throws IOException {
        StallThresholds read = new SettingsFile(settings("{\"gpuStall\": {\"minutes\": 3}}")).load().forContext("lab").gpuStall();
        assertEquals(StallThresholds.DEFAULTS.withStall(5, Duration.ofMinutes(3)), read);
    }

    @Test
    void badValuesAreOneLineNamingTheField() throws IOException {
        assertEquals("gpuStall.idleBelowPercent must be a number between 0 and 100, not 100",
                problemOf("{\"idleBelowPercent\": 100}"));
        assertEquals("gpuStall.idleBelowPercent must be a number between 0 and 100, not 0", problemOf("{\"idleBelowPercent\": 0}"));
        assertEquals("gpuStall.idleBelowPercent must be a number between 0 and 100, not \"5\"",
                problemOf("{\"idleBelowPercent\": \"5\"}"));
        assertEquals("gpuStall.minutes must be a whole number from 1 to 1440, not 0", problemOf("{\"minutes\": 0}"));
        assertEquals("gpuStall.minutes must be a whole number from 1 to 1440, not 2.5", problemOf("{\"minutes\": 2.5}"));
        assertEquals("gpuStall.minutes must be a whole number from 1 to 1440, not 1441", problemOf("{\"minutes\": 1441}"));
        assertEquals("gpuStall.window is not a setting (known: idleBelowPercent, minutes)", problemOf("{\"window\": 10}"));
        assertEquals("gpuStall must be an object such as {\"idleBelowPercent\": 5, \"minutes\": 10}", problemOf("10"));
    }
}
