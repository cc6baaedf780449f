package dev.flightdeck.app.settings;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A cluster's "teamKey": read, kept on save, carried into the session; a key no node could carry refused in one line. */
class TeamKeySettingsTest {

    @TempDir
    Path dir;

    private SettingsFile file(String cluster) throws IOException {
        return new SettingsFile(Files.writeString(dir.resolve("settings.json"), "{\"clusters\": {\"lab\": " + cluster + "}}"));
    }

    private String problemOf(String value) throws IOException {
        SettingsFile f = file("{\"teamKey\": " + value + "}");
        SettingsFile.Loaded loaded = f.load();
        String prefix = "settings file " + f.path() + ": cluster \"lab\": ";
        String problem = loaded.problem();
        assertTrue(problem != null && problem.startsWith(prefix) && problem.endsWith("; using defaults"), problem);
        assertNull(loaded.forContext("lab").teamKey(), "the defaults: no team key");
        assertTrue(!problem.contains("\n") && !problem.contains("Exception"), problem);
        return problem.substring(prefix.length(), problem.length() - "; using defaults".length());
    }

    @Test
    void withoutTheSettingThereIsNoTeamKey() throws IOException {
        assertNull(file("{\"readOnly\": true}").load().forContext("lab").teamKey());
        assertNull(file("{\"teamKey\": null}").load().forContext("lab").teamKey());
        assertNull(ClusterSettings.DEFAULTS.teamKey());
    }

    @Test
    void aKeyIsReadKeptWhenAnotherSettingIsSavedAndCarriedIntoTheSession() throws IOException {
        SettingsFile f = file("{\"teamKey\": \" example.com/team \"}");
        assertEquals(new TeamKey("example.com/team"), f.load().forContext("lab").teamKey(), "trimmed as typed");
        f.save("lab", f.load().forContext("lab").withReadOnly(true));
        assertEquals(new TeamKey("example.com/team"), f.load().forContext("lab").teamKey());
        assertEquals(new TeamKey("example.com/team"),
                SessionOptions.forTarget(new ConnectionTarget.Context(null, "lab"), f.load()).teamKey());
        assertNull(SessionOptions.forTarget(new ConnectionTarget.Sandbox(8), f.load()).teamKey(), "the sandbox's are its own");

        f.save("lab", f.load().forContext("lab").withTeamKey(new TeamKey("team")));
        assertTrue(Files.readString(f.path()).contains("\"teamKey\" : \"team\""), Files.readString(f.path()));
        f.save("lab", f.load().forContext("lab").withTeamKey(null));
        assertTrue(!Files.readString(f.path()).contains("teamKey"), Files.readString(f.path()));
    }

    @Test
    void keysAsKubernetesAcceptsThem() {
        for (String ok : new String[]{"team", "example.com/team", "node-role.kubernetes.io/gpu-pool", "a/B_c.d-9",
                "x" .repeat(63), "lab.example/" + "t".repeat(63)}) {
            assertNull(TeamKey.problem(ok), ok);
        }
    }

    @Test
    void aBadValueIsOneLineNamingTheSetting() throws IOException {
        assertEquals("teamKey must be a string such as \"example.com/team\", not 42", problemOf("42"));
        assertEquals("teamKey must be a string such as \"example.com/team\", not [\"a\"]", problemOf("[\"a\"]"));
        assertEquals("teamKey must be a node label or taint key such as \"example.com/team\"", problemOf("\"  \""));
        assertEquals("teamKey \"Example.com/team\" is not a label or taint key: the prefix before '/' must be a"
                + " lower-case DNS name such as example.com", problemOf("\"Example.com/team\""));
        assertEquals("teamKey \"/team\" is not a label or taint key: the prefix before '/' must be a lower-case DNS name"
                + " such as example.com", problemOf("\"/team\""));
        String name = ": the part after the prefix must be 1 to 63 letters, digits, '-', '_' or '.', beginning and ending"
                + " with a letter or digit";
        assertEquals("teamKey \"team/\" is not a label or taint key" + name, problemOf("\"team/\""));
        assertEquals("teamKey \"my team\" is not a label or taint key" + name, problemOf("\"my team\""));
        assertEquals("teamKey \"-team\" is not a label or taint key" + name, problemOf("\"-team\""));
        assertEquals("teamKey \"a/b/c\" is not a label or taint key: the prefix before '/' must be a lower-case DNS"
                + " name such as example.com", problemOf("\"a/b/c\""));
        assertTrue(problemOf("\"" + "x".repeat(64) + "\"").endsWith(name));
    }
}
