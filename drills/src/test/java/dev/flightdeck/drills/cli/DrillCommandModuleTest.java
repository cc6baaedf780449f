package dev.flightdeck.drills.cli;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.cli.CommandModule;
import dev.flightdeck.app.cli.Headless;
import dev.flightdeck.app.launch.LaunchOptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The core's {@code Headless} finds {@code drill} in this module through the service loader, as the packaged app does. */
class DrillCommandModuleTest {

    @Test
    void theCoreFindsTheDrillCommandOnTheClassPath() {
        assertInstanceOf(DrillCommandModule.class, CommandModule.forCommand(LaunchOptions.Command.DRILL).orElseThrow());
        assertTrue(CommandModule.forCommand(LaunchOptions.Command.CHECK).isEmpty(), "the core runs check itself");
    }

    @Test
    void headlessRunsDrillList() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Headless.run(new String[]{"drill", "list"}, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CheckCommand.OK, code, err.toString(StandardCharsets.UTF_8));
        String listed = out.toString(StandardCharsets.UTF_8);
        assertTrue(listed.startsWith("SCENARIO"), listed);
        assertTrue(listed.contains("rank-crash"), listed);
    }
}
