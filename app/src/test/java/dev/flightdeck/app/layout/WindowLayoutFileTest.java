package dev.flightdeck.app.layout;

import dev.flightdeck.app.layout.WindowLayout.Bounds;
import dev.flightdeck.app.layout.WindowLayout.Column;
import dev.flightdeck.app.layout.WindowLayout.SortKey;
import dev.flightdeck.app.layout.WindowLayout.TableLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** window.json: a round trip of every part, and every kind of broken or foreign file as one line and no layout. */
class WindowLayoutFileTest {

    @TempDir
    Path dir;

    private static final WindowLayout LEFT = WindowLayout.NONE.withBounds(new Bounds(-1800, 40, 1600, 960), true)
            .withLastScreen("prod-east", "gangs").withLastScreen("sandbox", "queues")
            .withTable("gang-table", new TableLayout(List.of(new Column("Gang", 311, true), new Column("Reasons", 520, false),
                    new Column("Nodes/Trusted", 64, true)), List.of(new SortKey("Checkpoint", false), new SortKey("Gang", true))))
            .withSplit("gangs/split-0", List.of(0.25)).withSplit("gangs/split-1", List.of(0.5, 0.75));

    @Test
    void everyPartComesBackAsSaved() throws Exception {
        WindowLayoutFile f = new WindowLayoutFile(dir.resolve("config/window.json"));
        f.save(LEFT);
        WindowLayoutFile.Loaded l = f.load();
        assertNull(l.problem());
        assertEquals(LEFT, l.layout());
        assertTrue(Files.readString(f.path()).contains("\"flightdeckLayout\" : 1"), Files.readString(f.path()));
        try (var left = Files.list(f.path().getParent())) {
            assertEquals(List.of(f.path()), left.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void noFileIsNoLayoutAndNoProblem() {
        WindowLayoutFile.Loaded l = new WindowLayoutFile(dir.resolve("window.json")).load();
        assertEquals(WindowLayout.NONE, l.layout());
        assertNull(l.problem());
    }

    @Test
    void aBrokenOrForeignFileIsOneLineAndNoLayout() throws Exception {
        expectProblem("{\"window\": ", "is not valid JSON (line 1)");
        expectProblem("[1, 2]", "is not a Flightdeck window layout");
        expectProblem("{\"theme\": \"dark\", \"clusters\": {}}", "is not a Flightdeck window layout");
        expectProblem("{\"flightdeckLayout\": 7}", "was written by a newer Flightdeck (layout version 7)");
        expectProblem("{\"flightdeckLayout\": \"one\"}", "\"flightdeckLayout\" must be a version number");
        expectProblem("{\"flightdeckLayout\": 1, \"window\": {\"x\": 0, \"y\": 0, \"width\": -5, \"height\": 900}}",
                "window \"width\" must be a number of pixels, not -5");
        expectProblem("{\"flightdeckLayout\": 1, \"window\": {\"x\": 0, \"y\": 0, \"width\": 0, \"height\": 900}}",
                "window \"width\" must be more than 0");
        expectProblem("{\"flightdeckLayout\": 1, \"window\": {\"x\": 0, \"y\": 0, \"width\": 1e9, \"height\": 900}}",
                "window \"width\" must be a number of pixels");
        expectProblem("{\"flightdeckLayout\": 1, \"splits\": {\"nodes/split-0\": [1.5]}}",
                "splitter \"nodes/split-0\": a divider is a fraction from 0 to 1, not 1.5");
        expectProblem("{\"flightdeckLayout\": 1, \"tables\": {\"node-table\": {\"columns\": [{\"id\": \"Node\", \"width\": \"wide\"}]}}}",
                "table \"node-table\" column \"Node\" \"width\" must be a number of pixels, not \"wide\"");
        expectProblem("{\"flightdeckLayout\": 1, \"tables\": {\"node-table\": {\"sort\": [{\"column\": \"Node\", \"order\": \"up\"}]}}}",
                "sort order must be \"ascending\" or \"descending\", not \"up\"");
        expectProblem("{\"flightdeckLayout\": 1, \"lastScreen\": {\"prod\": 3}}", "lastScreen \"prod\" must name a screen");
    }

    private void expectProblem(String content, String words) throws Exception {
        Path p = dir.resolve("window.json");
        Files.writeString(p, content);
        WindowLayoutFile.Loaded l = new WindowLayoutFile(p).load();
        assertEquals(WindowLayout.NONE, l.layout(), content);
        assertTrue(l.problem() != null && l.problem().contains(words), content + " -> " + l.problem());
        assertEquals(1, l.problem().lines().count(), "one line: " + l.problem());
        assertTrue(l.problem().startsWith("window layout " + p), l.problem());
    }

    @Test
    void theLayoutLivesBesideTheSettingsNeverInThem() {
        var dirs = new dev.flightdeck.app.settings.AppDirectories(dir.resolve("cfg"), dir.resolve("data"));
        assertEquals(dirs.settingsFile().getParent(), dirs.windowFile().getParent());
        assertEquals("window.json", dirs.windowFile().getFileName().toString());
    }
}
