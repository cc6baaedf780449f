package dev.flightdeck.app.settings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code "theme"} at the top of the settings file: read, written first, everything else kept, a bad word in one line. */
class ThemeSettingsTest {

    @TempDir
    Path dir;

    @Test
    void noFileOrNoThemeIsLightWithoutAProblem() throws IOException {
        Path p = dir.resolve("settings.json");
        assertEquals(Theme.Chosen.DEFAULT, new SettingsFile(p).loadTheme());
        Files.writeString(p, "{\"clusters\": {}}");
        assertEquals(Theme.Chosen.DEFAULT, new SettingsFile(p).loadTheme());
    }

    @Test
    void eachWordIsItsTheme() throws IOException {
        Path p = dir.resolve("settings.json");
        for (String word : new String[]{"light", "dark", "system", "Dark "}) {
            Files.writeString(p, "{\"theme\": \"" + word + "\"}");
            Theme.Chosen c = new SettingsFile(p).loadTheme();
            assertEquals(word.trim().toLowerCase(java.util.Locale.ROOT), c.theme().word());
            assertNull(c.problem());
        }
    }

    @Test
    void aWordThatIsNoThemeIsLightWithOneLine() throws IOException {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"theme\": \"solarized\"}");
        Theme.Chosen c = new SettingsFile(p).loadTheme();
        assertEquals(Theme.LIGHT, c.theme());
        assertEquals("settings file " + p + ": \"theme\" must be \"light\", \"dark\" or \"system\", not \"solarized\"; "
                + "using light", c.problem());
        Files.writeString(p, "{\"theme\": 2}");
        assertTrue(new SettingsFile(p).loadTheme().problem().contains("not 2; using light"));
        assertTrue(new SettingsFile(p).loadTheme().problem().lines().count() == 1);
    }

    @Test
    void brokenJsonIsLightAndNotOverwritten() throws IOException {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"theme\": ");
        assertEquals(Theme.Chosen.DEFAULT, new SettingsFile(p).loadTheme(), "load() names the broken file");
        assertThrows(IOException.class, () -> new SettingsFile(p).saveTheme(Theme.DARK));
        assertEquals("{\"theme\": ", Files.readString(p));
    }

    @Test
    void savingTheThemeKeepsEverythingElseAndPutsItFirst() throws IOException {
        Path p = dir.resolve("settings.json");
        SettingsFile f = new SettingsFile(p);
        f.save("lab", ClusterSettings.DEFAULTS.withReadOnly(true).withDrills(true));
        f.saveOpenContexts(new OpenContexts(false, java.util.List.of("lab", "prod")));
        // Something this version does not know, written by hand or by a newer one: kept too.
        Files.writeString(p, Files.readString(p).replaceFirst("\\{", "{\"futureSetting\": {\"x\": [1, 2]},"));
        String before = Files.readString(p);

        f.saveTheme(Theme.DARK);
        assertEquals(Theme.DARK, f.loadTheme().theme());
        String after = Files.readString(p).replace("\r\n", "\n"); // Jackson indents with the system's line ends
        assertTrue(after.trim().startsWith("{\n  \"theme\" : \"dark\""), after);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var expected = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(before);
        expected.put("theme", "dark");
        assertEquals(expected, json.readTree(after), "every other setting as it was");
        assertTrue(f.load().forContext("lab").readOnly());
        assertEquals(new OpenContexts(false, java.util.List.of("lab", "prod")), f.loadOpenContexts());

        f.saveTheme(Theme.SYSTEM);
        assertEquals(Theme.SYSTEM, f.loadTheme().theme());
        assertEquals(1, json.readTree(Files.readString(p)).properties().stream().filter(e -> e.getKey().equals("theme")).count());
        // Saving a cluster afterwards keeps the theme.
        f.save("prod", ClusterSettings.DEFAULTS);
        assertEquals(Theme.SYSTEM, f.loadTheme().theme());
    }
}
